import { Worker } from 'node:worker_threads';
import type { Content as PdfContent, ContextPageSize, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { EMPTY, formatDateTime, formatMoney } from '@amparo/shared/format';
import { AppError } from './errors.ts';
import { disposition, type Content } from './content.ts';
import { WorkQueue } from './work-queue.ts';

/**
 * Printable documents (issue 13 section 0, decision 0017): the funder summary, requests, checks,
 * settlements and reports are a `PdfDocument` (plain data, no layout) rendered by pdfmake 0.3 with
 * Roboto (embedded, so Spanish accents and ñ print everywhere) on A4 paper.
 *
 * Every page has a header (the charity's name on the left, the document's title on the right) and a
 * footer ('Generado DD-MM-YYYY HH:mm' in America/Guatemala on the left, 'Página N de M' on the right);
 * the first page opens with the title, the subtitle and the filters the document was made with.
 * Tables repeat their header row on every page and never split a row across two pages.
 *
 * Rendering (pdfmake's layout is synchronous: about 1.5 ms per table row on one core, plus about half a
 * second to start the worker and load pdfmake) runs in a worker thread
 * (`pdf-worker.ts`), one document at a time per process, so the event loop keeps answering other
 * requests; the worker is stopped after PDF_TIMEOUT_MS or when its heap passes
 * `PDF_WORKER_HEAP_MB`, and the document fails with 500 `document_failed` (nothing is sent; the next
 * render starts a fresh worker). At most PDF_QUEUE_MAX renders wait behind the running one (issue 24
 * section 5): past them the request is refused at once, 503 `documents_busy` with Retry-After, instead
 * of holding its rows in memory for minutes.
 */

/** The most table rows (totals rows included, summed over all sections) a document may hold. */
export const PDF_MAX_ROWS = 5_000;
/** How long one render may take before its worker is stopped, in milliseconds (config PDF_TIMEOUT_MS). */
export const PDF_TIMEOUT_MS = 60_000;
/** Renders that may wait behind the running one (config PDF_QUEUE_MAX). */
export const PDF_QUEUE_MAX = 4;
/** The render worker's old-generation heap limit, in MiB (a 5,000-row table, 137 pages, renders in 128). */
export const PDF_WORKER_HEAP_MB = 256;

export type PdfLocale = 'es' | 'en';

export interface PdfColumn {
  header: string;
  /** Points (1/72 inch; the printable width is 515 pt portrait, 762 pt landscape), '*' (a share of
   *  what is left; the default for text) or 'auto' (as wide as its content; the default for money). */
  width?: number | '*' | 'auto';
  /** 'right' for numbers; money columns are always right-aligned. Default 'left'. */
  align?: 'left' | 'right';
  /** The cells are decimal strings of quetzales ('1234.5', '-12.00', as PostgreSQL returns
   *  `numeric(14,2)`), printed 'Q 1,234.50' by `formatMoney`; null prints '—'. Anything else throws. */
  money?: boolean;
}

export interface PdfTableSection {
  kind: 'table';
  /** A heading printed above the table. */
  title?: string;
  columns: PdfColumn[];
  /** One array per row, one cell per column (text as given; null is an empty cell, '—' in money columns). */
  rows: (string | null)[][];
  /** A last row in bold (null: an empty cell), e.g. ['Total', null, '15300.00']. */
  totals?: (string | null)[];
}
export interface PdfTextSection {
  kind: 'text';
  /** A paragraph; '\n' breaks the line. */
  text: string;
}
export interface PdfKeyValuesSection {
  kind: 'keyValues';
  /** Label and value pairs, one per line (a record's fields: 'Solicitante: Ana López'). */
  items: { label: string; value: string | null }[];
}
export type PdfSection = PdfTableSection | PdfTextSection | PdfKeyValuesSection;

export interface PdfDocument {
  title: string;
  subtitle?: string;
  /** The filters the document was made with, as the user chose them ('Sede': 'Central'); [] for none. */
  filters: { label: string; value: string }[];
  sections: PdfSection[];
  /** Default 'portrait'; 'landscape' for wide tables. */
  orientation?: 'portrait' | 'landscape';
}

export interface PdfOptions {
  /** Language of the few words the layout adds (page numbers, 'Generado', 'Filtros'). */
  locale: PdfLocale;
  /** The name in every page's header. Default 'Amparo'. */
  organization?: string;
  /** The instant printed as generated (and the PDF's creation date). Default now. */
  generatedAt?: Date;
}

/** The words the layout adds; everything else comes in the document, already in the user's language. */
const LABELS: Record<
  PdfLocale,
  { page: (n: number, of: number) => string; generated: string; filters: string; none: string }
> = {
  es: { page: (n, of) => `Página ${n} de ${of}`, generated: 'Generado', filters: 'Filtros', none: 'Ninguno' },
  en: { page: (n, of) => `Page ${n} of ${of}`, generated: 'Generated', filters: 'Filters', none: 'None' },
};

/**
 * 422 `document_too_large`: the document would hold more than `PDF_MAX_ROWS` table rows (the field
 * error `rows` / `too_big` carries `{ max, rows }`). The user narrows the filters or uses the xlsx export.
 */
export class PdfTooLargeError extends AppError {
  readonly rows: number;
  constructor(rows: number) {
    super(422, 'document_too_large', [{ field: 'rows', code: 'too_big', params: { max: PDF_MAX_ROWS, rows } }]);
    this.rows = rows;
  }
}

/**
 * 500 `document_failed`: the render took longer than its timeout, its worker died or ran out of heap.
 * `cause` says which (for the log; it names no data of the document).
 */
export class PdfRenderError extends AppError {
  constructor(reason: string, cause?: unknown) {
    super(500, 'document_failed');
    this.message = `pdf: ${reason}`;
    if (cause !== undefined) this.cause = cause;
  }
}

/**
 * Throws `PdfTooLargeError` when `rows` table rows are more than a document may hold. A service calls
 * it with its count before reading the rows, so a too-large request costs one count, not the rows.
 */
export function assertPdfRows(rows: number): void {
  if (rows > PDF_MAX_ROWS) throw new PdfTooLargeError(rows);
}

const MONEY = /^-?\d+(\.\d+)?$/;

/** Checks a document's shape (the rows limit, cells per row, money cells); throws before any layout. */
function check(doc: PdfDocument): void {
  let rows = 0;
  for (const section of doc.sections)
    if (section.kind === 'table') rows += section.rows.length + (section.totals ? 1 : 0);
  assertPdfRows(rows);
  for (const section of doc.sections) {
    if (section.kind !== 'table') continue;
    const lines = section.totals ? [...section.rows, section.totals] : section.rows;
    for (const [i, row] of lines.entries()) {
      if (row.length !== section.columns.length)
        throw new TypeError(`pdf: row ${i} has ${row.length} cells for ${section.columns.length} columns`);
      for (const [c, cell] of row.entries())
        if (section.columns[c]!.money && cell !== null && !MONEY.test(cell))
          throw new TypeError(`pdf: row ${i} column ${c} is not a decimal string: ${JSON.stringify(cell)}`);
    }
  }
}

const MARGIN = { side: 40, top: 58, bottom: 46 };
const GREY = '#555555';
const RULE = '#bbbbbb';

/**
 * The pdfmake document definition of a document (pure: no fonts, no I/O). Used by the render worker;
 * exported for it and for tests.
 */
export function pdfDefinition(doc: PdfDocument, opts: PdfOptions): TDocumentDefinitions {
  const labels = LABELS[opts.locale];
  const organization = opts.organization ?? 'Amparo';
  const generatedAt = opts.generatedAt ?? new Date();
  const generated = `${labels.generated} ${formatDateTime(generatedAt)}`;

  const content: PdfContent[] = [{ text: doc.title, style: 'title' }];
  if (doc.subtitle) content.push({ text: doc.subtitle, style: 'subtitle' });
  content.push({
    style: 'filters',
    text: [
      { text: `${labels.filters}: `, bold: true },
      ...(doc.filters.length === 0
        ? [labels.none]
        : doc.filters.flatMap((f, i) => [
            ...(i > 0 ? ['   ·   '] : []),
            { text: `${f.label}: `, color: GREY },
            f.value || EMPTY,
          ])),
    ],
  });
  for (const section of doc.sections) content.push(...sectionContent(section));

  return {
    pageSize: 'A4',
    pageOrientation: doc.orientation ?? 'portrait',
    pageMargins: [MARGIN.side, MARGIN.top, MARGIN.side, MARGIN.bottom],
    language: opts.locale === 'es' ? 'es-GT' : 'en',
    info: { title: doc.title, author: organization, creator: 'Amparo', creationDate: generatedAt },
    header: (_page: number, _pages: number, size: ContextPageSize) => ({
      margin: [MARGIN.side, 22, MARGIN.side, 0],
      stack: [
        {
          columns: [
            { text: organization, bold: true, fontSize: 9, width: 'auto' },
            { text: doc.title, fontSize: 9, color: GREY, alignment: 'right', width: '*' },
          ],
          columnGap: 12,
        },
        {
          canvas: [
            {
              type: 'line',
              x1: 0,
              y1: 4,
              x2: size.width - 2 * MARGIN.side,
              y2: 4,
              lineWidth: 0.5,
              lineColor: RULE,
            },
          ],
        },
      ],
    }),
    footer: (page: number, pages: number) => ({
      margin: [MARGIN.side, 16, MARGIN.side, 0],
      fontSize: 8,
      color: GREY,
      columns: [
        { text: generated, width: '*' },
        { text: labels.page(page, pages), alignment: 'right', width: 'auto' },
      ],
    }),
    content,
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.1 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 11, color: GREY, margin: [0, 0, 0, 2] },
      filters: { fontSize: 9, margin: [0, 4, 0, 10] },
      sectionTitle: { fontSize: 11, bold: true, margin: [0, 8, 0, 4] },
      table: { fontSize: 8.5, margin: [0, 0, 0, 10] },
      tableHeader: { bold: true, fillColor: '#eeeeee' },
    },
  };
}

