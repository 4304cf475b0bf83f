import type { z } from 'zod';
import type { executionBudgetExportQuery } from '@amparo/shared/modules/execution-budget.schema';
import type { UserActor } from '../../lib/actor.ts';
import type { Executor } from '../../db/client.ts';
import type { Content } from '../../lib/content.ts';
import { writeAudit } from '../../lib/audit.ts';
import { assertPdfRows, downloadFilename, generatedLine, pdfContent } from '../../lib/pdf.ts';
import { xlsxExport } from '../../lib/xlsx-export.ts';
import * as catalogs from '../catalogs/catalogs.service.ts';
import { executionBudget } from './budget-view.service.ts';

/** The view's words in each language (the document's, not the UI's). */
const TEXT = {
  es: {
    title: 'Ejecución presupuestaria',
    sheet: 'Ejecución',
    year: 'Año',
    months: 'Meses',
    by: {
      axis: 'Eje estratégico',
      program: 'Programa',
      expense_type: 'Tipo de gasto',
      cooperating: 'Cooperante',
      item: 'Rubro',
    },
    filters: { axis: 'Eje', program: 'Programa', expenseType: 'Tipo de gasto' },
    planned: 'Planificado',
    assigned: 'Asignado',
    committed: 'Comprometido',
    executed: 'Ejecutado',
    available: 'Disponible',
    percent: '% ejecutado',
    total: 'Total',
  },
  en: {
    title: 'Budget execution',
    sheet: 'Execution',
    year: 'Year',
    months: 'Months',
    by: {
      axis: 'Strategic axis',
      program: 'Program',
      expense_type: 'Expense type',
      cooperating: 'Cooperating',
      item: 'Item',
    },
    filters: { axis: 'Axis', program: 'Program', expenseType: 'Expense type' },
    planned: 'Planned',
    assigned: 'Assigned',
    committed: 'Committed',
    executed: 'Executed',
    available: 'Available',
    percent: '% executed',
    total: 'Total',
  },
};
const FIGURES = ['planned', 'assigned', 'committed', 'executed', 'available'] as const;
const CATALOG_OF = { axis: 'strategic_axis', program: 'program', expense_type: 'expense_type' } as const;

/**
 * The budget's execution view (issue 27 section 3) as an xlsx or a PDF in the caller's language: a row per key of
 * the dimension (a catalog code with its name, or the funder's name) with planned (when the view has a plan),
 * assigned, committed, executed, available (Q) and executed %, and the total. Both carry the title, the filters
 * and the generated instant, and are named after the year and months ('ejecucion-presupuestaria-2027-1-12.xlsx').
 * Audited (`export`, entity `execution_budget`, with the filters and the row count). PDF: 422
 * `document_too_large` past its row limit.
 */
export async function exportExecutionBudget(
  db: Executor,
  actor: UserActor,
  q: z.output<typeof executionBudgetExportQuery>,
  log: { error(details: object, message: string): void },
): Promise<Content> {
  const { lang, format, ...query } = q;
  const text = TEXT[lang];
  const view = await executionBudget(db, query);
  const catalog = query.by in CATALOG_OF ? CATALOG_OF[query.by as keyof typeof CATALOG_OF] : null;
  const names = new Map(
    catalog ? (await catalogs.listItems(db, catalog)).map((i) => [i.code, lang === 'es' ? i.es : i.en]) : [],
  );
  const label = (r: (typeof view.rows)[number]) =>
    r.name ?? (names.has(r.key) ? `${r.key} – ${names.get(r.key)}` : r.key);
  const figures = FIGURES.filter((f) => f !== 'planned' || view.total.planned !== null);
  if (format === 'pdf') assertPdfRows(view.rows.length + 1);
  await writeAudit(db, actor, {
    action: 'export',
    entity: 'execution_budget',
    entityId: format,
    changes: { export: { before: null, after: { filters: query, rows: view.rows.length } } },
  });
  const shown = [
    { label: text.year, value: String(view.year) },
    { label: text.months, value: `${view.fromMonth}–${view.toMonth}` },
    ...(['axis', 'program', 'expenseType'] as const)
      .filter((k) => query[k])
      .map((k) => ({ label: text.filters[k], value: query[k]! })),
  ];
  const generatedAt = new Date();
  const base = `${text.title} ${view.year} ${view.fromMonth}-${view.toMonth}`;
  const percent = (v: string | null) => (v === null ? '' : `${v} %`);
  if (format === 'pdf')
    return pdfContent(
      {
        title: text.title,
        orientation: 'landscape',
        filters: shown,
        sections: [
          {
            kind: 'table',
            columns: [
              { header: text.by[view.by] },
              ...figures.map((f) => ({ header: text[f], money: true })),
              { header: text.percent },
            ],
            rows: view.rows.map((r) => [label(r), ...figures.map((f) => r[f] ?? ''), percent(r.executedPercent)]),
            totals: [text.total, ...figures.map((f) => view.total[f] ?? ''), percent(view.total.executedPercent)],
          },
        ],
      },
      { locale: lang, filename: downloadFilename(base, 'pdf'), generatedAt },
    );
  return xlsxExport({
    filename: downloadFilename(base, 'xlsx'),
    rows: view.rows.length + 1,
    heading: { title: text.title, lines: [...shown, generatedLine(lang, generatedAt)] },
    sheet: {
      name: text.sheet,
      columns: [
        { header: text.by[view.by], key: 'name', width: 44 },
        ...figures.map((f) => ({ header: text[f], key: f, width: 16, numFmt: '#,##0.00' })),
        { header: text.percent, key: 'percent', width: 12 },
      ],
    },
    log,
    // The cells hold numbers so the sheet can add them; the figures were summed exactly in SQL.
    fill: async (addRow) => {
      const numbers = (r: Record<string, string | null>) =>
        Object.fromEntries(figures.map((k) => [k, r[k] === null ? null : Number(r[k])]));
      for (const r of view.rows)
        addRow({
          name: label(r),
          ...numbers(r),
          percent: r.executedPercent === null ? null : Number(r.executedPercent),
        });
      addRow(
        {
          name: text.total,
          ...numbers(view.total),
          percent: view.total.executedPercent === null ? null : Number(view.total.executedPercent),
        },
        { bold: true },
      );
    },
  });
}
