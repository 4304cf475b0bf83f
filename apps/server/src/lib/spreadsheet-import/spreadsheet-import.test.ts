import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { z } from 'zod';
import { moneyAmount } from '@amparo/shared/money';
import {
  compoundFileBomb,
  deflatedPart,
  partsOf,
  storedLie,
  workbookBomb,
  zerosPart,
  zipOf,
} from '../../../test/spreadsheet-bombs.ts';
import { AppError } from '../errors.ts';
import { fieldErrorText } from '../locale-text.ts';
import { encryptedXls } from '../../../test/xls-encrypted.ts';
import { xlsEncryption, xlsOpensWith } from './xls-encryption.ts';
import {
  assertImportable,
  DEFAULT_IMPORT_LIMITS,
  errorWorkbook,
  previewImport,
  readSpreadsheet,
  SPREADSHEET_MIME,
  spreadsheetKind,
  templateWorkbook,
  type ImportDefinition,
} from './spreadsheet-import.ts';

/** A small import like the POA's: a year, a code that must exist, an amount, a date. */
const KNOWN = new Set(['EJ1', 'EJ2']);
const definition: ImportDefinition<{ year: number; axis: string; amount: string; date: string }> = {
  columns: [
    { key: 'year', header: { es: 'Año', en: 'Year' }, example: '2027' },
    { key: 'axis', header: { es: 'Eje estratégico', en: 'Strategic axis' }, example: 'EJ1' },
    { key: 'amount', header: { es: 'Monto', en: 'Amount' }, example: '1500.00' },
    { key: 'date', header: { es: 'Fecha', en: 'Date' }, example: '2027-01-31' },
  ],
  row: z.object({
    year: z.coerce.number().int().min(2000).max(2100),
    axis: z.string().min(1),
    amount: moneyAmount(),
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  }),
  check: (rows) => {
    for (const r of rows) if (!KNOWN.has(r.value!.axis)) r.errors.push({ field: 'axis', code: 'invalid' });
  },
};

/** A Buffer's bytes as the ArrayBuffer ExcelJS's types ask for. */
const arrayBuffer = (b: Buffer) => new Uint8Array(b).buffer;

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('POA');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** A legacy .xls (BIFF8), as Excel 97–2003 saves it. */
function xls(rows: unknown[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), 'POA');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const e = err as AppError;
  return { status: e.status, field: e.fieldErrors[0] };
}

const GOOD = [
  ['Año', 'Eje estratégico', 'Monto', 'Fecha'],
  [2027, 'EJ1', 1500.5, new Date(2027, 0, 31)],
  // A sum computed by the spreadsheet (a float): read as the amount it shows.
  ['2027', 'EJ2', 0.1 + 0.2, '2027-02-28'],
];

