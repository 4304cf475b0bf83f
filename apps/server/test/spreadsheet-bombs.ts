import { constants, crc32, deflateRawSync } from 'node:zlib';
import yauzl from 'yauzl';

/**
 * Zips built byte by byte for the spreadsheet import's tests and the
 * `bench:bomb` benchmark (issue 23 section 3): honest entries, runs of zeros
 * that inflate a thousand times over without ever being held in memory, and
 * entries whose declared sizes lie. No binary fixture is committed.
 */

/** One entry as the zip holds it. */
export interface ZipPart {
  name: string;
  /** Its bytes in the zip: raw deflate when `method` is 8, the content itself when 0. */
  body: Buffer;
  method: 0 | 8;
  /** CRC-32 of the uncompressed content. */
  crc: number;
  /** The uncompressed size the zip declares, in its local header and its central directory. */
  size: number;
  /** What the local header claims, when it differs from the central directory (a lie). */
  local?: { method: 0 | 8; size: number };
}

/** An entry deflated honestly. */
export function deflatedPart(name: string, content: Buffer | string): ZipPart {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return { name, body: deflateRawSync(data), method: 8, crc: crc32(data), size: data.length };
}

const MIB = 1024 * 1024;
const ZEROS = Buffer.alloc(MIB);
/** 1 MiB of zeros deflated as a complete, non-final block (a full flush resets the window: every copy is the same). */
const ZERO_BLOCK = deflateRawSync(ZEROS, { level: 9, finishFlush: constants.Z_FULL_FLUSH });
/** An empty final block with fixed codes: ends a deflate stream. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * An entry of `bytes` zeros, deflated about 1,000 to 1 (1 GiB in about 1 MB),
 * built from one deflated MiB repeated; `declared` is the size the zip claims
 * (default the truth: a lie when smaller).
 */
export function zerosPart(name: string, bytes: number, declared = bytes): ZipPart {
  const whole = Math.floor(bytes / MIB);
  const rest = bytes % MIB;
  const blocks: Buffer[] = Array.from({ length: whole }, () => ZERO_BLOCK);
  let crc = 0;
  for (let i = 0; i < whole; i++) crc = crc32(ZEROS, crc);
  if (rest > 0) {
    blocks.push(deflateRawSync(ZEROS.subarray(0, rest), { level: 9, finishFlush: constants.Z_FULL_FLUSH }));
    crc = crc32(ZEROS.subarray(0, rest), crc);
  }
  blocks.push(LAST_BLOCK);
  return { name, body: Buffer.concat(blocks), method: 8, crc, size: declared };
}

