/**
 * Runs in a worker thread (spawned by `readSpreadsheet`): parses one workbook
 * with SheetJS and posts back the first sheet's cells as text. A worker so a
 * hostile file (a zip bomb, a sheet of a million rows) is stopped by the
 * caller's time and memory limits instead of blocking the server's thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';
import { xlsEncryption } from './xls-encryption.ts';

interface Input {
  data: Uint8Array;
  maxRows: number;
  maxColumns: number;
}

const { data, maxRows, maxColumns } = workerData as Input;

/** A cell as text: numbers without float noise (15 significant digits), dates as YYYY-MM-DD, blanks as null. */
function text(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(Number(value.toPrecision(15))) : null;
  if (value instanceof Date) {
    // Read as UTC (the `UTC` option below): a date serial has no time zone, so the server's TZ never moves a day.
    const p = (n: number) => String(n).padStart(2, '0');
    return `${value.getUTCFullYear()}-${p(value.getUTCMonth() + 1)}-${p(value.getUTCDate())}`;
  }
  const s = String(value).trim();
  return s === '' ? null : s;
}

/** The first sheet's cells, or the reason an encrypted .xls cannot be read. */
function read(): { rows: (string | null)[][]; columns: number } | { error: string } {
  let book: XLSX.WorkBook;
  try {
    book = XLSX.read(data, {
      type: 'array',
      dense: true,
      cellDates: true,
      cellFormula: false,
      cellHTML: false,
      cellStyles: false,
      bookVBA: false,
      // One row more than allowed (plus the header), so the caller can tell "too many" from "exactly the limit".
      sheetRows: maxRows + 2,
    });
  } catch (err) {
    // SheetJS reads no encrypted .xls: say whether it is only read-only (Excel's default password) or has its own.
    if (!/password|encryption/i.test(err instanceof Error ? err.message : '')) throw err;
    const encryption = xlsEncryption(data);
    return { error: encryption === 'read_only' ? 'spreadsheet_read_only' : 'spreadsheet_password' };
  }
  const first = book.SheetNames[0];
  const sheet = first ? book.Sheets[first] : undefined;
  const grid: unknown[][] = sheet
    ? XLSX.utils.sheet_to_json(sheet, { header: 1, raw: true, defval: null, blankrows: true, UTC: true })
    : [];
  // Rows before the sheet's used range are padded, so row i is line i + 1 of the file as a spreadsheet program shows it.
  const start = sheet?.['!ref'] ? XLSX.utils.decode_range(sheet['!ref']).s.r : 0;
  const rows = [
    ...Array.from({ length: start }, () => []),
    ...grid.map((row) => row.slice(0, maxColumns + 1).map(text)),
  ];
  while (rows.length && rows[rows.length - 1]!.every((c) => c === null)) rows.pop();
  return { rows, columns: Math.max(0, ...grid.map((r) => r.length)) };
}

parentPort!.postMessage(read());
