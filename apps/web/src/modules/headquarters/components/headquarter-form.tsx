import { Button, Group, Paper, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { headquarterInput } from '@amparo/shared/modules/headquarters.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';

export type HeadquarterValues = z.input<typeof headquarterInput>;

/** Guatemala by default: departments (the `state` field) exist for GT only. */
export const EMPTY_HEADQUARTER: HeadquarterValues = {
  code: '',
  name: '',
  country: 'GT',
  state: '',
  address: '',
  active: true,
};

interface HeadquarterFormProps {
  initialValues: HeadquarterValues;
  onSubmit: (values: HeadquarterValues) => Promise<unknown>;
  saving: boolean;
}

export function HeadquarterForm({ initialValues, onSubmit, saving }: HeadquarterFormProps) {
  const { t } = useTranslation('headquarters');
  const departments = useCatalog('department');
  const { form, submitWith } = useZodForm(headquarterInput, initialValues);
  const submit = submitWith(onSubmit);

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Paper withBorder p="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('headquarters:fields.code')} withAsterisk {...form.getInputProps('code')} />
            <TextInput label={t('headquarters:fields.name')} withAsterisk {...form.getInputProps('name')} />
            <TextInput
              label={t('headquarters:fields.country')}
              description={t('headquarters:fields.countryHint')}
              maxLength={2}
              withAsterisk
              {...form.getInputProps('country')}
            />
            <Select
              label={t('headquarters:fields.state')}
              data={departments.data}
              searchable
              withAsterisk
              nothingFoundMessage={t('common:status.empty')}
              {...form.getInputProps('state')}
            />
          </SimpleGrid>
          <Textarea
            label={t('headquarters:fields.address')}
            autosize
            minRows={2}
            mt="md"
            {...form.getInputProps('address')}
          />
          <Switch
            label={t('headquarters:fields.active')}
            mt="md"
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
        </Paper>
        <Group justify="flex-end">
          <ButtonLink to="/configuration/headquarter/list" variant="default">
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
