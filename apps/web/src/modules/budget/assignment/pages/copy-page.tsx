import { Button, Group, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { assignmentCopyInput } from '@amparo/shared/modules/assignment.schema';
import { money } from '@amparo/shared/money';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { Grid } from '../../../../shared/ui/grid';
import { formatMoney } from '../../../../shared/lib/format';
import { notifySuccess } from '../../../../shared/lib/notify';
import { ButtonLink } from '../../../../shared/ui/router-links/button-link';
import { useAssignmentCopy } from '../api';
import { CellPage, useCell, type CellItem } from '../components/cell-page';
import { ItemPicker } from '../components/item-picker';
import { MonthSelect } from '../components/month-select';
import { useMonthNames } from '../lib/months';

interface CopyValues {
  targetItemId: string | null;
  fromMonth: number | null;
  toMonth: number | null;
  /** null: the same months. */
  targetFromMonth: number | null;
  reason: string;
  [key: string]: unknown;
}

const EMPTY: CopyValues = { targetItemId: null, fromMonth: 1, toMonth: 12, targetFromMonth: null, reason: '' };

const toBody = (v: CopyValues) => ({ ...v, targetFromMonth: v.targetFromMonth ?? undefined });

/**
 * Copy (`/budget/assignment/$expense/copy/$cooperatingItem`, key `asignacion`; issue 13 section 4): what this item
 * pays of the line in a range of months is assigned again to another item (or to other months), from a target
 * start month; the item keeps its own assignment. A preview lists what would be copied where.
 */
export function AssignmentCopyPage() {
  const { t } = useTranslation('budget');
  const { expense, cooperatingItem } = useParams({ from: '/app/budget/assignment/$expense/copy/$cooperatingItem' });
  const cell = useCell(expense, cooperatingItem);
  return (
    <CellPage cell={cell} lineId={expense} title={(item) => t('budget:assignment.copy.title', { item })}>
      {(_data, item) => <CopyForm lineId={expense} item={item} />}
    </CellPage>
  );
}

function CopyForm({ lineId, item }: { lineId: string; item: CellItem }) {
  const { t } = useTranslation('budget');
  const { name } = useMonthNames();
  const navigate = useNavigate();
  const copy = useAssignmentCopy(lineId, item.itemId);
  const { form, submitWith } = useZodForm<CopyValues>(assignmentCopyInput, EMPTY, {
    toInput: toBody,
    validate: (values, errors) => {
      if (!values.targetItemId) errors.targetItemId = t('errors:field.required');
      return errors;
    },
  });
  const { fromMonth, toMonth, targetFromMonth } = form.values;
  const shift = fromMonth && targetFromMonth ? targetFromMonth - fromMonth : 0;
  const copied =
    fromMonth && toMonth
      ? item.months
          .map((m, i) => ({ month: i + 1, amount: m.assigned }))
          .filter((m) => m.month >= fromMonth && m.month <= toMonth && money(m.amount).greaterThan(0))
      : [];

  const submit = submitWith(async (values) => {
    await copy.mutateAsync(assignmentCopyInput.parse(toBody(values)));
    notifySuccess(t('budget:assignment.copy.done'));
    await navigate({ to: '/budget/assignment/$expense', params: { expense: lineId } });
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('budget:assignment.copy.formLabel')}>
      <Stack gap="md">
        <Paper withBorder p="md">
          <Stack gap="sm">
            <ItemPicker
              label={t('budget:assignment.fields.targetItem')}
              placeholder={t('budget:assignment.picker.placeholder')}
              withAsterisk
              value={form.values.targetItemId}
              error={form.errors.targetItemId}
              onChange={(id) => form.setFieldValue('targetItemId', id)}
            />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <MonthSelect
                label={t('budget:assignment.fields.fromMonth')}
                withAsterisk
                {...form.getInputProps('fromMonth')}
              />
              <MonthSelect
                label={t('budget:assignment.fields.toMonth')}
                withAsterisk
                {...form.getInputProps('toMonth')}
              />
              <MonthSelect
                label={t('budget:assignment.fields.targetFromMonth')}
                placeholder={t('budget:assignment.copy.sameMonths')}
                clearable
                allowDeselect
                {...form.getInputProps('targetFromMonth')}
              />
            </SimpleGrid>
            <Textarea
              label={t('budget:assignment.fields.reason')}
              autosize
              minRows={2}
              withAsterisk
              {...form.getInputProps('reason')}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" aria-live="polite">
          <Text fw={500} mb="xs">
            {t('budget:assignment.copy.preview')}
          </Text>
          {copied.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('budget:assignment.copy.nothing')}
            </Text>
          ) : (
            <Grid
              label={t('budget:assignment.copy.preview')}
              rows={copied}
              rowKey={(m) => m.month}
              minWidth={0}
              rowHeader={{
                header: t('budget:assignment.copy.source'),
                cell: (m) => name(m.month),
                style: { textTransform: 'capitalize', fontWeight: 400 },
              }}
              columns={[
                {
                  id: 'amount',
                  header: t('budget:assignment.fields.amount'),
                  align: 'right',
                  cell: (m) => formatMoney(m.amount),
                },
                {
                  id: 'target',
                  header: t('budget:assignment.copy.target'),
                  cell: (m) => (
                    <span style={{ textTransform: 'capitalize' }}>
                      {m.month + shift >= 1 && m.month + shift <= 12
                        ? name(m.month + shift)
                        : t('budget:assignment.copy.pastDecember')}
                    </span>
                  ),
                },
              ]}
            />
          )}
        </Paper>
        <Group justify="flex-end">
          <ButtonLink to="/budget/assignment/$expense" params={{ expense: lineId }} variant="default">
            {t('common:actions.cancel')}
          </ButtonLink>
          <Button type="submit" loading={copy.isPending}>
            {t('budget:assignment.copy.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
