import { useTranslation } from 'react-i18next';
import type { BudgetFigures, PoaSummary } from '@amparo/shared/modules/budget-summary.schema';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { figureColumns, figureTotals } from './figure-columns';

type Row = BudgetFigures & { month: number };

/** The year's figures month by month (the chart's numbers, exact), with the year's totals in the footer. */
export function PoaMonthsTable({ summary, label }: { summary: PoaSummary | undefined; label: string }) {
  const { t } = useTranslation('budget');
  const rows: Row[] | undefined = summary?.total.months.map((m, i) => ({ ...m, month: i + 1 }));
  const columns: DataColumn<Row>[] = [
    {
      id: 'month',
      header: t('budget:planning.grid.month'),
      text: (r) => t(`budget:planning.months.${r.month}`),
      cell: (r) => <span style={{ textTransform: 'capitalize' }}>{t(`budget:planning.months.${r.month}`)}</span>,
    },
    ...figureColumns<Row>(t),
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.month)}
      loadingRows={12}
      minWidth={860}
      summary={[t('budget:summary.total'), ...figureTotals(summary?.total)]}
    />
  );
}
