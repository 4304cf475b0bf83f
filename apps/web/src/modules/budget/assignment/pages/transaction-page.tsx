import { useState } from 'react';
import { Alert, Button, Grid, Group, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ASSIGNMENT_TYPES, type LineAssignment } from '@amparo/shared/modules/assignment.schema';
import { money, moneyString } from '@amparo/shared/money';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { focusFirstError } from '../../../../shared/lib/error-focus';
import { formatMoney } from '../../../../shared/lib/format';
import { notifySuccess } from '../../../../shared/lib/notify';
import { ButtonLink } from '../../../../shared/ui/router-links/button-link';
import { useAssignmentTransaction } from '../api';
import { AvailabilityPanel } from '../components/availability';
import { CellPage, useCell, type CellItem } from '../components/cell-page';
import { TransactionGrid } from '../components/transaction-grid';
import {
  EMPTY_TRANSACTION,
  placeTransactionErrors,
  toTransactionMonths,
  transactionFormSchema,
  typedTotal,
} from '../lib/transaction-form';

/**
 * An assignment transaction (`/budget/assignment/$expense/transaction/$cooperatingItem`, key
 * `asignacion_transacciones`; issue 13 section 4): increase or decrease what the item pays of the line, month by
 * month, with a reason; all months or none. A refused month says its limit and excess under its amount; the
 * item's own limit shows above the form.
 */
export function AssignmentTransactionPage() {
  const { t } = useTranslation('budget');
  const { expense, cooperatingItem } = useParams({
    from: '/app/budget/assignment/$expense/transaction/$cooperatingItem',
  });
  const cell = useCell(expense, cooperatingItem);
  return (
    <CellPage cell={cell} lineId={expense} title={(item) => t('budget:assignment.transaction.title', { item })}>
      {(data, item) => <TransactionForm lineId={expense} data={data} item={item} />}
    </CellPage>
  );
}

function TransactionForm({ lineId, data, item }: { lineId: string; data: LineAssignment; item: CellItem }) {
  const { t } = useTranslation('budget');
  const navigate = useNavigate();
  const save = useAssignmentTransaction(lineId, item.itemId);
  const { form } = useZodForm(transactionFormSchema, EMPTY_TRANSACTION);
  const [top, setTop] = useState<string[]>([]);
  const [activeMonth, setActiveMonth] = useState<number | null>(null);
  const increase = form.values.type === 'increase';
  const total = typedTotal(form.values.amounts);

  const submit = form.onSubmit(async (values) => {
    const months = toTransactionMonths(values.amounts);
    setTop([]);
    try {
      await save.mutateAsync({ type: values.type, reason: values.reason.trim(), months });
      notifySuccess(t('budget:assignment.transaction.saved'));
      await navigate({ to: '/budget/assignment/$expense', params: { expense: lineId } });
    } catch (error) {
      const placed = placeTransactionErrors(error, months, t);
      form.setErrors(placed.fields);
      setTop(placed.top);
      focusFirstError();
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label={t('budget:assignment.transaction.formLabel')}>
      <Stack gap="md">
        {top.length > 0 && (
          <Alert color="red" title={t('budget:assignment.transaction.refused')} data-testid="transaction-errors">
            {top.map((message) => (
              <Text key={message} size="sm">
                {message}
              </Text>
            ))}
          </Alert>
        )}
        <Group align="flex-end" gap="md" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="transaction-type">
              {t('budget:assignment.fields.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="transaction-type"
              data={ASSIGNMENT_TYPES.map((value) => ({ value, label: t(`budget:assignment.types.${value}`) }))}
              {...form.getInputProps('type')}
            />
          </Stack>
          <Text size="sm" c="dimmed" maw={520}>
            {increase
              ? t('budget:assignment.transaction.increaseHelp')
              : t('budget:assignment.transaction.decreaseHelp')}
          </Text>
        </Group>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 8 }}>
            <Paper withBorder p="sm">
              <TransactionGrid form={form} data={data} item={item} onActiveMonth={setActiveMonth} />
              {typeof form.errors.amounts === 'string' && (
                <Text size="sm" c="var(--mantine-color-error)" mt="xs" role="alert">
                  {form.errors.amounts}
                </Text>
              )}
            </Paper>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            {/* Stays in view beside the months while the user types in the lower ones. */}
            <Stack gap="md" style={{ position: 'sticky', top: 'calc(var(--app-shell-header-height, 60px) + 16px)' }}>
              <Paper withBorder p="sm" aria-live="polite" data-testid="transaction-summary">
                <Text size="sm">
                  {t('budget:assignment.transaction.total', { amount: formatMoney(moneyString(total)) })}
                </Text>
                {increase && (
                  <Text
                    size="sm"
                    c={money(item.itemUnassigned).lessThan(total) ? 'var(--mantine-color-error)' : undefined}
                  >
                    {t('budget:assignment.transaction.itemAfter', {
                      amount: formatMoney(moneyString(money(item.itemUnassigned).minus(total))),
                    })}
                  </Text>
                )}
              </Paper>
              <AvailabilityPanel
                lineId={lineId}
                itemId={item.itemId}
                month={activeMonth}
                amount={activeMonth ? form.values.amounts[activeMonth - 1] : ''}
              />
            </Stack>
          </Grid.Col>
        </Grid>
        <Textarea
          label={t('budget:assignment.fields.reason')}
          autosize
          minRows={2}
          withAsterisk
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <ButtonLink to="/budget/assignment/$expense" params={{ expense: lineId }} variant="default">
            {t('common:actions.cancel')}
          </ButtonLink>
          <Button type="submit" loading={save.isPending}>
            {increase
              ? t('budget:assignment.transaction.submitIncrease')
              : t('budget:assignment.transaction.submitDecrease')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