function sectionContent(section: PdfSection): PdfContent[] {
  if (section.kind === 'text') return [{ text: section.text, margin: [0, 0, 0, 8] }];
  if (section.kind === 'keyValues')
    return [
      {
        layout: 'noBorders',
        margin: [0, 0, 0, 8],
        table: {
          widths: ['auto', '*'],
          body: section.items.map((item) => [{ text: `${item.label}:`, bold: true }, { text: item.value ?? EMPTY }]),
        },
      },
    ];

  const { columns, rows, totals } = section;
  const alignment = (c: PdfColumn) => (c.money || c.align === 'right' ? 'right' : 'left');
  const cell = (c: PdfColumn, value: string | null, inTotals: boolean): TableCell => {
    if (c.money && value !== null)
      return { text: formatMoney(value), alignment: 'right', noWrap: true, bold: inTotals };
    if (c.money && value === null && !inTotals) return { text: EMPTY, alignment: 'right' };
    return { text: value ?? '', alignment: alignment(c), bold: inTotals };
  };
  const body: TableCell[][] = [columns.map((c) => ({ text: c.header, style: 'tableHeader', alignment: alignment(c) }))];
  for (const row of rows) body.push(row.map((v, i) => cell(columns[i]!, v, false)));
  if (totals) body.push(totals.map((v, i) => cell(columns[i]!, v, true)));
  const last = body.length;
  const out: PdfContent[] = [];
  if (section.title) out.push({ text: section.title, style: 'sectionTitle' });
  out.push({
    style: 'table',
    table: {
      headerRows: 1,
      keepWithHeaderRows: 1,
      dontBreakRows: true,
      widths: columns.map((c) => c.width ?? (c.money ? 'auto' : '*')),
      body,
    },
    layout: {
      // A rule under the header, hairlines between rows, a rule over the totals and at the end.
      hLineWidth: (i) => (i === 0 ? 0 : i === 1 || i === last || (totals && i === last - 1) ? 0.8 : 0.3),
      hLineColor: (i) => (i === 1 || i === last || (totals && i === last - 1) ? '#777777' : '#dddddd'),
      vLineWidth: () => 0,
      paddingLeft: () => 4,
      paddingRight: () => 4,
      paddingTop: () => 2.5,
      paddingBottom: () => 2.5,
    },
  });
  return out;
}

