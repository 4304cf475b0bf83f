import { Worker } from 'node:worker_threads';
import type {
  Column,
  Content as PdfContent,
  ContentCanvas,
  ContentText,
  ContextPageSize,
  TableCell,
  TDocumentDefinitions,
} from 'pdfmake/interfaces';
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
 * Sections (issue 25 section 7) are tables (optionally with emphasized cells), text, label/value pairs,
 * PNG/JPEG pictures, QR codes, SVG charts and signature blocks; a picture, QR code or signature block is
 * never split across pages. A document may use a custom page size in millimetres (labels) and be
 * `plain` (no header, footer or opening block). The words a document prints all come in its data,
 * in the user's language, except the few the layout adds (`LABELS`). Nothing is fetched while rendering:
 * pictures come as bytes, and an SVG that references anything outside itself is refused.
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

/**
 * The most rows a document may hold: table rows (totals rows included) summed over all sections, plus one
 * per image, QR and SVG section and one per signature line.
 */
export const PDF_MAX_ROWS = 5_000;
/** How long one render may take before its worker is stopped, in milliseconds (config PDF_TIMEOUT_MS). */
export const PDF_TIMEOUT_MS = 60_000;
/** Renders that may wait behind the running one (config PDF_QUEUE_MAX). */
export const PDF_QUEUE_MAX = 4;
/**
 * The most bytes of pictures a document may embed: the image sections' bytes plus the SVG sections'
 * length (UTF-8), summed over the document (5 MiB: a few photos; a label sheet prints QR codes, not images).
 * Past it, 422 `document_too_large` with the field error `images` / `too_big` `{ max, bytes }`.
 */
export const PDF_MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** The most UTF-8 bytes a QR section's text may hold (a version-40 code at level M holds 2,331). */
export const PDF_MAX_QR_BYTES = 1_000;
/** The light fill of emphasized table cells (`PdfTableSection.emphasis`). */
export const EMPHASIS_FILL = '#fff2c2';
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
  /**
   * Cells printed bold on a light fill (`EMPHASIS_FILL`), e.g. the lowest quote of a comparative table:
   * `[row, column]` pairs, 0-based, `row` an index of `rows` (the header and the totals row are not
   * counted). A pair outside the table throws a `TypeError`.
   */
  emphasis?: [row: number, column: number][];
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
/**
 * A PNG or JPEG picture (an asset's photo, a logo), kept together with its caption on one page.
 * `data` is the file's bytes (a Buffer or Uint8Array) or the same bytes in base64 (no `data:` prefix, no line breaks);
 * anything whose first bytes are not PNG's or JPEG's signature is refused (400 `validation`, field
 * `sections.N.data` / `image_type`). The bytes count against `PDF_MAX_IMAGE_BYTES` per document.
 */
export interface PdfImageSection {
  kind: 'image';
  data: Uint8Array | string;
  /** Printed width in points (at most the printable width; a tall picture is scaled down to fit the page). */
  width: number;
  /** A line under the picture. */
  caption?: string;
  /** Default 'left'. */
  align?: PdfAlign;
}
/**
 * A QR code of `text` (an asset's code or URL), drawn as vectors (it stays sharp on a label printer),
 * with an optional caption below it or beside it. `text` is 1 to `PDF_MAX_QR_BYTES` bytes of UTF-8.
 */
export interface PdfQrSection {
  kind: 'qr';
  text: string;
  /** The side of the square, in points (at most what the page's printable area holds). */
  size: number;
  caption?: string;
  /** 'below' (the default) or 'beside' (to the right of the code, as on a 62 × 29 mm asset label). */
  captionPosition?: 'below' | 'beside';
  /** Default 'left'. */
  align?: PdfAlign;
}
/**
 * A chart or drawing as an SVG document (a string that is one `<svg>` element, optionally after an XML
 * declaration and comments). Its `<text>` prints in Roboto, so it is searchable and copyable. Nothing it
 * references is ever fetched: an `href` / `xlink:href` other than `#id` or a `data:image/png|jpeg`
 * URL, a `url(...)` other than `url(#id)`, `@import` and `<!DOCTYPE` / `<!ENTITY` are refused (400
 * `validation`, field `sections.N.svg` / `invalid`). Its length in bytes counts against `PDF_MAX_IMAGE_BYTES`.
 */
