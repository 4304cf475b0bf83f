import { Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { LineAssignment } from '@amparo/shared/modules/assignment.schema';
import { money, moneyString, sumMoney, type Money as Amount } from '@amparo/shared/money';
import { formatMoney } from '../../../../shared/lib/format';
import { typedAmount, typedTotal, type TransactionValues } from '../lib/transaction-form';
import { useMonthNames } from '../lib/months';
import type { CellItem } from './cell-page';
import { Grid } from '../../../../shared/ui/grid';
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
    <Grid
      label={t('budget:assignment.grid.label')}
      rows={data.months}
      rowKey={(m) => m.month}
      rowProps={(m) => ({ 'data-month': m.month })}
      minWidth={600}
      style={{ tableLayout: 'fixed' }}
      rowHeader={{
        header: t('budget:assignment.grid.month'),
        cell: (m) => name(m.month),
        width: 110,
        style: { textTransform: 'capitalize', fontWeight: 500 },
      }}
      columns={[
        {
          id: 'toAssign',
          header: t('budget:assignment.grid.toAssign'),
          align: 'right',
          cell: (m) => formatMoney(m.unassigned),
          footer: formatMoney(data.total.unassigned),
        },
        {
          id: 'itemPays',
          header: t('budget:assignment.grid.itemPays'),
          align: 'right',
          cell: (_, i) => formatMoney(item.months[i]!.assigned),
          footer: formatMoney(moneyString(itemPays)),
        },
        {
          id: 'amount',
          header: t('budget:assignment.grid.amount'),
          width: 200,
          cell: (m, i) => {
            const input = form.getInputProps(`amounts.${i}`);
            return (
              <MoneyInput
                aria-label={t('budget:assignment.grid.amountOf', { month: name(m.month) })}
                size="sm"
                {...input}
                onFocus={(e) => {
                  (input.onFocus as ((e: React.FocusEvent) => void) | undefined)?.(e);
                  onActiveMonth(m.month);
                }}
              />
            );
          },
          footer: formatMoney(moneyString(total)),
          footerProps: { 'data-testid': 'typed-total', 'aria-live': 'polite' },
        },
        {
          id: 'after',
          header: increase ? t('budget:assignment.grid.toAssignAfter') : t('budget:assignment.grid.itemPaysAfter'),
          align: 'right',
          cell: (_, i) => <Signed value={afterOf(i)} />,
          footer: <Signed value={afterTotal} />,
        },
      ]}
      footerLabel={t('budget:assignment.matrix.total')}
    />
  );
}
