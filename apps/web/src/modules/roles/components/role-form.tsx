import { Button, Group, Paper, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { roleInput } from '@amparo/shared/modules/roles.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { useEditorKeys } from '../../../shared/hooks/use-current-user';
import { PermissionTree } from '../../../shared/ui/permission-tree';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';

export type RoleValues = z.input<typeof roleInput>;

interface RoleFormProps {
  initialValues?: RoleValues;
  onSubmit: (values: RoleValues) => Promise<unknown>;
  saving: boolean;
  /** Why the whole key list is read-only (the Administrador role for someone without every key). */
  lockedReason?: string;
}

export function RoleForm({ initialValues, onSubmit, saving, lockedReason }: RoleFormProps) {
  const { t } = useTranslation('roles');
  const held = useEditorKeys();
  const { form, submitWith } = useZodForm(roleInput, initialValues ?? { slug: '', name: '', permissions: [] });
  const submit = submitWith(onSubmit);

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Paper withBorder p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('roles:fields.name')} withAsterisk {...form.getInputProps('name')} />
            <TextInput
              label={t('roles:fields.slug')}
              description={t('roles:fields.slugHint')}
              withAsterisk
              {...form.getInputProps('slug')}
            />
          </SimpleGrid>
        </Paper>
        <PermissionTree
          legend={t('roles:fields.permissions')}
          value={form.values.permissions}
          onChange={(value) => form.setFieldValue('permissions', value)}
          error={form.errors.permissions}
          held={held}
          lackedReason={t('roles:grants.lacked')}
          lockedReason={lockedReason}
        />
        <Group justify="flex-end">
          <ButtonLink to="/configuration/roles/list" variant="default">
            {t('common:actions.cancel')}
          </ButtonLink>
          <Button type="submit" loading={saving}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