export interface PdfSvgSection {
  kind: 'svg';
  svg: string;
  /** Printed width in points (at most the printable width; the aspect ratio is kept). */
  width: number;
  caption?: string;
  /** Default 'left'. */
  align?: PdfAlign;
}
/**
 * Signature lines side by side (a request's 'Solicita', 'Autoriza'), `perRow` to a row, the whole
 * block kept together on one page: space to sign, a rule, the name in bold, the role below it and,
 * with `dateLabel`, a line '<dateLabel>: ______' to write the date on. 1 to 12 signatures.
 */
export interface PdfSignaturesSection {
  kind: 'signatures';
  signatures: { name: string; role?: string }[];
  /** The date line's label, in the document's language ('Fecha'); no date line without it. */
  dateLabel?: string;
  /** Signatures per row, 1 to 4; default min(count, 3). */
  perRow?: number;
}
/** Where a picture, QR code or caption sits across the printable width. */
export type PdfAlign = 'left' | 'center' | 'right';
/** A document's blocks, printed one below the other in order (`kind` says which). */
export type PdfSection =
  | PdfTableSection
  | PdfTextSection
  | PdfKeyValuesSection
  | PdfImageSection
  | PdfQrSection
  | PdfSvgSection
  | PdfSignaturesSection;

export interface PdfDocument {
  title: string;
  subtitle?: string;
  /** The filters the document was made with, as the user chose them ('Sede': 'Central'); [] for none. */
  filters: { label: string; value: string }[];
  sections: PdfSection[];
  /** Default 'portrait'; 'landscape' for wide tables. Ignored with `pageSize`. */
  orientation?: 'portrait' | 'landscape';
  /**
   * A custom page in millimetres instead of A4 (a 62 × 29 mm label, Oficio 216 × 330 mm), 20 to 1200 mm a
   * side. Without `plain` it keeps the A4 margins (the header and footer live in them), so it must be
   * at least about 39 × 47 mm; with `plain` its margins are `marginMm` (default 3 mm) on every side.
   * A page whose margins leave less than 10 mm either way throws a `TypeError`.
   */
  pageSize?: { widthMm: number; heightMm: number; marginMm?: number };
  /**
   * Only the sections: no page header, no footer and no opening title, subtitle and filters (labels,
   * tickets; the title is still the PDF's metadata title). Default false.
   */
  plain?: boolean;
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
 * error `rows` / `too_big` carries `{ max, rows }`; the user narrows the filters or uses the xlsx export),
 * or more than `PDF_MAX_IMAGE_BYTES` of pictures (the field error `images` / `too_big` carries
 * `{ max, bytes }`; `imageBytes` is set instead of `rows`).
 */
export class PdfTooLargeError extends AppError {
  /** The rows counted, when the rows limit was passed. */
  readonly rows?: number;
  /** The picture bytes counted, when the images limit was passed. */
  readonly imageBytes?: number;
  constructor(count: number, limit: 'rows' | 'images' = 'rows') {
    super(422, 'document_too_large', [
      limit === 'rows'
        ? { field: 'rows', code: 'too_big', params: { max: PDF_MAX_ROWS, rows: count } }
        : { field: 'images', code: 'too_big', params: { max: PDF_MAX_IMAGE_BYTES, bytes: count } },
    ]);
    if (limit === 'rows') this.rows = count;
    else this.imageBytes = count;
  }
}

/**
 * 400 `validation`: a section's content is refused before any layout: picture bytes that are not PNG
 * or JPEG (field `sections.N.data`, code `image_type`), or an SVG that is not an `<svg>` document or
 * references something outside itself (field `sections.N.svg`, code `invalid`). `message` says why,
 * for the log.
 */
