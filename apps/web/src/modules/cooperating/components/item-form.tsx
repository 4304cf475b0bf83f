import {
  ActionIcon,
  Button,
  Group,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cooperatingItemInput, MAX_GOALS, type CooperatingItem } from '@amparo/shared/modules/cooperating.schema';
import { useZodForm } from '../../../shared/hooks/use-zod-form';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';

/** A goal as the form holds it: an empty number field is '' until typed. */
interface GoalValues {
  start: number | string;
  end: number | string;
  description: string;
}
export interface ItemValues {
  code: string;
  name: string;
  initialAmount: string;
  goals: GoalValues[];
  [key: string]: unknown;
}

export const EMPTY_ITEM: ItemValues = { code: '', name: '', initialAmount: '', goals: [] };
const EMPTY_GOAL: GoalValues = { start: '', end: '', description: '' };

/** A saved item as the form's values. */
export function toItemValues(item: CooperatingItem): ItemValues {
  return {
    code: item.code,
    name: item.name,
    initialAmount: item.initialAmount,
    goals: item.goals.map((g) => ({ start: g.start, end: g.end, description: g.description })),
  };
}

interface ItemFormProps {
  cooperatingId: string;
  initialValues: ItemValues;
  onSubmit: (values: ItemValues) => Promise<unknown>;
  saving: boolean;
}

/**
 * An item of a cooperating (its budget line, issue 13 section 2) and its goals: ranges of correlatives that do
 * not overlap within the item. The server refuses an initial amount that would take the items past the
 * ceiling (or the item below what is committed) and says by how much, beside the field.
 */
export function ItemForm({ cooperatingId, initialValues, onSubmit, saving }: ItemFormProps) {
  const { t } = useTranslation('cooperating');
  const { form, submitWith } = useZodForm<ItemValues>(cooperatingItemInput, initialValues);
  const submit = submitWith(onSubmit);
  const goals = form.values.goals;

  return (
    <form onSubmit={submit} noValidate aria-label={t('cooperating:items.tableLabel')}>
      <Stack>
        <Paper withBorder p="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={t('cooperating:items.fields.code')} withAsterisk {...form.getInputProps('code')} />
            <TextInput label={t('cooperating:items.fields.name')} withAsterisk {...form.getInputProps('name')} />
            <TextInput
              label={t('cooperating:items.fields.initialAmount')}
              leftSection={t('cooperating:moneyPrefix')}
              inputMode="decimal"
              withAsterisk
              {...form.getInputProps('initialAmount')}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="lg">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('cooperating:goals.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('cooperating:goals.help')}
            </Text>
            {goals.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('cooperating:goals.empty')}
              </Text>
            )}
            {goals.map((_goal, i) => (
              <Group
                key={i}
                align="flex-start"
                gap="sm"
                wrap="wrap"
                role="group"
                aria-label={t('cooperating:goals.number', { number: i + 1 })}
              >
                <NumberInput
                  label={t('cooperating:goals.start')}
                  withAsterisk
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  w={150}
                  {...form.getInputProps(`goals.${i}.start`)}
                />
                <NumberInput
                  label={t('cooperating:goals.end')}
                  withAsterisk
                  min={1}
                  allowDecimal={false}
                  allowNegative={false}
                  w={150}
                  {...form.getInputProps(`goals.${i}.end`)}
                />
                <Textarea
                  label={t('cooperating:goals.description')}
                  withAsterisk
                  autosize
                  minRows={1}
                  style={{ flex: 1, minWidth: 240 }}
                  {...form.getInputProps(`goals.${i}.description`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={t('cooperating:goals.remove', { number: i + 1 })}
                  onClick={() => form.removeListItem('goals', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            ))}
            {typeof form.errors.goals === 'string' && (
              <Text size="sm" c="red">
                {form.errors.goals}
              </Text>
            )}
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              style={{ alignSelf: 'flex-start' }}
              disabled={goals.length >= MAX_GOALS}
              onClick={() => form.insertListItem('goals', { ...EMPTY_GOAL })}
            >
              {t('cooperating:goals.add')}
            </Button>
          </Stack>
        </Paper>
        <Group justify="flex-end">
          <ButtonLink to="/configuration/cooperating/$id/items" params={{ id: cooperatingId }} variant="default">
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