export interface PdfRendererOptions {
  /** Renders that may wait behind the running one; past them, 503 `documents_busy`. */
  queueMax: number;
  /** How long one render may take before its worker is stopped, in milliseconds. */
  timeoutMs: number;
  /** The worker script (tests give a stand-in that hangs or dies); default `pdf-worker.ts`. */
  workerUrl?: URL;
}

/**
 * Renders documents in worker threads, one at a time, with at most `queueMax` waiting (the spreadsheet
 * parses' `WorkQueue`, with its Retry-After from the recent renders' average duration).
 */
export class PdfRenderer {
  readonly options: Readonly<PdfRendererOptions>;
  readonly queue: WorkQueue;
  constructor(options: PdfRendererOptions) {
    this.options = options;
    this.queue = new WorkQueue(options.queueMax, 'documents_busy');
  }

  /**
   * Renders a document to PDF bytes (A4, embedded Roboto) in a worker thread.
   *
   * Throws `PdfTooLargeError` (422 `document_too_large`) over `PDF_MAX_ROWS` table rows, a `TypeError`
   * for a malformed document (a row with the wrong number of cells, a money cell that is not a decimal
   * string), `AppError` 503 `documents_busy` with Retry-After (seconds) when `queueMax` renders already
   * wait, and `PdfRenderError` (500 `document_failed`) when the worker fails, runs out of its
   * `PDF_WORKER_HEAP_MB` heap or takes longer than `timeoutMs`.
   */
  async render(doc: PdfDocument, opts: PdfOptions): Promise<Buffer> {
    check(doc); // before any await: a refused document takes no place in the queue, and admission stays synchronous
    const input = { doc, opts: { ...opts, generatedAt: (opts.generatedAt ?? new Date()).toISOString() } };
    return this.queue.run(
      async () => input,
      (ready) => inWorker(ready, this.options),
    );
  }
}