export class PdfContentError extends AppError {
  constructor(section: number, field: 'data' | 'svg', code: 'image_type' | 'invalid', reason: string) {
    super(400, 'validation', [{ field: `sections.${section}.${field}`, code }]);
    this.message = `pdf: section ${section}: ${reason}`;
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
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** An image section's bytes as a Buffer (no copy for a Buffer or Uint8Array; a worker receives a Uint8Array). */
function imageBuffer(data: Uint8Array | string): Buffer {
  return typeof data === 'string'
    ? Buffer.from(data, 'base64')
    : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
}

/** 'png' or 'jpeg' from the file's signature; null for anything else. */
function imageType(bytes: Uint8Array): 'png' | 'jpeg' | null {
  const starts = (sig: number[]) => bytes.length > sig.length && sig.every((b, i) => bytes[i] === b);
  return starts(PNG_SIGNATURE) ? 'png' : starts(JPEG_SIGNATURE) ? 'jpeg' : null;
}

/** The bytes an image section holds, without decoding base64 (so a huge string is refused before it is read). */
function imageSize(data: Uint8Array | string): number {
  if (typeof data !== 'string') return data.byteLength;
  const pad = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.floor((data.length * 3) / 4) - pad;
}

/** Why an SVG string is refused, or null: it must be one <svg> element and reference nothing outside itself. */
function svgProblem(svg: string): string | null {
  const body = svg.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  if (!/^<svg[\s>/]/.test(body) || !/(<\/svg>|\/>)\s*$/.test(body)) return 'not an <svg> document';
  // Entities can name external files; no chart needs them.
  if (/<!(DOCTYPE|ENTITY)/i.test(svg)) return 'a DOCTYPE or ENTITY declaration';
  if (/@import/i.test(svg)) return 'an @import';
  for (const m of svg.matchAll(/\bhref\s*=\s*(["'])(.*?)\1/gis)) {
    const target = m[2]!.trim();
    if (!target.startsWith('#') && !/^data:image\/(png|jpeg);base64,/i.test(target))
      return `an external reference (${target.slice(0, 40)})`;
  }
  // An unquoted href, or url(...) to anything but a fragment (fills, gradients, clip paths are url(#id)).
  if (/\bhref\s*=\s*[^\s"']/i.test(svg)) return 'an unquoted href';
  if (/url\(\s*(?!["']?\s*#)/i.test(svg)) return 'a url() to something outside the document';
  return null;
}

function positive(value: number, what: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0)
    throw new TypeError(`pdf: ${what} must be a positive number of points, not ${JSON.stringify(value)}`);
}

/**
 * Checks a document's shape (the rows and images limits, cells per row, money cells, emphasis, the
 * pictures' content, the page size); throws before any layout.
 */
function check(doc: PdfDocument): void {
  // Every picture, QR code and signature line counts as a row, so a document of thousands of labels meets
  // the same limit as a long table.
  let rows = 0;
  let imageBytes = 0;
  for (const section of doc.sections) {
    if (section.kind === 'table') rows += section.rows.length + (section.totals ? 1 : 0);
    else if (section.kind === 'signatures') rows += section.signatures.length;
    else if (section.kind !== 'text' && section.kind !== 'keyValues') rows += 1;
    if (section.kind === 'image') imageBytes += imageSize(section.data);
    if (section.kind === 'svg') imageBytes += Buffer.byteLength(section.svg, 'utf8');
  }
  assertPdfRows(rows);
  if (imageBytes > PDF_MAX_IMAGE_BYTES) throw new PdfTooLargeError(imageBytes, 'images');
  pageLayout(doc); // throws for a page too small for its margins
  for (const [n, section] of doc.sections.entries()) {
    if (section.kind === 'image') {
      positive(section.width, `section ${n}: the image width`);
      if (typeof section.data === 'string' && !BASE64.test(section.data))
        throw new PdfContentError(n, 'data', 'image_type', 'the image is not base64');
      if (!imageType(imageBuffer(section.data)))
        throw new PdfContentError(n, 'data', 'image_type', 'the image is neither PNG nor JPEG');
    } else if (section.kind === 'svg') {
      positive(section.width, `section ${n}: the SVG width`);
      const problem = svgProblem(section.svg);
      if (problem) throw new PdfContentError(n, 'svg', 'invalid', `the SVG has ${problem}`);
    } else if (section.kind === 'qr') {
      positive(section.size, `section ${n}: the QR size`);
      const bytes = Buffer.byteLength(section.text, 'utf8');
      if (bytes === 0 || bytes > PDF_MAX_QR_BYTES)
        throw new TypeError(`pdf: section ${n}: a QR code holds 1 to ${PDF_MAX_QR_BYTES} bytes, not ${bytes}`);
    } else if (section.kind === 'signatures') {
      const { signatures, perRow } = section;
      if (signatures.length < 1 || signatures.length > 12)
        throw new TypeError(`pdf: section ${n}: 1 to 12 signatures, not ${signatures.length}`);
      if (perRow !== undefined && !(Number.isInteger(perRow) && perRow >= 1 && perRow <= 4))
        throw new TypeError(`pdf: section ${n}: perRow is 1 to 4, not ${perRow}`);
    } else if (section.kind === 'table') {
      const lines = section.totals ? [...section.rows, section.totals] : section.rows;
      for (const [i, row] of lines.entries()) {
        if (row.length !== section.columns.length)
          throw new TypeError(`pdf: row ${i} has ${row.length} cells for ${section.columns.length} columns`);
        for (const [c, cell] of row.entries())
          if (section.columns[c]!.money && cell !== null && !MONEY.test(cell))
            throw new TypeError(`pdf: row ${i} column ${c} is not a decimal string: ${JSON.stringify(cell)}`);
      }
      for (const [r, c] of section.emphasis ?? [])
        if (!Number.isInteger(r) || !Number.isInteger(c) || r < 0 || c < 0)
          throw new TypeError(`pdf: emphasis [${r}, ${c}] is not a pair of indexes`);
        else if (r >= section.rows.length || c >= section.columns.length)
          throw new TypeError(`pdf: emphasis [${r}, ${c}] is outside the ${section.rows.length}-row table`);
    }
  }
}

const MARGIN = { side: 40, top: 58, bottom: 46 };
const GREY = '#555555';
const RULE = '#bbbbbb';
const PT_PER_MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
const PLAIN_MARGIN_MM = 3;
const MIN_CONTENT_MM = 10;

interface PageLayout {
  /** Points. */
  width: number;
  height: number;
  /** [left, top, right, bottom], points. */
  margins: [number, number, number, number];
  /** The printable area, points. */
  contentWidth: number;
  contentHeight: number;
}

/** The page's size and margins in points; throws a `TypeError` for a custom page its margins leave too little of. */
function pageLayout(doc: PdfDocument): PageLayout {
  let width: number, height: number;
  if (doc.pageSize) {
    const { widthMm, heightMm } = doc.pageSize;
    for (const mm of [widthMm, heightMm])
      if (typeof mm !== 'number' || !(mm >= 20 && mm <= 1200))
        throw new TypeError(`pdf: a page side is 20 to 1200 mm, not ${JSON.stringify(mm)}`);
    width = widthMm * PT_PER_MM;
    height = heightMm * PT_PER_MM;
  } else if (doc.orientation === 'landscape') ({ width: height, height: width } = A4);
  else ({ width, height } = A4);
  let margins: [number, number, number, number];
  if (doc.plain) {
    const mm = doc.pageSize?.marginMm ?? PLAIN_MARGIN_MM;
    if (typeof mm !== 'number' || !(mm >= 0)) throw new TypeError(`pdf: marginMm must be 0 or more, not ${mm}`);
    margins = [mm * PT_PER_MM, mm * PT_PER_MM, mm * PT_PER_MM, mm * PT_PER_MM];
  } else margins = [MARGIN.side, MARGIN.top, MARGIN.side, MARGIN.bottom];
  const contentWidth = width - margins[0] - margins[2];
  const contentHeight = height - margins[1] - margins[3];
  if (Math.min(contentWidth, contentHeight) < MIN_CONTENT_MM * PT_PER_MM)
    throw new TypeError(
      `pdf: a ${doc.pageSize?.widthMm} × ${doc.pageSize?.heightMm} mm page leaves less than ${MIN_CONTENT_MM} mm inside its margins` +
        (doc.plain ? '' : ' (the header and footer need plain: false margins; set plain: true)'),
    );
  return { width, height, margins, contentWidth, contentHeight };
}

/**
 * The pdfmake document definition of a document (pure: no fonts, no I/O). Used by the render worker;
 * exported for it and for tests. It expects a document `render` has checked (it throws a `TypeError`
 * only for a page too small for its margins).
 */
export function pdfDefinition(doc: PdfDocument, opts: PdfOptions): TDocumentDefinitions {
  const labels = LABELS[opts.locale];
  const organization = opts.organization ?? 'Amparo';
  const generatedAt = opts.generatedAt ?? new Date();
  const generated = `${labels.generated} ${formatDateTime(generatedAt)}`;

  const page = pageLayout(doc);

  const content: PdfContent[] = [];
  if (!doc.plain) content.push(...opening(doc, labels));
  for (const section of doc.sections) content.push(...sectionContent(section, page));

  return {
    // The size in points: pdfmake swaps a custom size to match pageOrientation, so none is given.
    pageSize: { width: page.width, height: page.height },
    pageMargins: page.margins,
    language: opts.locale === 'es' ? 'es-GT' : 'en',
    info: { title: doc.title, author: organization, creator: 'Amparo', creationDate: generatedAt },
    ...(doc.plain ? {} : furniture(doc, organization, labels.page, generated)),
    content,
    defaultStyle: { font: 'Roboto', fontSize: 10, lineHeight: 1.1 },
    styles: {
      title: { fontSize: 16, bold: true, margin: [0, 0, 0, 2] },
      subtitle: { fontSize: 11, color: GREY, margin: [0, 0, 0, 2] },
      filters: { fontSize: 9, margin: [0, 4, 0, 10] },
      sectionTitle: { fontSize: 11, bold: true, margin: [0, 8, 0, 4] },
      table: { fontSize: 8.5, margin: [0, 0, 0, 10] },
      tableHeader: { bold: true, fillColor: '#eeeeee' },
      caption: { fontSize: 8.5, color: GREY },
    },
  };
}

/** The first page's title, subtitle and filters. */
function opening(doc: PdfDocument, labels: (typeof LABELS)[PdfLocale]): PdfContent[] {
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
  return content;
}

/** Every page's header (the charity, the title) and footer (when it was generated, the page number). */
function furniture(
  doc: PdfDocument,
  organization: string,
  pageLabel: (n: number, of: number) => string,
  generated: string,
): Pick<TDocumentDefinitions, 'header' | 'footer'> {
  return {
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
        { text: pageLabel(page, pages), alignment: 'right', width: 'auto' },
      ],
    }),
  };
}

function sectionContent(section: PdfSection, page: PageLayout): PdfContent[] {
  if (section.kind === 'image' || section.kind === 'svg' || section.kind === 'qr') return [figure(section, page)];
  if (section.kind === 'signatures') return [signatures(section, page)];
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
  const emphasized = new Set((section.emphasis ?? []).map(([r, c]) => `${r},${c}`));
  const alignment = (c: PdfColumn) => (c.money || c.align === 'right' ? 'right' : 'left');
  const cell = (c: PdfColumn, value: string | null, inTotals: boolean): ContentText => {
    if (c.money && value !== null)
      return { text: formatMoney(value), alignment: 'right', noWrap: true, bold: inTotals };
    if (c.money && value === null && !inTotals) return { text: EMPTY, alignment: 'right' };
    return { text: value ?? '', alignment: alignment(c), bold: inTotals };
  };
  const body: TableCell[][] = [columns.map((c) => ({ text: c.header, style: 'tableHeader', alignment: alignment(c) }))];
  for (const [r, row] of rows.entries())
    body.push(
      row.map((v, c) => {
        const out = cell(columns[c]!, v, false);
        return emphasized.has(`${r},${c}`) ? { ...out, bold: true, fillColor: EMPHASIS_FILL } : out;
      }),
    );
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

const CAPTION_SPACE = 14; // points under a picture for its caption line
const FIGURE_GAP = 8; // points between a picture and what follows

/** An image, SVG or QR section: the picture and its caption, kept together, never wider or taller than the page. */
function figure(section: PdfImageSection | PdfSvgSection | PdfQrSection, page: PageLayout): PdfContent {
  const alignment = section.align ?? 'left';
  const beside = section.kind === 'qr' && section.caption && section.captionPosition === 'beside';
  const below = section.caption && !beside;
  const caption: PdfContent[] = below ? [{ text: section.caption!, style: 'caption', alignment }] : [];
  // The block's space below it: at most what the page leaves, since a block taller than the page's printable
  // height, margin included, starts a blank page.
  const room = page.contentHeight - (below ? CAPTION_SPACE : 0);
  const gap = (height: number) => [0, 0, 0, Math.max(0, Math.min(FIGURE_GAP, room - height))] as const;
  if (section.kind === 'qr') {
    const size = Math.min(section.size, page.contentWidth, room);
    // Level M survives a scuffed label; pdfmake draws the modules as rectangles (no image).
    const qr: PdfContent = { qr: section.text, fit: size, eccLevel: 'M', alignment: beside ? 'left' : alignment };
    if (beside)
      return {
        unbreakable: true,
        margin: [...gap(size)],
        columnGap: 6,
        columns: [
          { width: size, stack: [qr] },
          { width: '*', stack: [{ text: section.caption!, fontSize: 9 }] },
        ],
      };
    return { unbreakable: true, margin: [...gap(size)], stack: [qr, ...caption] };
  }
  // The height a picture takes is known only once pdfmake reads it: keep the gap out of the box it fits in.
  const fit: [number, number] = [Math.min(section.width, page.contentWidth), Math.max(1, room - FIGURE_GAP)];
  const picture: PdfContent =
    section.kind === 'svg' ? { svg: section.svg, fit, alignment } : { image: dataUrl(section.data), fit, alignment };
  return { unbreakable: true, margin: [0, 0, 0, FIGURE_GAP], stack: [picture, ...caption] };
}

/** A checked image section's bytes as the data URL pdfmake embeds (it fetches no other kind: see the worker). */
function dataUrl(data: Uint8Array | string): string {
  const bytes = imageBuffer(data);
  return `data:image/${imageType(bytes)};base64,${typeof data === 'string' ? data : bytes.toString('base64')}`;
}

const SIGN_SPACE = 34; // points of blank paper above each signature line

/** A signatures section: rows of `perRow` columns, each a line to sign on, the name, the role, the date line. */
function signatures(section: PdfSignaturesSection, page: PageLayout): PdfContent {
  const perRow = section.perRow ?? Math.min(section.signatures.length, 3);
  const gap = 24;
  const width = (page.contentWidth - gap * (perRow - 1)) / perRow;
  const rule = (w: number): ContentCanvas => ({
    canvas: [{ type: 'line', x1: 0, y1: 0, x2: w, y2: 0, lineWidth: 0.6, lineColor: '#333333' }],
  });
  const one = (s: PdfSignaturesSection['signatures'][number]): Column => ({
    width,
    stack: [
      { ...rule(width), margin: [0, SIGN_SPACE, 0, 3] },
      { text: s.name, bold: true, alignment: 'center' },
      ...(s.role ? [{ text: s.role, style: 'caption', alignment: 'center' as const }] : []),
      ...(section.dateLabel
        ? [
            {
              margin: [0, 12, 0, 0] as [number, number, number, number],
              columns: [
                { text: `${section.dateLabel}:`, width: 'auto' as const, fontSize: 9 },
                {
                  ...rule(Math.max(20, width - 60)),
                  width: '*' as const,
                  margin: [4, 10, 0, 0] as [number, number, number, number],
                },
              ],
            },
          ]
        : []),
    ],
  });
  const rows: PdfContent[] = [];
  for (let i = 0; i < section.signatures.length; i += perRow)
    rows.push({ columnGap: gap, columns: section.signatures.slice(i, i + perRow).map(one) });
  // One block: a signature never lands on the next page without the others.
  return { unbreakable: true, margin: [0, 8, 0, 8], stack: rows };
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
   * Renders a document to PDF bytes (A4 or its `pageSize`, embedded Roboto) in a worker thread.
   *
   * Throws `PdfTooLargeError` (422 `document_too_large`) over `PDF_MAX_ROWS` rows (table rows, plus one
   * per picture, QR code and signature line) or `PDF_MAX_IMAGE_BYTES` of pictures, `PdfContentError`
   * (400 `validation`) for picture bytes that are not PNG/JPEG or an SVG that is not one or references
   * something outside itself, a `TypeError` for a malformed document (a row with the wrong number of
   * cells, a money cell that is not a decimal string, an emphasis pair outside its table, a width or
   * size that is not a positive number, an empty or too long QR text, 0 or over 12 signatures, a page
   * its margins leave no room on), `AppError` 503 `documents_busy` with Retry-After (seconds) when `queueMax` renders already
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
