import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { compoundFileKind } from './compound-file.ts';
import { spreadsheetKind } from './spreadsheet-import/spreadsheet-import.ts';
import { DiskFileStore } from './storage.ts';
import { sniffedType } from './uploads.ts';

/** Issue 25 section 7: a .doc and an .xls are both OLE2 compound files; their directories tell them apart. */
describe('compound files', () => {
  const compound = (streams: Record<string, string>) => {
    const cfb = XLSX.CFB.utils.cfb_new();
    for (const [name, content] of Object.entries(streams)) XLSX.CFB.utils.cfb_add(cfb, name, Buffer.from(content));
    return XLSX.CFB.write(cfb, { type: 'buffer' }) as Buffer;
  };

  it('tells an Excel workbook from a Word document and a PowerPoint deck', () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet([
        ['Código', 'Monto'],
        ['A-1', 12.5],
      ]),
      'Hoja1',
    );
    expect(compoundFileKind(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer)).toBe('xls');
    expect(compoundFileKind(compound({ '/WordDocument': 'texto', '/1Table': 'tabla' }))).toBe('doc');
    expect(compoundFileKind(compound({ '/PowerPoint Document': 'diapositivas' }))).toBe('ppt');
    // A Word document with a workbook embedded in a sub-storage is still a Word document.
    expect(compoundFileKind(compound({ '/WordDocument': 'texto', '/ObjectPool/_1/Workbook': 'hoja' }))).toBe('doc');
    expect(compoundFileKind(compound({ '/Other': 'x' }))).toBe('other');
  });

  it('answers null for what is not a compound file, and other for a damaged one, without throwing', () => {
    expect(compoundFileKind(Buffer.from('PK\u0003\u0004 a zip'))).toBeNull();
    const broken = compound({ '/WordDocument': 'texto' });
    broken.writeInt32LE(0x7fffffff, 48); // the directory's first sector, far outside the file
    expect(compoundFileKind(broken)).toBe('other');
    expect(compoundFileKind(broken.subarray(0, 600))).toBe('other');
  });

  it('reads a .doc as neither a spreadsheet nor an unknown file, and an .xls as a workbook', async () => {
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['A']]), 'Hoja1');
    const xls = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
    const doc = compound({ '/WordDocument': 'texto' });
    expect([spreadsheetKind(xls), spreadsheetKind(doc)]).toEqual(['xls', null]);
    const root = mkdtempSync(join(tmpdir(), 'amparo-cfb-'));
    try {
      const store = new DiskFileStore(root);
      const sniff = async (data: Buffer) => {
        const staged = await store.stage(Readable.from([data]), 1_000_000);
        const type = await sniffedType(staged);
        await staged.discard();
        return type?.mime;
      };
      expect(await sniff(doc)).toBe('application/msword');
      expect(await sniff(xls)).toBe('application/vnd.ms-excel');
      expect(await sniff(compound({ '/Other': 'x' }))).toBe('application/x-cfb');
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
