import type { z } from 'zod';
import type { funderSummaryExportQuery } from '@amparo/shared/modules/budget-summary.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import type { UserActor } from '../../lib/actor.ts';
import type { Executor } from '../../db/client.ts';
import type { Content } from '../../lib/content.ts';
import { writeAudit } from '../../lib/audit.ts';
import { assertPdfRows, pdfContent, pdfFilename } from '../../lib/pdf.ts';
import { xlsxExport } from '../../lib/xlsx-export.ts';
import { funderSummary } from './summary.service.ts';

/** The funder summary's words in each language (the document's, not the UI's). */
const TEXT = {
  es: {
    title: 'Resumen por cooperante',
    sheet: 'Cooperantes',
    year: 'Año',
    allYears: 'Todos',
    asOf: 'Al día',
    cooperating: 'Cooperante',
    item: 'Rubro',
    ceiling: 'Techo',
    amount: 'Monto',
    assigned: 'Asignado',
    unassigned: 'Sin asignar',
    committed: 'Comprometido',
    executed: 'Ejecutado',
    available: 'Disponible',
    subtotal: 'Subtotal',
    total: 'Total',
  },
  en: {
    title: 'Summary by cooperating',
    sheet: 'Cooperating',
    year: 'Year',
    allYears: 'All',
    asOf: 'As of',
    cooperating: 'Cooperating',
    item: 'Item',
    ceiling: 'Ceiling',
    amount: 'Amount',
    assigned: 'Assigned',
    unassigned: 'Unassigned',
    committed: 'Committed',
    executed: 'Executed',
    available: 'Available',
    subtotal: 'Subtotal',
    total: 'Total',
  },
};
const FIGURES = ['amount', 'assigned', 'unassigned', 'committed', 'executed', 'available'] as const;

/**
 * The funder summary (issue 13 section 5) as an xlsx or a PDF in the caller's language: one row per item
 * (cooperating, item, amount, assigned, unassigned, committed, executed, available, in Q), a subtotal per
 * cooperating and a total. Audited (`export`, entity `funder_summary`, with the filters and the row count).
 * PDF: 422 `document_too_large` past its row limit.
 */
export async function exportFunderSummary(
  db: Executor,
  actor: UserActor,
  q: z.output<typeof funderSummaryExportQuery>,
  log: { error(details: object, message: string): void },
): Promise<Content> {
  const { lang, format, ...filters } = q;
  const text = TEXT[lang];
  const summary = await funderSummary(db, filters);
  const rows: { cooperating: string; item: string; figures: Record<(typeof FIGURES)[number], string> }[] = [];
  for (const c of summary.cooperating) {
    const label = `${c.code} – ${c.name}`;
    for (const i of c.items) rows.push({ cooperating: label, item: `${i.code} – ${i.name}`, figures: i });
    rows.push({ cooperating: label, item: text.subtotal, figures: c });
  }
  if (format === 'pdf') assertPdfRows(rows.length + 1);
  await writeAudit(db, actor, {
    action: 'export',
    entity: 'funder_summary',
    entityId: format,
    changes: { export: { before: null, after: { filters, rows: rows.length } } },
  });
  const today = todayInGuatemala();
  if (format === 'pdf')
    return pdfContent(
      {
        title: text.title,
        orientation: 'landscape',
        filters: [
          { label: text.year, value: summary.year ? String(summary.year) : text.allYears },
          ...(summary.asOf ? [{ label: text.asOf, value: summary.asOf }] : []),
        ],
        sections: [
          {
            kind: 'table',
            columns: [
              { header: text.cooperating, width: 130 },
              { header: text.item },
              ...FIGURES.map((f) => ({ header: text[f], money: true })),
            ],
            rows: rows.map((r) => [r.cooperating, r.item, ...FIGURES.map((f) => r.figures[f])]),
            totals: [text.total, null, ...FIGURES.map((f) => summary.total[f])],
          },
        ],
      },
      { locale: lang, filename: pdfFilename(text.title, today) },
    );
  return xlsxExport({
    filename: `cooperantes-${today}.xlsx`,
    rows: rows.length + 1,
    sheet: {
      name: text.sheet,
      columns: [
        { header: text.cooperating, key: 'cooperating', width: 36 },
        { header: text.item, key: 'item', width: 36 },
        ...FIGURES.map((f) => ({ header: text[f], key: f, width: 16, numFmt: '#,##0.00' })),
      ],
    },
    log,
    // The cells hold numbers so the sheet can add them; the figures were summed exactly in SQL and decimal.js.
    fill: async (addRow) => {
      const numbers = (f: Record<string, string>) => Object.fromEntries(FIGURES.map((k) => [k, Number(f[k])]));
      for (const r of rows)
        addRow({ cooperating: r.cooperating, item: r.item, ...numbers(r.figures) }, { bold: r.item === text.subtotal });
      addRow({ cooperating: text.total, item: '', ...numbers(summary.total) }, { bold: true });
    },
  });
}
