import { Table, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../shared/lib/format';
import { formatQuantity, sumTyped } from '../lib/month-totals';
import type { PlanningForm } from './planning-values';
import { MoneyInput } from '../../../shared/ui/money-input';

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

  return (
    <Table.ScrollContainer minWidth={420}>
      <Table aria-label={t('budget:planning.grid.label')} verticalSpacing={4} style={{ tableLayout: 'fixed' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={130}>{t('budget:planning.grid.month')}</Table.Th>
            <Table.Th>
              {unit ? t('budget:planning.grid.goal', { unit }) : t('budget:planning.grid.goalNoUnit')}
            </Table.Th>
            <Table.Th>{t('budget:planning.grid.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {months.map((m, i) => {
            const month = t(`budget:planning.months.${m.month}`);
            return (
              <Table.Tr key={m.month}>
                <Table.Th scope="row" fw={500} style={{ textTransform: 'capitalize' }}>
                  {month}
                </Table.Th>
                <Table.Td>
                  <TextInput
                    aria-label={t('budget:planning.grid.goalOf', { month })}
                    inputMode="decimal"
                    placeholder="0"
                    size="sm"
                    {...form.getInputProps(`months.${i}.goal`)}
                  />
                </Table.Td>
                <Table.Td>
                  <MoneyInput
                    aria-label={t('budget:planning.grid.amountOf', { month })}
                    size="sm"
                    {...form.getInputProps(`months.${i}.amount`)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('budget:planning.grid.total')}</Table.Th>
            <Table.Td fw={600} data-testid="total-goal" aria-live="polite">
              {formatQuantity(totalGoal)}
              {unit && ` ${unit}`}
            </Table.Td>
            <Table.Td fw={600} data-testid="total-amount" aria-live="polite">
              {formatMoney(totalAmount)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      <Text size="xs" c="dimmed" mt="xs">
        {t('budget:planning.grid.help')}
      </Text>
    </Table.ScrollContainer>
  );
}
