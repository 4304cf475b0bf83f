import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { userCreate, userUpdate } from '@amparo/shared/modules/users.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { useEditorKeys } from '../../../shared/hooks/use-current-user';
import { useAppInfo } from '../../../shared/hooks/use-app-info';
import { PasswordStrength } from '../../../shared/ui/password-strength';
import { PermissionTree } from '../../../shared/ui/permission-tree';
import { useRoleOptions } from '../api/queries';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { PasswordField } from '../../../shared/ui/password-field';

/** Create values; editing uses the same minus username and password, plus the reason of an e-mail change. */
export type UserValues = z.input<typeof userCreate> & { emailReason?: string | null };

/**
 * Who may change the e-mail on this form (issue 23 item 1): `self` (never here: My account), `owner` (only its
 * owner, the field is read-only), `correction` (the user has never signed in), `administrator` (the Administrador
 * role, with a reason).
 */
export type EmailRule = 'self' | 'owner' | 'correction' | 'administrator';

export const EMPTY_USER: UserValues = {
  username: '',
  password: '',
  fullName: '',
  email: '',
  phone: '',
  nit: '',
  roleId: null,
  responsibility: '',
  workgroup: '',
  active: true,
  extraPermissions: [],
};

const editSchema = userUpdate.omit({ version: true });

interface UserFormProps {
  mode: 'create' | 'edit';
  initialValues: UserValues;
  onSubmit: (values: UserValues) => Promise<unknown>;
  saving: boolean;
  /** The form edits the signed-in user: role, extra permissions, active flag and e-mail are locked (issue 9 item 1). */
  self?: boolean;
  /** Editing: who may change the e-mail (issue 23 item 1). */
  emailRule?: EmailRule;
}

export function UserForm({ mode, initialValues, onSubmit, saving, self = false, emailRule }: UserFormProps) {
  const { t } = useTranslation('users');
  const held = useEditorKeys();
  const ownReason = self ? t('users:grants.ownAccount') : undefined;
  const roles = useRoleOptions();
  const { form, submitWith } = useZodForm<UserValues>(mode === 'create' ? userCreate : editSchema, initialValues);
  const submit = submitWith(onSubmit);
  const rule: EmailRule | null = self ? 'self' : mode === 'edit' ? (emailRule ?? 'owner') : null;
  const emailHint = rule && rule !== 'administrator' ? t(`users:emailRule.${rule}`) : undefined;
  // Loaded by the shell (test banner) before any page.
  const guardHours = useAppInfo().data?.emailChangeGuardHours;
  const emailChanged = form.values.email.trim().toLowerCase() !== initialValues.email.trim().toLowerCase();

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Paper withBorder p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {mode === 'create' && (
              <TextInput
                label={t('users:fields.username')}
                autoComplete="off"
                withAsterisk
                {...form.getInputProps('username')}
              />
            )}
            <TextInput label={t('users:fields.fullName')} withAsterisk {...form.getInputProps('fullName')} />
            <TextInput
              label={t('users:fields.email')}
              type="email"
              withAsterisk
              disabled={rule === 'self' || rule === 'owner'}
              description={emailHint}
              {...form.getInputProps('email')}
            />
            {rule === 'administrator' && emailChanged && (
              <Textarea
                label={t('users:fields.emailReason')}
                description={t('users:emailRule.administrator', { hours: guardHours })}
                withAsterisk
                autosize
                minRows={2}
                {...form.getInputProps('emailReason')}
              />
            )}
            <TextInput label={t('users:fields.phone')} type="tel" {...form.getInputProps('phone')} />
            <TextInput label={t('users:fields.nit')} {...form.getInputProps('nit')} />
            <Select
              label={t('users:fields.role')}
              data={roles.options}
              clearable
              searchable
              placeholder={t('users:fields.noRole')}
              // GET roles needs configuracion_roles; without it the picker cannot be filled.
              description={roles.isError ? t('users:rolesUnavailable') : (ownReason ?? t('users:grants.roleHint'))}
              disabled={roles.isError || self}
              nothingFoundMessage={t('common:status.empty')}
              {...form.getInputProps('roleId')}
            />
            <TextInput label={t('users:fields.responsibility')} {...form.getInputProps('responsibility')} />
            <TextInput label={t('users:fields.workgroup')} {...form.getInputProps('workgroup')} />
            {mode === 'create' && (
              <Stack gap="xs">
                <PasswordField
                  label={t('users:fields.password')}
                  autoComplete="new-password"
                  withAsterisk
                  {...form.getInputProps('password')}
                />
                <PasswordStrength value={form.values.password} />
              </Stack>
            )}
            <Switch
              label={t('users:fields.active')}
              mt="md"
              disabled={self}
              description={ownReason}
              {...form.getInputProps('active', { type: 'checkbox' })}
            />
          </SimpleGrid>
        </Paper>
        <PermissionTree
          legend={t('users:fields.extraPermissions')}
          value={form.values.extraPermissions}
          onChange={(value) => form.setFieldValue('extraPermissions', value)}
          error={form.errors.extraPermissions}
          held={held}
          lackedReason={t('users:grants.lacked')}
          lockedReason={ownReason}
        />
        <Group justify="flex-end">
          <ButtonLink to="/configuration/users/list" variant="default">
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