/** The parts in a zip, with a central directory that says what each part declares. */
export function zipOf(parts: ZipPart[]): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const p of parts) {
    const name = Buffer.from(p.name, 'utf8');
    const local = Buffer.alloc(30 + name.length);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(p.local?.method ?? p.method, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(p.crc, 14);
    local.writeUInt32LE(p.body.length, 18);
    local.writeUInt32LE(p.local?.size ?? p.size, 22);
    local.writeUInt16LE(name.length, 26);
    name.copy(local, 30);
    const record = Buffer.alloc(46 + name.length);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(20, 4);
    record.writeUInt16LE(20, 6);
    record.writeUInt16LE(0x0800, 8);
    record.writeUInt16LE(p.method, 10);
    record.writeUInt16LE(0x21, 14);
    record.writeUInt32LE(p.crc, 16);
    record.writeUInt32LE(p.body.length, 20);
    record.writeUInt32LE(p.size, 24);
    record.writeUInt16LE(name.length, 28);
    record.writeUInt32LE(offset, 42);
    name.copy(record, 46);
    locals.push(local, p.body);
    central.push(record);
    offset += local.length + p.body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * A part the central directory calls stored (its bytes are `part`'s deflated
 * ones, as they are, so its sizes and ratio look harmless) while its local
 * header says deflated, to `part`'s full size: a reader that trusts the local
 * header, as SheetJS's does, allocates that size and inflates into it.
 */
export function storedLie(part: ZipPart): ZipPart {
  const { name, body } = part;
  return { name, body, method: 0, crc: crc32(body), size: body.length, local: { method: 8, size: part.size } };
}

/** The parts of an existing zip (an ExcelJS workbook), as they are compressed in it, to add others beside them. */
export async function partsOf(zip: Buffer): Promise<ZipPart[]> {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const parts: ZipPart[] = [];
  for await (const entry of file.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of (await file.openReadStreamPromise(entry, {
      decodeFileData: false,
    })) as AsyncIterable<Buffer>)
      chunks.push(chunk);
    parts.push({
      name: entry.fileName,
      body: Buffer.concat(chunks),
      method: entry.compressionMethod as 0 | 8,
      crc: entry.crc32,
      size: entry.uncompressedSize,
    });
  }
  file.close();
  return parts;
}

/**
 * A workbook-looking zip (content types, a workbook, one sheet) whose sheet
 * is `bytes` of zeros: about 1 MB that inflates to 1 GiB by default. What a
 * hostile user would upload to the POA import.
 */
export function workbookBomb(bytes = 1024 * MIB): Buffer {
  return zipOf([
    deflatedPart(
      '[Content_Types].xml',
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
    ),
    deflatedPart(
      'xl/workbook.xml',
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="POA" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    deflatedPart(
      'xl/_rels/workbook.xml.rels',
      '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    zerosPart('xl/worksheets/sheet1.xml', bytes),
  ]);
}

/**
 * A legacy .xls container (OLE2 compound file, version 3: 512-byte sectors)
 * of `sectors` sectors that SheetJS's reader copies far beyond its size:
 * `backward-chain`, one chain written last sector first (SheetJS copies it
 * again from every sector: quadratic); `many-entries`, a directory as long as
 * the file, every entry a 4 KB stream read from one mini sector that loops.
 * Neither holds a workbook.
 */
export function compoundFileBomb(shape: 'backward-chain' | 'many-entries', sectors = 9000): Buffer {
  const SSZ = 512;
  const fatSectors = Math.ceil(sectors / 128);
  const file = Buffer.alloc(SSZ * (sectors + 1));
  const at = (sector: number) => SSZ * (sector + 1);
  const setFat = (j: number, v: number) => file.writeInt32LE(v, at(Math.floor(j / 128)) + 4 * (j % 128));
  Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(file, 0);
  file.writeUInt16LE(0x3e, 24); // minor version
  file.writeUInt16LE(3, 26); // major version
  file.writeUInt16LE(0xfffe, 28); // byte order
  file.writeUInt16LE(9, 30); // 512-byte sectors
  file.writeUInt16LE(6, 32); // 64-byte mini sectors
  file.writeInt32LE(fatSectors, 44);
  file.writeUInt32LE(4096, 56); // mini stream cutoff
  file.writeInt32LE(-2, 68); // no DIFAT sectors
  for (let j = 0; j < 109; j++) file.writeInt32LE(j < fatSectors ? j : -1, 76 + 4 * j);
  for (let j = 0; j < fatSectors; j++) setFat(j, -3); // the FAT's own sectors
  /** A directory entry: its name, type (5 root, 2 stream), first sector and size. */
  const entry = (offset: number, name: string, type: number, start: number, size: number, child = -1) => {
    file.write(name, offset, 'utf16le');
    file.writeUInt16LE(2 * name.length + 2, offset + 64);
    file[offset + 66] = type;
    file.writeInt32LE(-1, offset + 68);
    file.writeInt32LE(-1, offset + 72);
    file.writeInt32LE(child, offset + 76);
    file.writeInt32LE(start, offset + 116);
    file.writeInt32LE(size, offset + 120);
  };
  if (shape === 'backward-chain') {
    const directory = fatSectors;
    file.writeInt32LE(directory, 48);
    file.writeInt32LE(-2, 60); // no mini FAT
    setFat(directory, -2);
    // A Workbook stream at the top, as an .xls has (an OLE2 file without one is not taken for a spreadsheet).
    entry(at(directory), 'Root Entry', 5, -2, 0, 1);
    entry(at(directory) + 128, 'Workbook', 2, -2, 0);
    setFat(directory + 1, -2);
    for (let j = directory + 2; j < sectors; j++) setFat(j, j - 1);
  } else {
    const miniFat = fatSectors;
    const miniStream = fatSectors + 1;
    const directory = fatSectors + 2;
    file.writeInt32LE(directory, 48);
    file.writeInt32LE(miniFat, 60);
    file.writeInt32LE(1, 64);
    setFat(miniFat, -2);
    setFat(miniStream, -2);
    file.writeInt32LE(0, at(miniFat)); // mini sector 0 is followed by mini sector 0
    for (let j = directory; j < sectors - 1; j++) setFat(j, j + 1);
    setFat(sectors - 1, -2);
    for (let j = directory; j < sectors; j++)
      for (let e = 0; e < 4; e++)
        if (j === directory && e === 0) entry(at(j), 'Root Entry', 5, miniStream, 64, 1);
        else entry(at(j) + 128 * e, j === directory && e === 1 ? 'Workbook' : `s${j}_${e}`, 2, 0, 4095);
  }
  return file;
}
