import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { sheetName, xlsxWorkbook } from './xlsx-export.ts';

/** Issue 25 section 7: an export with several sheets, and its file name escaped in `content-disposition`. */
describe('xlsx workbooks', () => {
  const log = { error: () => undefined };
  const read = async (body: Readable | Buffer) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body as Readable) chunks.push(chunk as Buffer);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    return book;
  };

  it('writes each sheet in order, with its heading, header and rows; tab names made valid and unique', async () => {
    const content = xlsxWorkbook({
      filename: 'Ejecución "año" 2026.xlsx',
      rows: 3,
      log,
      sheets: [
        {
          name: 'Resumen: 2026/enero',
          heading: { title: 'Resumen del POA', lines: [{ label: 'Año', value: '2026' }] },
          columns: [
            { header: 'Eje', key: 'axis', width: 20 },
            { header: 'Planificado', key: 'planned', width: 14, numFmt: '#,##0.00' },
          ],
          fill: async (add) => {
            add({ axis: 'Protección', planned: 1234.5 });
            add({ axis: 'Total', planned: 1234.5 }, { bold: true });
          },
        },
        {
          name: 'Resumen: 2026/enero',
          columns: [{ header: 'Rubro', key: 'item', width: 20 }],
          fill: async (add) => add({ item: 'A-1' }),
        },
      ],
    });
    const header = String(content.headers['content-disposition']);
    // Only ASCII and no bare quote in the header; the UTF-8 name is in filename*.
    expect(header).toMatch(/^attachment; filename="[\x21-\x7e]+"; filename\*=UTF-8''/);
    expect(header).not.toContain('"año"');
    expect(decodeURIComponent(header.split("UTF-8''")[1]!)).toBe('Ejecución "año" 2026.xlsx');
    const book = await read(content.body);
    expect(book.worksheets.map((s) => s.name)).toEqual(['Resumen  2026 enero', 'Resumen  2026 enero (2)']);
    const first = book.worksheets[0]!;
    expect(first.getRow(1).getCell(1).value).toBe('Resumen del POA');
    expect([first.getRow(2).getCell(1).value, first.getRow(2).getCell(2).value]).toEqual(['Año', '2026']);
    expect([first.getRow(4).getCell(1).value, first.getRow(4).getCell(2).value]).toEqual(['Eje', 'Planificado']);
    expect(first.getRow(6).font?.bold).toBe(true);
    expect(book.worksheets[1]!.getRow(2).getCell(1).value).toBe('A-1');
  });

  it('keeps tab names within Excel’s rules', () => {
    expect(sheetName('a'.repeat(40))).toHaveLength(31);
    expect(sheetName('[*?]')).toBe('Hoja');
  });
});
