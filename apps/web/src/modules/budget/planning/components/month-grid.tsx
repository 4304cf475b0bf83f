import { Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/lib/format';
import { Grid } from '../../../../shared/ui/grid';
import { MoneyInput } from '../../../../shared/ui/money-input';
import { formatQuantity, sumTyped } from '../lib/month-totals';
import type { PlanningForm } from './planning-values';

/**
 * The line's 12 months, a row each: the goal (a quantity in the line's unit)
 * and the amount in Q, with the year's totals under them worked out exactly
 * (decimal.js) as the user types. Every input is labelled with its month
 * ('Monto enero'); a server's refusal of one month lands beside it.
 */
export function MonthGrid({ form }: { form: PlanningForm }) {
  const { t } = useTranslation('budget');
  const { months, goalUnit } = form.values;
  const unit = goalUnit.trim();
  const totalGoal = sumTyped(months.map((m) => m.goal));
  const totalAmount = sumTyped(months.map((m) => m.amount));
  const monthName = (m: { month: number }) => t(`budget:planning.months.${m.month}`);

  return (
    <>
      <Grid
        label={t('budget:planning.grid.label')}
        rows={months}
        rowKey={(m) => m.month}
        style={{ tableLayout: 'fixed' }}
        rowHeader={{
          header: t('budget:planning.grid.month'),
          cell: monthName,
          width: 130,
          style: { textTransform: 'capitalize', fontWeight: 500 },
        }}
        columns={[
          {
            id: 'goal',
            header: unit ? t('budget:planning.grid.goal', { unit }) : t('budget:planning.grid.goalNoUnit'),
            cell: (m, i) => (
              <TextInput
                aria-label={t('budget:planning.grid.goalOf', { month: monthName(m) })}
                inputMode="decimal"
                placeholder="0"
                size="sm"
                {...form.getInputProps(`months.${i}.goal`)}
              />
            ),
            footer: `${formatQuantity(totalGoal)}${unit ? ` ${unit}` : ''}`,
            footerProps: { 'data-testid': 'total-goal', 'aria-live': 'polite' },
          },
          {
            id: 'amount',
            header: t('budget:planning.grid.amount'),
            cell: (m, i) => (
              <MoneyInput
                aria-label={t('budget:planning.grid.amountOf', { month: monthName(m) })}
                size="sm"
                {...form.getInputProps(`months.${i}.amount`)}
              />
            ),
            footer: formatMoney(totalAmount),
            footerProps: { 'data-testid': 'total-amount', 'aria-live': 'polite' },
          },
        ]}
        footerLabel={t('budget:planning.grid.total')}
      />
      <Text size="xs" c="dimmed" mt="xs">
        {t('budget:planning.grid.help')}
      </Text>
    </>
  );
}
