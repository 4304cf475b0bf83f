import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import type { z } from 'zod';
import type { FieldError } from '@amparo/shared/errors';
import { toFieldErrors } from '@amparo/shared/validation';
import type { Config } from '../../config.ts';
import { AppError, invalidField } from '../errors.ts';
import { readUploadBytes, type UploadSource } from '../uploads.ts';
import { checkCompoundFile } from './ole2-guard.ts';
import { WorkQueue } from '../work-queue.ts';
import { repackWorkbookZip, type ZipLimits } from './zip-guard.ts';
import { compoundFileKind } from '../compound-file.ts';

/**
 * Spreadsheet import (issue 13 section 0, decision 0018), in four steps that
 * every import (the POA, later the personnel execution) follows:
 *
 * 1. `readSpreadsheet`: an uploaded .xlsx or legacy .xls (BIFF8), recognised
 *    by its content, an .xlsx's zip checked and unpacked under limits first
 *    (`zip-guard.ts`), an .xls's compound file checked (`ole2-guard.ts`),
 *    parsed by SheetJS in a worker thread under size, row, column, time and
 *    memory limits, into rows of text cells; one parse at a time per server
 *    instance (`SpreadsheetReader`, `lib/work-queue.ts`).
 * 2. `previewImport`: the header row matched to the import's columns, every
 *    row checked by the import's zod schema (errors per row and cell), then by
 *    its own `check` (codes that must exist, totals that must add up).
 * 3. `errorWorkbook`: the uploaded rows with an error column, in the user's
 *    language, to fix and upload again; `templateWorkbook`: the expected
 *    columns with an example row.
 * 4. The module writes every valid row in one transaction, all or none, and
 *    only when no row has an error (`assertImportable`).
 */

/** Limits that keep a hostile file from exhausting the server (the zip's: `ZipLimits`, issue 23 section 3). */
export interface SpreadsheetLimits extends ZipLimits {
  /** Bytes of the uploaded file (413 over it). */
  maxBytes: number;
  /** Data rows under the header. */
  maxRows: number;
  maxColumns: number;
  /** Wall time of the parse, in ms. */
  maxMillis: number;
  /** Heap of the parsing worker, in MB (at least 16: under that Node cannot start the worker and aborts the process). */
  maxMemoryMb: number;
}

export const DEFAULT_IMPORT_LIMITS: SpreadsheetLimits = {
  maxBytes: 5 * 1024 * 1024,
  maxRows: 5000,
  maxColumns: 60,
  maxMillis: 15_000,
  maxMemoryMb: 256,
  maxUnpackedBytes: 50 * 1024 * 1024,
  maxCompressionRatio: 100,
  ratioFromBytes: 64 * 1024,
  maxEntries: 1000,
};

/** The import limits with the zip's from configuration (SPREADSHEET_* variables; the others are the defaults). */
export function importLimits(
  config: Pick<
    Config,
    | 'SPREADSHEET_MAX_UNPACKED_BYTES'
    | 'SPREADSHEET_MAX_COMPRESSION_RATIO'
    | 'SPREADSHEET_RATIO_FROM_BYTES'
    | 'SPREADSHEET_MAX_ENTRIES'
  >,
): SpreadsheetLimits {
  return {
    ...DEFAULT_IMPORT_LIMITS,
    maxUnpackedBytes: config.SPREADSHEET_MAX_UNPACKED_BYTES,
    maxCompressionRatio: config.SPREADSHEET_MAX_COMPRESSION_RATIO,
    ratioFromBytes: config.SPREADSHEET_RATIO_FROM_BYTES,
    maxEntries: config.SPREADSHEET_MAX_ENTRIES,
  };
}

/**
 * Options of a read: `only: 'xls'` accepts legacy .xls (BIFF) alone and refuses anything else by its content,
 * an .xlsx included (`spreadsheet_not_xls`: "the file cannot be executed", issue 27 section 4); `maxRows`
 * replaces the limits' data rows for an import that takes longer files (the payroll's 10,000 rows).
 */