// The process's renderer (one render at a time per process); `configurePdf` sets its limits from the config.
let renderer = new PdfRenderer({ queueMax: PDF_QUEUE_MAX, timeoutMs: PDF_TIMEOUT_MS });

/**
 * Sets the process's PDF limits (buildApp, from PDF_QUEUE_MAX and PDF_TIMEOUT_MS). A new renderer is made
 * only when they change; renders already admitted finish on the old one.
 */
export function configurePdf(options: { queueMax: number; timeoutMs: number }): void {
  if (renderer.options.queueMax !== options.queueMax || renderer.options.timeoutMs !== options.timeoutMs)
    renderer = new PdfRenderer(options);
}

/** Renders a document on the process's renderer: see `PdfRenderer.render` for the errors. */
export function renderPdf(doc: PdfDocument, opts: PdfOptions): Promise<Buffer> {
  return renderer.render(doc, opts);
}

/** What `pdf-worker.ts` receives: the document and the options, the instant as an ISO string. */
export interface PdfWorkerInput {
  doc: PdfDocument;
  opts: Omit<PdfOptions, 'generatedAt'> & { generatedAt: string };
}

function inWorker(input: PdfWorkerInput, options: PdfRendererOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(options.workerUrl ?? new URL('./pdf-worker.ts', import.meta.url), {
      workerData: input,
      resourceLimits: { maxOldGenerationSizeMb: PDF_WORKER_HEAP_MB },
    });
    let settled = false;
    const finish = (err: Error | null, pdf?: Uint8Array) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (err) reject(err);
      else resolve(Buffer.from(pdf!.buffer, pdf!.byteOffset, pdf!.byteLength));
    };
    const timer = setTimeout(
      () => finish(new PdfRenderError(`render took over ${options.timeoutMs} ms`)),
      options.timeoutMs,
    );
    worker.once('message', (pdf: Uint8Array) => finish(null, pdf));
    worker.once('error', (err) => finish(new PdfRenderError('render failed', err)));
    worker.once('exit', (code) => finish(new PdfRenderError(`render worker exited with code ${code}`)));
  });
}

/**
 * A file name for a download: the base without accents, spaces or anything but [a-z0-9-], then the
 * date, then '.pdf' ('Resumen para el donante', '2026-11-24' → 'resumen-para-el-donante-2026-11-24.pdf').
 */
export function pdfFilename(base: string, date: string): string {
  return downloadFilename(`${base} ${date}`, 'pdf');
}

/**
 * A download's file name from what names its content (issue 24 section 6, item 9: a summary's files are named
 * after its plan year, not the day they were downloaded, and its xlsx and PDF share the name): without accents,
 * spaces or anything but [a-z0-9-] ('Resumen del POA 2026', 'xlsx' → 'resumen-del-poa-2026.xlsx').
 */
export function downloadFilename(base: string, extension: 'pdf' | 'xlsx'): string {
  const slug = base
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
    .replace(/-+$/, '');
  return `${slug || 'documento'}.${extension}`;
}

/** The line a PDF's footer prints for when it was made ('Generado' | '24-11-2026 14:05'), for an xlsx's heading. */
export function generatedLine(locale: PdfLocale, at: Date): { label: string; value: string } {
  return { label: LABELS[locale].generated, value: formatDateTime(at) };
}

/**
 * A rendered document as `Content` for `sendContent`: `application/pdf`, `content-disposition:
 * attachment` with `filename` (give it through `pdfFilename`), `cache-control: no-store`. The service
 * that calls it has already written its audit entry (action 'export', the filters and the row count).
 */
export async function pdfContent(doc: PdfDocument, opts: PdfOptions & { filename: string }): Promise<Content> {
  const body = await renderPdf(doc, opts);
  return {
    mime: 'application/pdf',
    headers: { 'content-disposition': disposition('attachment', opts.filename), 'cache-control': 'no-store' },
    body,
  };
}
