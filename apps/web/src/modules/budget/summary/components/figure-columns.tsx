import type { TFunction } from 'i18next';
import type { BudgetFigures } from '@amparo/shared/modules/budget-summary.schema';
import { EMPTY } from '../../../../shared/lib/format';
import type { DataColumn } from '../../../../shared/ui/data-table/data-table';
import { Money } from '../../../../shared/ui/format';

/** Executed over planned as shown: '12.5 %', a dash when nothing is planned. */
export const percentText = (value: string | null) => (value === null ? EMPTY : `${value} %`);

/** The POA figures' columns (planned, assigned, committed, executed in Q, and % executed), right-aligned. */
export function figureColumns<T extends BudgetFigures>(t: TFunction): DataColumn<T>[] {
  const money = (id: 'planned' | 'assigned' | 'committed' | 'executed'): DataColumn<T> => ({
    id,
    header: t(`budget:summary.figures.${id}`),
    text: (r) => r[id],
    cell: (r) => <Money value={r[id]} />,
    align: 'right',
    width: 140,
  });
  return [
    money('planned'),
    money('assigned'),
    money('committed'),
    money('executed'),
    {
      id: 'executedPercent',
      header: t('budget:summary.figures.executedPercent'),
      text: (r) => percentText(r.executedPercent),
      align: 'right',
      width: 110,
    },
  ];
}

/** The totals row's cells for `figureColumns`, after the label. */
export function figureTotals(total: BudgetFigures | undefined) {
  if (!total) return [];
  return [
    <Money key="planned" value={total.planned} />,
    <Money key="assigned" value={total.assigned} />,
    <Money key="committed" value={total.committed} />,
    <Money key="executed" value={total.executed} />,
    percentText(total.executedPercent),
  ];
}