export interface ReadOptions {
  only?: 'xls';
  maxRows?: number;
}

/** The two formats read, and the MIME type and extension of a file written back in each. */
export type SpreadsheetFormat = 'xlsx' | 'xls';
export const SPREADSHEET_MIME: Record<SpreadsheetFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
};

/** A sheet as text: row i is line i + 1 of the file; its first non-blank row is the header. */
export type SheetRows = (string | null)[][];

const XLSX_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]); // a zip (Office Open XML)
const XLS_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]); // an OLE2 compound file (BIFF8)

/**
 * 'xlsx', 'xls' or null, by the file's content (its name and declared type are not trusted): a zip, or an OLE2
 * compound file whose directory holds a workbook (a .doc is a compound file too, and is not a spreadsheet).
 */
export function spreadsheetKind(data: Buffer): 'xlsx' | 'xls' | null {
  if (data.subarray(0, 4).equals(XLSX_MAGIC)) return 'xlsx';
  if (data.subarray(0, 8).equals(XLS_MAGIC)) return compoundFileKind(data) === 'xls' ? 'xls' : null;
  return null;
}

/**
 * Reads the first sheet of an uploaded workbook into text cells (numbers
 * without float noise, dates as YYYY-MM-DD, blanks as null; formulas give
 * their cached values, never evaluated).
 *
 * An .xlsx (a zip) reaches SheetJS only as the entries `repackWorkbookZip`
 * inflated under the zip limits, packed again uncompressed: SheetJS never
 * inflates anything. An .xls (OLE2) is not compressed, but SheetJS copies its
 * sector chains as it reads them: `checkCompoundFile` counts those copies and
 * the directory's entries first, under the same limits.
 *
 * Errors (field `field`): 413 `file_too_large` over `maxBytes`; 400
 * `spreadsheet_type` for content that is neither xlsx nor xls; the zip's and
 * the compound file's refusals (`spreadsheet_too_many_entries`,
 * `spreadsheet_too_large_unpacked`, `spreadsheet_compression_ratio`,
 * `spreadsheet_size_mismatch`: see `repackWorkbookZip` and
 * `checkCompoundFile`); 400 `spreadsheet_unreadable` for a damaged workbook;
 * 400 `spreadsheet_not_xls` for anything but an .xls when `options.only` is 'xls'; for an encrypted .xls
 * 400 `spreadsheet_read_only` (encrypted under Excel's default password: saved read-only or with a password
 * to modify; `xls-encryption.ts`) or 400 `spreadsheet_password` (a password to open);
 * 400 `spreadsheet_too_complex` when parsing passes `maxMillis` or
 * `maxMemoryMb` (the worker is stopped); 400 `too_many_rows` (params.max) over
 * `maxRows` data rows; 400 `required` for a sheet without rows.
 */
