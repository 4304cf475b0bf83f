import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CatalogSelect } from './catalog-select';
import type { PersonFormApi } from './person-form-values';

/** The contract accepts up to five phone numbers. */
const MAX_PHONES = 5;

export function PersonFormHealth({ form }: { form: PersonFormApi }) {
  const { t } = useTranslation('population');
  return (
    <>
      <NumberInput
        label={t('fields.weightLbs')}
        min={0}
        max={800}
        decimalScale={2}
        allowNegative={false}
        {...form.getInputProps('weightLbs')}
      />
      <NumberInput
        label={t('fields.heightM')}
        min={0}
        max={3}
        step={0.01}
        decimalScale={2}
        allowNegative={false}
        {...form.getInputProps('heightM')}
      />
      <CatalogSelect catalog="blood_type" label={t('fields.bloodType')} {...form.getInputProps('bloodType')} />
    </>
  );
}

/** Phone numbers: several, each with its own label so it can be found and corrected. */
export function PersonFormPhones({ form }: { form: PersonFormApi }) {
  const { t } = useTranslation('population');
  const { phones } = form.values;
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">{t('fields.phones')}</Text>
      {phones.length === 0 && <Text size="sm" c="dimmed">{t('empty.phones')}</Text>}
      {phones.map((_, index) => (
        <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1, maxWidth: 320 }}
            label={t('fields.phone_n', { n: index + 1 })}
            type="tel"
            inputMode="tel"
            maxLength={20}
            {...form.getInputProps(`phones.${index}`)}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mb={form.errors[`phones.${index}`] ? 22 : 2}
            aria-label={t('actions.remove_phone', { n: index + 1 })}
            onClick={() => form.removeListItem('phones', index)}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {form.errors.phones && <Text size="xs" c="red">{form.errors.phones}</Text>}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} />}
          disabled={phones.length >= MAX_PHONES}
          onClick={() => form.insertListItem('phones', '')}
        >
          {t('actions.add_phone')}
        </Button>
      </Group>
    </Stack>
  );
}
