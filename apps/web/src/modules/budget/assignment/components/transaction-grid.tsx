import { Table, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { LineAssignment } from '@amparo/shared/modules/assignment.schema';
import { money, moneyString, sumMoney, type Money as Amount } from '@amparo/shared/money';
import { formatMoney } from '../../../../shared/lib/format';
import { typedAmount, typedTotal, type TransactionValues } from '../lib/transaction-form';
import { useMonthNames } from '../lib/months';
import type { CellItem } from './cell-page';
import { MoneyInput } from '../../../../shared/ui/money-input';

interface TransactionGridProps {
  form: UseFormReturnType<TransactionValues>;
  data: LineAssignment;
  item: CellItem;
  /** Told which month's amount has the focus (the availability panel follows it). */
  onActiveMonth: (month: number) => void;
}

/** An amount shown in red when it is below zero (a limit the server will refuse). */
function Signed({ value }: { value: Amount }) {
  return (
    <Text
      span
      size="sm"
      c={value.isNegative() ? 'var(--mantine-color-error)' : undefined}
      style={{ whiteSpace: 'nowrap' }}
    >
      {formatMoney(moneyString(value))}
    </Text>
  );
}

/**
 * The 12 months of a transaction: per month what is still to assign of the line (planned − assigned), what
 * this item pays of it, the amount typed ('' = no change; labelled 'Monto de marzo')
 * and what would follow: for an increase what is left to assign of the month, for a decrease what the item would
 * still pay. Totals are exact (decimal.js) and follow the typing.
 */
export function TransactionGrid({ form, data, item, onActiveMonth }: TransactionGridProps) {
  const { t } = useTranslation('budget');
  const { name } = useMonthNames();
  const increase = form.values.type === 'increase';
  const afterOf = (i: number) => {
    const typed = typedAmount(form.values.amounts[i] ?? '') ?? money(0);
    const base = increase ? data.months[i]!.unassigned : item.months[i]!.assigned;
    return money(base).minus(typed);
  };
  const total = typedTotal(form.values.amounts);
  const afterTotal = sumMoney(data.months.map((_, i) => afterOf(i)));
  const itemPays = sumMoney(item.months.map((m) => m.assigned));

  return (
    <Table.ScrollContainer minWidth={600}>
      <Table aria-label={t('budget:assignment.grid.label')} verticalSpacing={4} style={{ tableLayout: 'fixed' }}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={110}>{t('budget:assignment.grid.month')}</Table.Th>
            <Table.Th ta="right">{t('budget:assignment.grid.toAssign')}</Table.Th>
            <Table.Th ta="right">{t('budget:assignment.grid.itemPays')}</Table.Th>
            <Table.Th w={200}>{t('budget:assignment.grid.amount')}</Table.Th>
            <Table.Th ta="right">
              {increase ? t('budget:assignment.grid.toAssignAfter') : t('budget:assignment.grid.itemPaysAfter')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.months.map((m, i) => {
            const input = form.getInputProps(`amounts.${i}`);
            return (
              <Table.Tr key={m.month} data-month={m.month}>
                <Table.Th scope="row" fw={500} style={{ textTransform: 'capitalize' }}>
                  {name(m.month)}
                </Table.Th>
                <Table.Td ta="right">{formatMoney(m.unassigned)}</Table.Td>
                <Table.Td ta="right">{formatMoney(item.months[i]!.assigned)}</Table.Td>
                <Table.Td>
                  <MoneyInput
                    aria-label={t('budget:assignment.grid.amountOf', { month: name(m.month) })}
                    size="sm"
                    {...input}
                    onFocus={(e) => {
                      (input.onFocus as ((e: React.FocusEvent) => void) | undefined)?.(e);
                      onActiveMonth(m.month);
                    }}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  <Signed value={afterOf(i)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('budget:assignment.matrix.total')}</Table.Th>
            <Table.Td ta="right" fw={600}>
              {formatMoney(data.total.unassigned)}
            </Table.Td>
            <Table.Td ta="right" fw={600}>
              {formatMoney(moneyString(itemPays))}
            </Table.Td>
            <Table.Td fw={600} data-testid="typed-total" aria-live="polite">
              {formatMoney(moneyString(total))}
            </Table.Td>
            <Table.Td ta="right" fw={600}>
              <Signed value={afterTotal} />
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}