export async function readSpreadsheet(
  data: Buffer,
  field = 'file',
  base: SpreadsheetLimits = DEFAULT_IMPORT_LIMITS,
  options: ReadOptions = {},
): Promise<SheetRows> {
  const limits = options.maxRows ? { ...base, maxRows: options.maxRows } : base;
  if (data.length > limits.maxBytes)
    throw new AppError(413, 'payload_too_large', [{ field, code: 'file_too_large', params: { max: limits.maxBytes } }]);
  const kind = spreadsheetKind(data);
  if (options.only && kind !== options.only) throw invalidField(field, 'spreadsheet_not_xls');
  if (!kind) throw invalidField(field, 'spreadsheet_type');
  if (kind === 'xls') checkCompoundFile(data, field, limits);
  // On its own ArrayBuffer either way, handed over to the worker rather than copied.
  const input = kind === 'xlsx' ? await repackWorkbookZip(data, field, limits) : new Uint8Array(data);
  const parsed = await new Promise<{ rows: SheetRows; columns: number } | { error: string }>((resolve, reject) => {
    const worker = new Worker(new URL('./read-worker.ts', import.meta.url), {
      workerData: { data: input, maxRows: limits.maxRows, maxColumns: limits.maxColumns },
      transferList: [input.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: Math.max(16, limits.maxMemoryMb), maxYoungGenerationSizeMb: 8 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () => finish(() => reject(invalidField(field, 'spreadsheet_too_complex'))),
      limits.maxMillis,
    );
    worker.once('message', (message: { rows: SheetRows; columns: number } | { error: string }) =>
      finish(() => resolve(message)),
    );
    worker.once('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          invalidField(
            field,
            err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'spreadsheet_too_complex' : 'spreadsheet_unreadable',
          ),
        ),
      ),
    );
    worker.once('exit', () => finish(() => reject(invalidField(field, 'spreadsheet_unreadable'))));
  });
  if ('error' in parsed) throw invalidField(field, parsed.error as 'spreadsheet_read_only' | 'spreadsheet_password');
  const lines = parsed.rows.filter((r) => r.some((c) => c !== null)).length;
  if (lines === 0) throw invalidField(field, 'required');
  if (lines - 1 > limits.maxRows) throw invalidField(field, 'too_many_rows', { max: limits.maxRows });
  if (parsed.columns > limits.maxColumns) throw invalidField(field, 'too_many_columns', { max: limits.maxColumns });
  return parsed.rows;
}

/**
 * This server instance's spreadsheet reading (issue 23 section 3): every
 * endpoint that parses an uploaded spreadsheet goes through `read`, so they
 * share one queue: one parse at a time, `queueMax` more waiting.
 */
export class SpreadsheetReader {
  readonly limits: SpreadsheetLimits;
  readonly queue: WorkQueue;

  constructor(limits: SpreadsheetLimits, queueMax: number) {
    this.limits = limits;
    this.queue = new WorkQueue(queueMax);
  }

  /**
   * The uploaded file's (multipart field `field`) first sheet: a place in the
   * queue, then the upload (`readUploadBytes`, at most `maxBytes`), then the
   * parse alone (`readSpreadsheet`). Errors: 503 `busy_try_later` with
   * Retry-After (seconds) when the queue is full, before the upload is read;
   * then those of `readUploadBytes` (400 `required`, 413 `file_too_large`) and
   * `readSpreadsheet`.
   */
  async read(upload: UploadSource, field = 'file', options: ReadOptions = {}): Promise<SheetRows> {
    return (await this.readFile(upload, field, options)).rows;
  }

  /** As `read`, with the uploaded bytes and their format (to keep, hash, or answer an error file in the same format). */
  readFile(
    upload: UploadSource,
    field = 'file',
    options: ReadOptions = {},
  ): Promise<{ rows: SheetRows; data: Buffer; format: SpreadsheetFormat }> {
    return this.queue.run(
      () => readUploadBytes(upload, field, this.limits.maxBytes),
      async (data) => {
        // The worker takes its own copy (`readSpreadsheet` hands over a new buffer), so `data` stays whole.
        const rows = await readSpreadsheet(data, field, this.limits, options);
        return { rows, data, format: spreadsheetKind(data)! };
      },
    );
  }
}

/** One column of an import: its key in the row object, its header in each language, an example for the template. */
export interface ImportColumn {
  key: string;
  header: { es: string; en: string };
  example: string;
  /** Template column width, in characters. */
  width?: number;
}

/** A checked row: its line in the file (1 = the header), its cells by column key, its errors, and its value when valid. */
export interface PreviewRow<T> {
  line: number;
  values: Record<string, string | null>;
  errors: FieldError[];
  value: T | null;
}

/** An import's definition: its columns, the schema each row must satisfy, and checks across rows or on the database. */
export interface ImportDefinition<T> {
  columns: readonly ImportColumn[];
  /** Parses one row's cells (`Record<column key, string | null>`); its field errors name column keys. */
  row: z.ZodType<T>;
  /** Adds errors to rows after the schema (unknown codes, totals that do not add up); may read the database. */
  check?: (rows: PreviewRow<T>[]) => void | Promise<void>;
  /**
   * `check` also receives the rows the schema refused (`value` null, their cells in `values`), so one preview
   * gives every error of every row, not the reference errors only once the field errors are fixed.
   */
  checkAll?: boolean;
}

