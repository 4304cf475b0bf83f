import type { z } from 'zod';
import type {
  funderSummaryExportQuery,
  PoaSummary,
  poaSummaryExportQuery,
} from '@amparo/shared/modules/budget-summary.schema';
import type { UserActor } from '../../../lib/actor.ts';
import type { Executor } from '../../../db/client.ts';
import type { Content } from '../../../lib/content.ts';
import { writeAudit } from '../../../lib/audit.ts';
import { assertPdfRows, downloadFilename, generatedLine, pdfContent } from '../../../lib/pdf.ts';
import { xlsxExport } from '../../../lib/xlsx-export.ts';
import { funderSummary, poaSummary } from './summary.service.ts';

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
 * cooperating and a total. Both files carry the same title, filters and generated instant (the xlsx above its
 * header) and are named after the year, not the download day (issue 24 section 6, item 9:
 * 'resumen-por-cooperante-2026.xlsx'). Audited (`export`, entity `funder_summary`, with the filters and the row count).
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
  // The xlsx carries what the PDF prints (title, filters, generated instant); both are named after the year.
  const shown = [
    { label: text.year, value: summary.year ? String(summary.year) : text.allYears },
    ...(summary.asOf ? [{ label: text.asOf, value: summary.asOf }] : []),
  ];
  const generatedAt = new Date();
  const base = `${text.title} ${summary.year ?? text.allYears}${summary.asOf ? ` ${text.asOf} ${summary.asOf}` : ''}`;
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
              { header: text.cooperating, width: 130 },
              { header: text.item },
              ...FIGURES.map((f) => ({ header: text[f], money: true })),
            ],
            rows: rows.map((r) => [r.cooperating, r.item, ...FIGURES.map((f) => r.figures[f])]),
            totals: [text.total, null, ...FIGURES.map((f) => summary.total[f])],
          },
        ],
      },
      { locale: lang, filename: downloadFilename(base, 'pdf'), generatedAt },
    );
  return xlsxExport({
    filename: downloadFilename(base, 'xlsx'),
    rows: rows.length + 1,
    heading: { title: text.title, lines: [...shown, generatedLine(lang, generatedAt)] },
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

/** The POA summary's words in each language (the document's, not the UI's). */
const POA_TEXT = {
  es: {
    title: 'Resumen del POA',
    sheet: 'POA',
    year: 'Año',
    revision: 'Revisión',
    current: 'Vigente (líneas actuales)',
    axis: 'Eje estratégico',
    program: 'Programa',
    lines: 'Líneas',
    planned: 'Planificado',
    assigned: 'Asignado',
    committed: 'Comprometido',
    executed: 'Ejecutado',
    percent: '% ejecutado',
    total: 'Total',
  },
  en: {
    title: 'POA summary',
    sheet: 'POA',
    year: 'Year',
    revision: 'Revision',
    current: 'Current (lines as they are)',
    axis: 'Strategic axis',
    program: 'Program',
    lines: 'Lines',
    planned: 'Planned',
    assigned: 'Assigned',
    committed: 'Committed',
    executed: 'Executed',
    percent: '% executed',
    total: 'Total',
  },
};
const POA_FIGURES = ['planned', 'assigned', 'committed', 'executed'] as const;

/**
 * The POA summary of a year (issue 24 section 6, item 9) as an xlsx or a PDF in the caller's language: a row per
 * program under its axis (lines, planned, assigned, committed, executed in Q, executed %), a row per axis and the
 * year's total. Both files carry the same title, filters (year, revision) and generated instant, and are named
 * after the plan year ('resumen-del-poa-2026.xlsx'). Audited (`export`, entity `poa_summary`). 400 `invalid` on
 * `revision` for a revision the year does not have; PDF 422 `document_too_large` past its row limit.
 */
export async function exportPoaSummary(
  db: Executor,
  actor: UserActor,
  q: z.output<typeof poaSummaryExportQuery>,
  log: { error(details: object, message: string): void },
): Promise<Content> {
  const { lang, format, year, revision } = q;
  const text = POA_TEXT[lang];
  const summary = await poaSummary(db, year, revision);
  type Row = { axis: string; program: string; lines: number; figures: PoaSummary['total']; bold: boolean };
  const rows: Row[] = [];
  for (const a of summary.axes) {
    for (const p of a.programs)
      rows.push({ axis: a.code, program: p.code, lines: p.lineCount, figures: p, bold: false });
    const lines = a.programs.reduce((n, p) => n + p.lineCount, 0);
    rows.push({ axis: a.code, program: text.total, lines, figures: a, bold: true });
  }
  if (format === 'pdf') assertPdfRows(rows.length + 1);
  const filtersSent = { year, revision: revision ?? null };
  await writeAudit(db, actor, {
    action: 'export',
    entity: 'poa_summary',
    entityId: format,
    changes: { export: { before: null, after: { filters: filtersSent, rows: rows.length } } },
  });
  const filters = [
    { label: text.year, value: String(year) },
    { label: text.revision, value: revision ? String(revision) : text.current },
  ];
  const generatedAt = new Date();
  const base = `${text.title} ${year}${revision ? ` ${text.revision} ${revision}` : ''}`;
  const percent = (f: { executedPercent: string | null }) =>
    f.executedPercent === null ? '' : `${f.executedPercent} %`;
  if (format === 'pdf')
    return pdfContent(
      {
        title: text.title,
        orientation: 'landscape',
        filters,
        sections: [
          {
            kind: 'table',
            columns: [
              { header: text.axis, width: 90 },
              { header: text.program },
              { header: text.lines, width: 40 },
              ...POA_FIGURES.map((f) => ({ header: text[f], money: true })),
              { header: text.percent, width: 60 },
            ],
            rows: rows.map((r) => [
              r.axis,
              r.program,
              String(r.lines),
              ...POA_FIGURES.map((f) => r.figures[f]),
              percent(r.figures),
            ]),
            totals: [
              text.total,
              null,
              String(summary.lineCount),
              ...POA_FIGURES.map((f) => summary.total[f]),
              percent(summary.total),
            ],
          },
        ],
      },
      { locale: lang, filename: downloadFilename(base, 'pdf'), generatedAt },
    );
  return xlsxExport({
    filename: downloadFilename(base, 'xlsx'),
    rows: rows.length + 1,
    heading: { title: text.title, lines: [...filters, generatedLine(lang, generatedAt)] },
    sheet: {
      name: text.sheet,
      columns: [
        { header: text.axis, key: 'axis', width: 20 },
        { header: text.program, key: 'program', width: 20 },
        { header: text.lines, key: 'lines', width: 10 },
        ...POA_FIGURES.map((f) => ({ header: text[f], key: f, width: 16, numFmt: '#,##0.00' })),
        { header: text.percent, key: 'percent', width: 12 },
      ],
    },
    log,
    // Numbers so the sheet can add them; the figures were summed exactly in SQL and decimal.js.
    fill: async (addRow) => {
      const numbers = (f: PoaSummary['total']) => Object.fromEntries(POA_FIGURES.map((k) => [k, Number(f[k])]));
      for (const r of rows)
        addRow(
          { axis: r.axis, program: r.program, lines: r.lines, ...numbers(r.figures), percent: percent(r.figures) },
          { bold: r.bold },
        );
      addRow(
        {
          axis: text.total,
          program: '',
          lines: summary.lineCount,
          ...numbers(summary.total),
          percent: percent(summary.total),
        },
        { bold: true },
      );
    },
  });
}