describe('spreadsheet import (issue 13 section 0)', () => {
  it('reads xlsx and legacy xls by content into the same text cells', async () => {
    for (const file of [await xlsx(GOOD), xls(GOOD)]) {
      const rows = await readSpreadsheet(file);
      expect(rows).toEqual([
        ['Año', 'Eje estratégico', 'Monto', 'Fecha'],
        ['2027', 'EJ1', '1500.5', '2027-01-31'],
        ['2027', 'EJ2', '0.3', '2027-02-28'],
      ]);
    }
    // Typed as text, the same digits are what the user wrote: too many decimals, refused by the preview.
    expect((await readSpreadsheet(await xlsx([['Monto'], ['0.30000000000000004']])))[1]).toEqual([
      '0.30000000000000004',
    ]);
  });

  it('checks every row against the schema and the checks, and says which cell is wrong', async () => {
    const sheet = await readSpreadsheet(
      await xlsx([
        // Headers in English, another order, other case: still recognised.
        ['AMOUNT', 'year', 'Strategic Axis', 'date', 'Comentario'],
        [1500.5, 2027, 'EJ1', '2027-01-31', 'extra columns are ignored'],
        ['12.345', 2027, 'EJ1', '2027-01-31'],
        [-5, 1999, 'EJ9', 'mañana'],
        [null, null, null, null],
        ['10', 2027, 'EJ9', '2027-03-01'],
      ]),
    );
    const preview = await previewImport(definition, sheet);
    expect(preview).toMatchObject({ valid: 1, invalid: 3 });
    expect(preview.rows.map((r) => r.line)).toEqual([2, 3, 4, 6]);
    expect(preview.rows[0]).toMatchObject({
      errors: [],
      value: { year: 2027, axis: 'EJ1', amount: '1500.50', date: '2027-01-31' },
    });
    expect(preview.rows[1]!.errors).toEqual([{ field: 'amount', code: 'max_two_decimals' }]);
    expect(preview.rows[2]!.errors.map((e) => e.field).sort()).toEqual(['amount', 'date', 'year']);
    // The schema passed; the import's own check refused the unknown axis.
    expect(preview.rows[3]!.errors).toEqual([{ field: 'axis', code: 'invalid' }]);
    expect(preview.rows.filter((r) => r.errors.length).every((r) => r.value === null)).toBe(true);
    // All or none: with any error, nothing is importable.
    expect((await refusal(Promise.resolve().then(() => assertImportable(preview)))).field).toEqual({
      field: 'file',
      code: 'import_has_errors',
      params: { count: 3 },
    });
    const good = await previewImport(definition, await readSpreadsheet(await xlsx(GOOD)));
    expect(assertImportable(good).map((v) => v.amount)).toEqual(['1500.50', '0.30']);
  });

  it('names the missing columns', async () => {
    const sheet = await readSpreadsheet(
      await xlsx([
        ['Año', 'Monto'],
        [2027, 5],
      ]),
    );
    expect((await refusal(previewImport(definition, sheet))).field).toEqual({
      field: 'file',
      code: 'columns_missing',
      params: { columns: 'Eje estratégico, Fecha' },
    });
  });

  it('refuses what is not a workbook, a damaged one, and one over its limits', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect(await refusal(readSpreadsheet(png))).toEqual({
      status: 400,
      field: { field: 'file', code: 'spreadsheet_type' },
    });
    // A .csv renamed .xlsx is text, not a workbook.
    expect((await refusal(readSpreadsheet(Buffer.from('Año,Monto\n2027,5\n')))).field?.code).toBe('spreadsheet_type');
    const damaged = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(2000, 7)]);
    expect((await refusal(readSpreadsheet(damaged))).field?.code).toBe('spreadsheet_unreadable');

    const eleven = await xlsx([['Año'], ...Array.from({ length: 11 }, () => [2027])]);
    const limits = { ...DEFAULT_IMPORT_LIMITS, maxRows: 10 };
    expect((await refusal(readSpreadsheet(eleven, 'file', limits))).field).toEqual({
      field: 'file',
      code: 'too_many_rows',
      params: { max: 10 },
    });
    expect(
      await readSpreadsheet(await xlsx([['Año'], ...Array.from({ length: 10 }, () => [2027])]), 'file', limits),
    ).toHaveLength(11);
    expect(await refusal(readSpreadsheet(eleven, 'file', { ...DEFAULT_IMPORT_LIMITS, maxBytes: 100 }))).toMatchObject({
      status: 413,
      field: { code: 'file_too_large' },
    });
    const wide = await xlsx([Array.from({ length: 8 }, (_, i) => `c${i}`)]);
    expect(
      (await refusal(readSpreadsheet(wide, 'file', { ...DEFAULT_IMPORT_LIMITS, maxColumns: 5 }))).field?.code,
    ).toBe('too_many_columns');
  });

  it('stops a parse that passes its time or memory limit, and the server goes on', async () => {
    const big = await xlsx([
      ['Año', 'Monto', 'Descripción'],
      ...Array.from({ length: 20_000 }, (_, i) => [2027, i, `línea del plan número ${i}`]),
    ]);
    const roomy = { ...DEFAULT_IMPORT_LIMITS, maxRows: 50_000 };
    expect((await refusal(readSpreadsheet(big, 'file', { ...roomy, maxMillis: 5 }))).field?.code).toBe(
      'spreadsheet_too_complex',
    );
    expect((await refusal(readSpreadsheet(big, 'file', { ...roomy, maxMemoryMb: 16 }))).field?.code).toBe(
      'spreadsheet_too_complex',
    );
    // The same file within the limits reads whole.
    expect(await readSpreadsheet(big, 'file', roomy)).toHaveLength(20_001);
  });

  it('writes the rows back with their errors in Spanish, and a template', async () => {
    const sheet = await readSpreadsheet(
      await xlsx([
        ['Año', 'Eje estratégico', 'Monto', 'Fecha'],
        [2027, 'EJ1', '12.345', '2027-01-31'],
        [2027, 'EJ1', 5, '2027-01-31'],
      ]),
    );
    const preview = await previewImport(definition, sheet);
    const file = await errorWorkbook(definition, preview, 'es', (e) => fieldErrorText('es', e));
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(arrayBuffer(file));
    const rows = back.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(rows[0]!.slice(1)).toEqual(['Año', 'Eje estratégico', 'Monto', 'Fecha', 'Errores']);
    expect(rows[1]!.slice(1)).toEqual(['2027', 'EJ1', '12.345', '2027-01-31', 'Monto: Como máximo dos decimales']);
    expect(rows[2]!.slice(1, 5)).toEqual(['2027', 'EJ1', '5', '2027-01-31']);
    expect(rows[2]![5] ?? '').toBe('');
    expect(fieldErrorText('en', { field: 'x', code: 'too_many_rows', params: { max: 5000 } })).toBe(
      'The file has more than 5000 rows',
    );

    const template = new ExcelJS.Workbook();
    await template.xlsx.load(arrayBuffer(await templateWorkbook(definition, 'en')));
    const t = template.worksheets[0]!.getSheetValues().slice(1) as unknown[][];
    expect(t[0]!.slice(1)).toEqual(['Year', 'Strategic axis', 'Amount', 'Date']);
    expect(t[1]!.slice(1)).toEqual(['2027', 'EJ1', '1500.00', '2027-01-31']);
    // The template reads back as a valid import.
    expect(
      (await previewImport(definition, await readSpreadsheet(await templateWorkbook(definition, 'es')))).valid,
    ).toBe(1);
  });

  it('reads only legacy .xls when asked (the personnel execution), refusing an .xlsx by its content', async () => {
    const only = { only: 'xls' } as const;
    expect(await readSpreadsheet(xls(GOOD), 'file', DEFAULT_IMPORT_LIMITS, only)).toHaveLength(3);
    expect(await refusal(readSpreadsheet(await xlsx(GOOD), 'archivo', DEFAULT_IMPORT_LIMITS, only))).toEqual({
      status: 400,
      field: { field: 'archivo', code: 'spreadsheet_not_xls' },
    });
    expect(await refusal(readSpreadsheet(Buffer.from('Año;Monto'), 'file', DEFAULT_IMPORT_LIMITS, only))).toEqual({
      status: 400,
      field: { field: 'file', code: 'spreadsheet_not_xls' },
    });
    // Without the option both are read.
    expect(await readSpreadsheet(await xlsx(GOOD))).toHaveLength(3);
  });

  it("tells a read-only .xls (Excel's default password) from one with a password of its own", async () => {
    expect(await refusal(readSpreadsheet(encryptedXls('VelvetSweatshop')))).toEqual({
      status: 400,
      field: { field: 'file', code: 'spreadsheet_read_only' },
    });
    expect(await refusal(readSpreadsheet(encryptedXls('otra-clave', 'cryptoapi40')))).toEqual({
      status: 400,
      field: { field: 'file', code: 'spreadsheet_password' },
    });
    // Files Excel encrypted (msoffcrypto-tool's fixtures, MIT): each verifier opens with its password only.
    const rc4 = readFileSync(new URL('../../../test/fixtures/rc4cryptoapi_password.xls', import.meta.url));
    const xor = readFileSync(new URL('../../../test/fixtures/xor_password_123456789012345.xls', import.meta.url));
    expect([xlsOpensWith(rc4, 'Password1234_'), xlsOpensWith(rc4, 'VelvetSweatshop')]).toEqual([true, false]);
    expect([xlsOpensWith(xor, '123456789012345'), xlsOpensWith(xor, 'VelvetSweatshop')]).toEqual([true, false]);
    expect(xlsEncryption(rc4)).toBe('password');
    expect(xlsEncryption(xls(GOOD))).toBeNull();
    expect(await refusal(readSpreadsheet(rc4))).toEqual({
      status: 400,
      field: { field: 'file', code: 'spreadsheet_password' },
    });
  });

  it("reads a date cell as its day whatever the server's time zone (serials as UTC)", async () => {
    const book = XLSX.utils.book_new();
    const day = new Date(Date.UTC(2026, 11, 1));
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Fecha'], [day]], { UTC: true }), 'Datos');
    const file = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const zone = process.env.TZ;
    try {
      for (const tz of ['America/Guatemala', 'Pacific/Kiritimati', 'UTC']) {
        process.env.TZ = tz;
        expect(await readSpreadsheet(file), tz).toEqual([['Fecha'], ['2026-12-01']]);
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('writes the error file of an .xls upload as .xls (BIFF8), read back the same', async () => {
    const sheet = await readSpreadsheet(
      xls([
        ['Año', 'Eje estratégico', 'Monto', 'Fecha'],
        [2027, 'EJ1', '12.345', '2027-01-31'],
        [2027, 'EJ3', 5, '2027-01-31'],
      ]),
    );
    const preview = await previewImport(definition, sheet);
    const file = await errorWorkbook(definition, preview, 'en', (e) => fieldErrorText('en', e), 'xls');
    expect(spreadsheetKind(file)).toBe('xls');
    expect(SPREADSHEET_MIME.xls).toBe('application/vnd.ms-excel');
    // It reads back through the import's own reader (an .xls-only import takes its error file back).
    const back = await readSpreadsheet(file, 'file', DEFAULT_IMPORT_LIMITS, { only: 'xls' });
    expect(back).toEqual([
      ['Year', 'Strategic axis', 'Amount', 'Date', 'Errors'],
      ['2027', 'EJ1', '12.345', '2027-01-31', 'Amount: At most two decimals'],
      ['2027', 'EJ3', '5', '2027-01-31', 'Strategic axis: Invalid'],
    ]);
  });
});

/**
 * An .xlsx is a zip: checked on its central directory before anything is
 * inflated, inflated here under the limits, and handed to SheetJS packed
 * again without compression (issue 23 section 3, decision 0018). Each zip is
 * an ExcelJS workbook with parts added, or a bomb built in the test.
 */
describe('spreadsheet import: the zip before the parse (issue 23 section 3)', () => {
  const MIB = 1024 * 1024;
  /** A good workbook's parts, to add others beside. */
  const goodParts = async () => partsOf(await xlsx(GOOD));
  const READ = [
    ['Año', 'Eje estratégico', 'Monto', 'Fecha'],
    ['2027', 'EJ1', '1500.5', '2027-01-31'],
    ['2027', 'EJ2', '0.3', '2027-02-28'],
  ];

  it('reads a good workbook through the guard, small well-compressed parts and stored ones included', async () => {
    const parts = await goodParts();
    // A 60 KB run of zeros (1,000 to 1, under the 64 KB the ratio starts at) and a stored part are ordinary.
    const file = zipOf([
      ...parts,
      zerosPart('xl/media/blank.bin', 60 * 1024),
      { ...deflatedPart('a.txt', 'x'), method: 0, body: Buffer.from('x') },
    ]);
    expect(await readSpreadsheet(file)).toEqual(READ);
  });

  it('refuses a zip bomb by its declared size before inflating it', async () => {
    // About 1 MB that inflates to 1 GiB: refused on the central directory, in well under a second.
    const bomb = workbookBomb();
    const started = performance.now();
    expect(await refusal(readSpreadsheet(bomb))).toEqual({
      status: 400,
      field: { field: 'file', code: 'spreadsheet_too_large_unpacked', params: { max: 50 } },
    });
    expect(performance.now() - started).toBeLessThan(1000);
    // An honest workbook over a lower cap: sheets compress about 12 to 1, so no ratio is involved.
    const big = await xlsx([['Año', 'Descripción'], ...Array.from({ length: 20_000 }, (_, i) => [2027, `línea ${i}`])]);
    expect(
      (await refusal(readSpreadsheet(big, 'file', { ...DEFAULT_IMPORT_LIMITS, maxUnpackedBytes: MIB }))).field,
    ).toEqual({
      field: 'file',
      code: 'spreadsheet_too_large_unpacked',
      params: { max: 1 },
    });
  });

  it('refuses an entry compressed beyond the ratio, even far under the size cap', async () => {
    // 2 MiB of zeros in 2 KB beside a good workbook: 25 times under the 50 MB cap, 1,000 to 1.
    const file = zipOf([...(await goodParts()), zerosPart('xl/media/padding.bin', 2 * MIB)]);
    expect((await refusal(readSpreadsheet(file))).field).toEqual({
      field: 'file',
      code: 'spreadsheet_compression_ratio',
      params: { max: 100 },
    });
  });

  it('refuses more entries than a workbook has', async () => {
    const parts = await goodParts();
    const many = Array.from({ length: 1001 - parts.length }, (_, i) => deflatedPart(`xl/media/p${i}.txt`, `${i}`));
    expect((await refusal(readSpreadsheet(zipOf([...parts, ...many])))).field).toEqual({
      field: 'file',
      code: 'spreadsheet_too_many_entries',
      params: { max: 1000 },
    });
    // One fewer is a workbook like any other.
    expect(await readSpreadsheet(zipOf([...parts, ...many.slice(1)]))).toEqual(READ);
  });

  it('refuses an entry that inflates to more than its central directory declares', async () => {
    // Declares 1,000 bytes (ratio 1 to 10, size nothing), inflates to 64 MiB: stopped past the 1,000th byte.
    const liar = zerosPart('xl/media/liar.bin', 64 * MIB, 1000);
    const file = zipOf([...(await goodParts()), liar]);
    expect((await refusal(readSpreadsheet(file))).field).toEqual({ field: 'file', code: 'spreadsheet_size_mismatch' });
    // And one that inflates to fewer bytes than it declares.
    const short = zipOf([...(await goodParts()), zerosPart('xl/media/short.bin', 1000, 2000)]);
    expect((await refusal(readSpreadsheet(short))).field).toEqual({ field: 'file', code: 'spreadsheet_size_mismatch' });
  });

  it('hands SheetJS the parts as the central directory says, never the local headers SheetJS would trust', async () => {
    // The central directory: a stored part of 512 KB, harmless. Its local header: deflated, 512 MiB (of zeros).
    const file = zipOf([...(await goodParts()), storedLie(zerosPart('xl/media/hidden.bin', 512 * MIB))]);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
    try {
      expect(await readSpreadsheet(file)).toEqual(READ);
    } finally {
      clearInterval(sampler);
    }
    // Parsing the workbook itself costs tens of MB; inflating the hidden part would cost 512.
    expect((peak - before) / MIB).toBeLessThan(200);
  });

  it('refuses a zip SheetJS would read as another format, where it inflates by itself', async () => {
    const parts = await goodParts();
    // Numbers (snappy-compressed parts) and OpenDocument, whatever else the zip holds.
    for (const marker of ['Index/Document.iwa', 'META-INF/manifest.xml'])
      expect((await refusal(readSpreadsheet(zipOf([...parts, deflatedPart(marker, 'x')])))).field?.code).toBe(
        'spreadsheet_type',
      );
    // Without [Content_Types].xml SheetJS opens a nested Index.zip with its own reader: a bomb inside would escape.
    const nested = zipOf([{ ...deflatedPart('Index.zip', workbookBomb(64 * MIB)) }]);
    expect((await refusal(readSpreadsheet(nested))).field?.code).toBe('spreadsheet_type');
  });

  it('keeps a legacy .xls (not a zip) to its size, and refuses one SheetJS would copy past the limits', async () => {
    const old = xls(GOOD);
    const limits = (maxBytes: number) => ({ ...DEFAULT_IMPORT_LIMITS, maxBytes });
    expect(await refusal(readSpreadsheet(old, 'file', limits(old.length - 1)))).toMatchObject({
      status: 413,
      field: { code: 'file_too_large' },
    });
    expect(await readSpreadsheet(old, 'file', limits(old.length))).toEqual(READ);
    // 4.6 MB each: unchecked, the first filled the worker's heap (+270 MB), the second took 400 MB outside it.
    const backward = compoundFileBomb('backward-chain');
    expect((await refusal(readSpreadsheet(backward))).field).toEqual({
      field: 'file',
      code: 'spreadsheet_too_large_unpacked',
      params: { max: 50 },
    });
    expect((await refusal(readSpreadsheet(compoundFileBomb('many-entries')))).field).toEqual({
      field: 'file',
      code: 'spreadsheet_too_many_entries',
      params: { max: 1000 },
    });
  });
});
