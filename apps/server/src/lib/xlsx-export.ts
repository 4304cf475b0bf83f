import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { disposition, type Content } from './content.ts';

/** One sheet of a workbook: its columns, the heading above them, and the rows `fill` adds. */
export interface XlsxSheet {
  /** The tab's name (Excel: at most 31 characters, none of : \ / ? * [ ]; cut and replaced here). */
  name: string;
  /** The sheet's columns; `numFmt` is an Excel number format for the column's cells ('#,##0.00' for amounts). */
  columns: { header: string; key: string; width: number; numFmt?: string }[];
  /**
   * What the PDF of the same summary prints above its table (issue 24 section 6, item 9): the title (bold), then a
   * row per filter and the generated instant ('Año' | '2026'), and a blank row, above the header. None: the header
   * is the first row (lists whose file is read back as a table).
   */
  heading?: { title: string; lines: { label: string; value: string }[] };
  /**
   * Adds the rows, in batches read from the database; `addRow` takes one row
   * by column key (`bold` for a totals row). Between batches it awaits
   * `nextBatch()` so the response drains.
   */
  fill: (addRow: (row: Record<string, unknown>, options?: { bold?: boolean }) => void) => Promise<void>;
}

export interface XlsxWorkbook {
  /** The download's file name, in any script: sent as RFC 6266 / 5987 (`disposition`), never raw in the header. */
  filename: string;
  /** How many rows the file will hold, sent first in `x-export-rows` (the web shows it before the download ends). */
  rows: number;
  /** The sheets, in tab order (issue 25 section 7: several sheets); at least one. */
  sheets: XlsxSheet[];
  log: { error(details: object, message: string): void };
}

/** One sheet streamed as xlsx (`xlsxWorkbook` with a single sheet; `sheet` holds its name and columns). */
export interface XlsxExport extends Omit<XlsxWorkbook, 'sheets'>, Omit<XlsxSheet, 'name' | 'columns'> {
  sheet: Pick<XlsxSheet, 'name' | 'columns'>;
}

/** Lets the response drain between two batches of an export. */
export const nextBatch = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A name Excel accepts for a tab: at most 31 characters, none of : \ / ? * [ ] (each becomes a space). */
export const sheetName = (name: string) =>
  name
    .replace(/[:\\/?*[\]]/g, ' ')
    .slice(0, 31)
    .trim() || 'Hoja';

/** One sheet's rows through `xlsxExport`'s single-sheet shape (the lists and summaries that export one table). */
export function xlsxExport({ sheet, heading, fill, ...book }: XlsxExport): Content {
  return xlsxWorkbook({ ...book, sheets: [{ ...sheet, heading, fill }] });
}

/**
 * A workbook streamed as xlsx (ExcelJS's streaming writer: memory stays flat whatever the row count), one sheet
 * after the other: each with its `heading` if any, its header row bold and frozen, then what its `fill` adds.
 * A failure while writing is logged (no row data in the log) and ends the stream with the error, so the download
 * fails instead of ending short.
 */
export function xlsxWorkbook({ filename, rows, sheets, log }: XlsxWorkbook): Content {
  if (!sheets.length) throw new TypeError('xlsxWorkbook(): no sheet');
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  const write = async () => {
    const used = new Set<string>();
    for (const spec of sheets) {
      let name = sheetName(spec.name);
      // Tab names are unique in a workbook (case-insensitive): a repeat gets a number.
      for (let n = 2; used.has(name.toLowerCase()); n++) name = `${sheetName(spec.name).slice(0, 27)} (${n})`;
      used.add(name.toLowerCase());
      await writeSheet(workbook, name, spec);
    }
    await workbook.commit();
  };
  write().catch((err) => {
    log.error({ err }, 'export failed');
    stream.destroy(err);
  });
  return {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    headers: {
      'content-disposition': disposition('attachment', filename),
      'x-export-rows': String(rows),
      'cache-control': 'no-store',
    },
    body: stream,
  };
}

async function writeSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, spec: XlsxSheet) {
  const { heading, fill } = spec;
  // The heading's rows (title, filters, a blank one) come before the header, which stays frozen at the top.
  const headingRows = heading ? heading.lines.length + 2 : 0;
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: headingRows + 1 }] });
  if (heading) {
    // Columns without their header (ExcelJS would write it in row 1); the header row is added after the heading.
    sheet.columns = spec.columns.map(({ numFmt, header: _header, ...column }) =>
      numFmt ? { ...column, style: { numFmt } } : column,
    );
    const title = sheet.addRow([heading.title]);
    title.font = { bold: true, size: 14 };
    title.commit();
    for (const line of heading.lines) sheet.addRow([line.label, line.value]).commit();
    sheet.addRow([]).commit();
    const header = sheet.addRow(spec.columns.map((c) => c.header));
    header.font = { bold: true };
    header.commit();
  } else {
    sheet.columns = spec.columns.map(({ numFmt, ...column }) => (numFmt ? { ...column, style: { numFmt } } : column));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();
  }
  await fill((values, options) => {
    const row = sheet.addRow(values);
    if (options?.bold) row.font = { bold: true };
    row.commit();
  });
  sheet.commit();
}
