import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** What the field needs of a Mantine form whose values hold `phones: string[]` (person, linked person, provider). */
interface PhonesForm {
  values: { phones: string[] };
  errors: Record<string, ReactNode>;
  getInputProps: (path: string) => object;
  removeListItem: (path: 'phones', index: number) => void;
  insertListItem: (path: 'phones', item: string) => void;
}

/**
 * Phone numbers: several, each with its own label so it can be found and corrected. `label` titles the group;
 * `max` is the contract's limit on `phones`.
 */
export function PhonesField({ form, label, max }: { form: PhonesForm; label: string; max: number }) {
  const { t } = useTranslation();
  const { phones } = form.values;
  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {label}
      </Text>
      {phones.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('common:phones.none')}
        </Text>
      )}
      {phones.map((_, index) => (
        <Group key={index} align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1, maxWidth: 320 }}
            label={t('common:phones.number', { n: index + 1 })}
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
            aria-label={t('common:phones.remove', { n: index + 1 })}
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
          disabled={phones.length >= max}
          onClick={() => form.insertListItem('phones', '')}
        >
          {t('common:phones.add')}
        </Button>
      </Group>
    </Stack>
  );
}