export interface ImportPreview<T> {
  rows: PreviewRow<T>[];
  valid: number;
  invalid: number;
}

/** Lower case, no accents, single spaces: 'Año ' and 'ano' name the same column. */
const headerKey = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Checks every row of a read sheet against the import (no row is written).
 * The first row is the header; a column is recognised by its Spanish or
 * English header or its key, in any order, case and accents aside. Rows with
 * every cell blank are skipped. Errors: 400 `columns_missing` (params.columns,
 * the missing headers in Spanish, comma-separated) on `field`.
 */
export async function previewImport<T>(
  definition: ImportDefinition<T>,
  sheet: SheetRows,
  field = 'file',
): Promise<ImportPreview<T>> {
  const headerIndex = sheet.findIndex((r) => r.some((c) => c !== null));
  const header = sheet[headerIndex] ?? [];
  const body = sheet.slice(headerIndex + 1);
  const byHeader = new Map<string, string>();
  for (const c of definition.columns)
    for (const name of [c.key, c.header.es, c.header.en]) byHeader.set(headerKey(name), c.key);
  const positions = new Map<string, number>();
  header.forEach((cell, i) => {
    const key = cell === null ? undefined : byHeader.get(headerKey(cell));
    if (key && !positions.has(key)) positions.set(key, i);
  });
  const missing = definition.columns.filter((c) => !positions.has(c.key));
  if (missing.length)
    throw invalidField(field, 'columns_missing', { columns: missing.map((c) => c.header.es).join(', ') });

  const rows: PreviewRow<T>[] = [];
  body.forEach((cells, i) => {
    if (cells.every((c) => c === null)) return;
    const values = Object.fromEntries(definition.columns.map((c) => [c.key, cells[positions.get(c.key)!] ?? null]));
    const parsed = definition.row.safeParse(values);
    rows.push({
      // Line in the file as the user sees it in a spreadsheet program.
      line: headerIndex + i + 2,
      values,
      errors: parsed.success ? [] : toFieldErrors(parsed.error),
      value: parsed.success ? parsed.data : null,
    });
  });
  await definition.check?.(definition.checkAll ? rows : rows.filter((r) => r.errors.length === 0));
  for (const r of rows) if (r.errors.length) r.value = null;
  const invalid = rows.filter((r) => r.errors.length > 0).length;
  return { rows, valid: rows.length - invalid, invalid };
}

/** The checked rows' values, or 400 `import_has_errors` (params: invalid rows) when any row has an error: all or none. */
export function assertImportable<T>(preview: ImportPreview<T>, field = 'file'): T[] {
  if (preview.invalid > 0 || preview.rows.length === 0)
    throw invalidField(field, preview.rows.length === 0 ? 'required' : 'import_has_errors', { count: preview.invalid });
  return preview.rows.map((r) => r.value!);
}

/** An error as a sentence of the file's language (for the error column). */
export type DescribeError = (error: FieldError) => string;

