import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** At most five numbers (the contracts' `phones` limit). */
const MAX_PHONES = 5;

/** What the field needs of a Mantine form whose values hold `phones: string[]` (person and linked-person forms). */
interface PhonesForm {
  values: { phones: string[] };
  errors: Record<string, ReactNode>;
  getInputProps: (path: string) => object;
  removeListItem: (path: 'phones', index: number) => void;
  insertListItem: (path: 'phones', item: string) => void;
}

/** Phone numbers: several, each with its own label so it can be found and corrected. */
export function PhonesField({ form }: { form: PhonesForm }) {
  const { t } = useTranslation('population');
  const { phones } = form.values;
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('fields.phones')}
      </Text>
      {phones.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('empty.phones')}
        </Text>
      )}
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
      {form.errors.phones && (
        <Text size="xs" c="red">
          {form.errors.phones}
        </Text>
      )}
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
