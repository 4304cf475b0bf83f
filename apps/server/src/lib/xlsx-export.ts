import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { Content } from './content.ts';

export interface XlsxExport {
  /** The download's file name (ASCII). */
  filename: string;
  /** How many rows the file will hold, sent first in `x-export-rows` (the web shows it before the download ends). */
  rows: number;
  /** The sheet's columns; `numFmt` is an Excel number format for the column's cells ('#,##0.00' for amounts). */
  sheet: { name: string; columns: { header: string; key: string; width: number; numFmt?: string }[] };
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
  log: { error(details: object, message: string): void };
}

/** Lets the response drain between two batches of an export. */
export const nextBatch = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One sheet streamed as xlsx (ExcelJS's streaming writer: memory stays flat
 * whatever the row count): the `heading` if any, the header row bold and frozen, then what `fill`
 * adds. A failure while writing is logged (no row data in the log) and ends
 * the stream with the error, so the download fails instead of ending short.
 */
export function xlsxExport({ filename, rows, sheet: spec, heading, fill, log }: XlsxExport): Content {
  const stream = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useStyles: true, useSharedStrings: false });
  // The heading's rows (title, filters, a blank one) come before the header, which stays frozen at the top.
  const headingRows = heading ? heading.lines.length + 2 : 0;
  const sheet = workbook.addWorksheet(spec.name, { views: [{ state: 'frozen', ySplit: headingRows + 1 }] });
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
  const write = async () => {
    await fill((values, options) => {
      const row = sheet.addRow(values);
      if (options?.bold) row.font = { bold: true };
      row.commit();
    });
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err) => {
    log.error({ err }, 'export failed');
    stream.destroy(err);
  });
  return {
    mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    headers: {
      'content-disposition': `attachment; filename="${filename}"`,
      'x-export-rows': String(rows),
      'cache-control': 'no-store',
    },
    body: stream,
  };
}