async function workbook(
  columns: readonly ImportColumn[],
  locale: 'es' | 'en',
  extra: string | null,
  fill: (sheet: ExcelJS.Worksheet) => void,
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(locale === 'es' ? 'Datos' : 'Data', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    ...columns.map((c) => ({
      header: c.header[locale],
      key: c.key,
      width: c.width ?? Math.max(12, c.header[locale].length + 2),
    })),
    ...(extra ? [{ header: extra, key: '__errors', width: 60 }] : []),
  ];
  sheet.getRow(1).font = { bold: true };
  fill(sheet);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A sheet the template adds after the data sheet (the codes a column accepts, say); reading ignores it. */
export interface ReferenceSheet {
  name: string;
  columns: { header: string; key: string; width?: number }[];
  rows: Record<string, string | null>[];
}

/**
 * The import's template: its headers in `locale` and one example row, then any `reference` sheets (only the first
 * sheet is read back on import). `example` replaces cells of the example row (by column key) with this
 * installation's own values. An .xlsx (ExcelJS, bold headers), or for an .xls-only import a legacy .xls
 * (SheetJS's BIFF8 writer, no styles), so the template is a file the import takes.
 */
export function templateWorkbook<T>(
  definition: ImportDefinition<T>,
  locale: 'es' | 'en',
  reference: ReferenceSheet[] = [],
  example: Record<string, string> = {},
  format: SpreadsheetFormat = 'xlsx',
): Promise<Buffer> {
  const exampleRow = Object.fromEntries(definition.columns.map((c) => [c.key, example[c.key] ?? c.example]));
  if (format === 'xls')
    return Promise.resolve(
      biff8([
        {
          name: locale === 'es' ? 'Datos' : 'Data',
          columns: definition.columns.map((c) => ({ header: c.header[locale], key: c.key, width: c.width })),
          rows: [exampleRow],
        },
        ...reference,
      ]),
    );
  return workbook(definition.columns, locale, null, (sheet) => {
    sheet.addRow(exampleRow);
    for (const spec of reference) {
      const extra = sheet.workbook.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: 1 }] });
      extra.columns = spec.columns.map((c) => ({ ...c, width: c.width ?? Math.max(12, c.header.length + 2) }));
      extra.getRow(1).font = { bold: true };
      for (const row of spec.rows) extra.addRow(row);
    }
  });
}

/** Sheets as a legacy .xls (BIFF8, SheetJS's writer): headers then rows, text cells, column widths. */
function biff8(sheets: ReferenceSheet[]): Buffer {
  const book = XLSX.utils.book_new();
  for (const spec of sheets) {
    const sheet = XLSX.utils.aoa_to_sheet([
      spec.columns.map((c) => c.header),
      ...spec.rows.map((r) => spec.columns.map((c) => r[c.key] ?? null)),
    ]);
    sheet['!cols'] = spec.columns.map((c) => ({ wch: c.width ?? Math.max(12, c.header.length + 2) }));
    // Sheet names: at most 31 characters in Excel.
    XLSX.utils.book_append_sheet(book, sheet, spec.name.slice(0, 31));
  }
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/**
 * The uploaded rows as they were read, with a last column giving each row's
 * errors as sentences ('Columna: error; …', empty for a good row), in
 * `locale`: the user fixes them there and uploads the file again. In the
 * upload's `format`: an .xlsx (ExcelJS, the errors in red), or for an .xls
 * upload a legacy .xls (SheetJS's BIFF8 writer, no styles), so an import that
 * takes .xls only takes its own error file back.
 */
export function errorWorkbook<T>(
  definition: ImportDefinition<T>,
  preview: ImportPreview<T>,
  locale: 'es' | 'en',
  describe: DescribeError,
  format: SpreadsheetFormat = 'xlsx',
): Promise<Buffer> {
  const headerOf = new Map(definition.columns.map((c) => [c.key, c.header[locale]]));
  const errorsHeader = locale === 'es' ? 'Errores' : 'Errors';
  const sentences = (r: PreviewRow<T>) =>
    r.errors.map((e) => `${headerOf.get(e.field) ?? e.field}: ${describe(e)}`).join('; ');
  if (format === 'xls')
    return Promise.resolve(
      biff8([
        {
          name: locale === 'es' ? 'Datos' : 'Data',
          columns: [
            ...definition.columns.map((c) => ({ header: c.header[locale], key: c.key, width: c.width })),
            { header: errorsHeader, key: '__errors', width: 60 },
          ],
          rows: preview.rows.map((r) => ({ ...r.values, __errors: sentences(r) })),
        },
      ]),
    );
  return workbook(definition.columns, locale, errorsHeader, (sheet) => {
    for (const r of preview.rows) {
      const row = sheet.addRow({ ...r.values, __errors: sentences(r) });
      if (r.errors.length) row.getCell('__errors').font = { color: { argb: 'FFB00020' } };
    }
  });
}
