import { useTranslation } from 'react-i18next';
import type { BudgetFigures, PoaSummary } from '@amparo/shared/modules/budget-summary.schema';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { usePlanningOptions } from '../../shared/options';
import { figureColumns, figureTotals } from './figure-columns';

/** A row of the table: an axis, or one of its programs (shown under it, indented). */
type Row = BudgetFigures & { kind: 'axis' | 'program'; code: string; programs?: Row[] };

/**
 * The POA summary by strategic axis and, under each, its programs (labelled 'code - name' from the catalogs,
 * deactivated ones too): planned, assigned, committed and executed (Q) and % executed, with the year's totals
 * in the footer.
 */
export function PoaTable({ summary, label }: { summary: PoaSummary | undefined; label: string }) {
  const { t } = useTranslation('budget');
  const axes = usePlanningOptions('strategic_axis');
  const programs = usePlanningOptions('program');
  const rows: Row[] | undefined = summary?.axes.map((a) => ({
    ...a,
    kind: 'axis',
    programs: a.programs.map((p) => ({ ...p, kind: 'program' })),
  }));
  const columns: DataColumn<Row>[] = [
    {
      id: 'name',
      header: t('budget:summary.poa.axisProgram'),
      text: (r) => (r.kind === 'axis' ? axes.labelOf(r.code) : programs.labelOf(r.code)),
      truncate: true,
      strong: true,
    },
    ...figureColumns<Row>(t),
  ];
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.kind}:${r.code}`}
      subRows={(r) => r.programs ?? []}
      rowAttributes={(r) => ({ 'data-kind': r.kind })}
      minWidth={960}
      empty={t('budget:summary.poa.empty', { year: summary?.year })}
      summary={[t('budget:summary.total'), ...figureTotals(summary?.total)]}
    />
  );
}
