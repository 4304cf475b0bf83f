import type { z } from 'zod';
import { todayInGuatemala } from '@amparo/shared/format';
import { MONTHS, type planningExportQuery } from '@amparo/shared/modules/budget.schema';
import { money, sumMoney, type Money } from '@amparo/shared/money';
import type { Db } from '../../../db/client.ts';
import type { UserActor } from '../../../lib/actor.ts';
import type { Content } from '../../../lib/content.ts';
import { writeAudit } from '../../../lib/audit.ts';
import { nextBatch, xlsxExport } from '../../../lib/xlsx-export.ts';
import { catalogLabels } from '../../catalogs/catalogs.service.ts';
import * as repo from './planning.repository.ts';

const BATCH = 500;
/** Excel's format for the amount cells: thousands grouped, always two decimals. */
const AMOUNT_FORMAT = '#,##0.00';

/** Column headers per language (the export is a file for people, not an API). */
const TEXT = {
  es: {
    sheet: 'POA',
    year: 'Año',
    strategicAxis: 'Eje estratégico',
    program: 'Programa',
    expenseType: 'Tipo de gasto',
    description: 'Descripción',
    responsible: 'Responsable',
    headquarter: 'Sede',
    total: 'Total',
    totals: 'Totales',
    months: ['Ene', 'Feb', 'Mar', 'Abr', 'May', 'Jun', 'Jul', 'Ago', 'Sep', 'Oct', 'Nov', 'Dic'],
  },
  en: {
    sheet: 'POA',
    year: 'Year',
    strategicAxis: 'Strategic axis',
    program: 'Program',
    expenseType: 'Expense type',
    description: 'Description',
    responsible: 'Responsible',
    headquarter: 'Headquarter',
    total: 'Total',
    totals: 'Totals',
    months: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  },
} as const;

const TEXT_COLUMNS = [
  'year',
  'strategicAxis',
  'program',
  'expenseType',
  'description',
  'responsible',
  'headquarter',
] as const;
const WIDTHS: Record<(typeof TEXT_COLUMNS)[number], number> = {
  year: 8,
  strategicAxis: 24,
  program: 24,
  expenseType: 20,
  description: 50,
  responsible: 24,
  headquarter: 20,
};
const monthKey = (month: number) => `m${month}`;

/**
 * An amount as an xlsx cell: a number, so the sheet can add it up. The value
 * is the exact decimal (at most two decimals, at most 12 digits before the
 * point) read as the nearest double, which is what Excel stores for it.
 */
const cell = (amount: Money) => amount.toNumber();

/**
 * Streams the plan's lines matching the list's filters (every page, in the
 * list's sort) as an xlsx sheet in `q.lang`: year, strategic axis, program,
 * expense type (catalog names, deactivated items too), description,
 * responsible, headquarter, the 12 monthly amounts and the line's total in Q
 * as numbers formatted '#,##0.00', then a bold totals row (per month and
 * overall, summed exactly with decimal.js over the rows written). The row
 * count (lines, without the totals row) goes first in `x-export-rows`.
 * Audited (action `export`, entity `planning_line`) with the filters and count.
 */
export async function exportLines(
  db: Db,
  actor: UserActor,
  q: z.output<typeof planningExportQuery>,
  log: { error(details: object, message: string): void },
): Promise<Content> {
  const where = repo.listWhere(q);
  const total = await repo.countLines(db, where);
  const text = TEXT[q.lang];
  const [axes, programs, types] = await Promise.all([
    catalogLabels(db, 'strategic_axis', q.lang),
    catalogLabels(db, 'program', q.lang),
    catalogLabels(db, 'expense_type', q.lang),
  ]);
  await writeAudit(db, actor, {
    action: 'export',
    entity: 'planning_line',
    entityId: 'planning',
    changes: { export: { before: null, after: { filters: { ...q }, rows: total } } },
  });

  const label = (labels: Map<string, string>, code: string) => {
    const name = labels.get(code);
    return name ? `${code} - ${name}` : code;
  };
  return xlsxExport({
    filename: `poa-${todayInGuatemala()}.xlsx`,
    rows: total,
    sheet: {
      name: text.sheet,
      columns: [
        ...TEXT_COLUMNS.map((k) => ({ header: text[k], key: k, width: WIDTHS[k] })),
        ...MONTHS.map((m) => ({ header: text.months[m - 1]!, key: monthKey(m), width: 14, numFmt: AMOUNT_FORMAT })),
        { header: text.total, key: 'total', width: 16, numFmt: AMOUNT_FORMAT },
      ],
    },
    log,
    fill: async (addRow) => {
      const sums = MONTHS.map(() => money(0));
      for (let offset = 0; ; offset += BATCH) {
        const rows = await repo.exportBatch(db, where, q.sort, q.order, offset, BATCH);
        if (rows.length === 0) break;
        const months = await repo.monthsOfLines(
          db,
          rows.map((r) => r.line.id),
        );
        const byLine = new Map<string, Map<number, string>>();
        for (const m of months) {
          const of = byLine.get(m.lineId) ?? new Map<number, string>();
          of.set(m.month, m.amount);
          byLine.set(m.lineId, of);
        }
        for (const r of rows) {
          const x = r.line;
          const amounts = MONTHS.map((m) => money(byLine.get(x.id)?.get(m) ?? '0'));
          amounts.forEach((a, i) => (sums[i] = sums[i]!.plus(a)));
          addRow({
            year: x.year,
            strategicAxis: label(axes, x.strategicAxis),
            program: label(programs, x.program),
            expenseType: label(types, x.expenseType),
            description: x.description,
            responsible: r.responsibleName ?? '',
            headquarter: r.headquarterName ?? '',
            ...Object.fromEntries(MONTHS.map((m, i) => [monthKey(m), cell(amounts[i]!)])),
            total: cell(sumMoney(amounts)),
          });
        }
        if (rows.length < BATCH) break;
        await nextBatch();
      }
      addRow(
        {
          year: text.totals,
          ...Object.fromEntries(MONTHS.map((m, i) => [monthKey(m), cell(sums[i]!)])),
          total: cell(sumMoney(sums)),
        },
        { bold: true },
      );
    },
  });
}
