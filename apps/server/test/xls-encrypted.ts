import { createHash, randomBytes } from 'node:crypto';
import * as XLSX from '@e965/xlsx';
import { rc4 } from '../src/lib/spreadsheet-import/xls-encryption.ts';

/**
 * An .xls as Excel writes one it encrypted: a FILEPASS record after the globals' BOF, whose verifier opens with
 * `password` ("VelvetSweatshop" for a file saved read-only). Only the verifier is real: the records after it are
 * left as they were, which is all a reader needs to say why it cannot read the file. Schemes: RC4
 * ([MS-OFFCRYPTO] 2.3.6) and RC4 CryptoAPI (2.3.5, 128-bit or 40-bit keys). The real files of the tests
 * (test/fixtures/*_password*.xls, from msoffcrypto-tool, MIT) check the same verifier against Excel's own output.
 */
export function encryptedXls(password: string, scheme: 'rc4' | 'cryptoapi' | 'cryptoapi40' = 'cryptoapi'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Colaborador'], ['COL-1']]), 'Datos');
  const plain = XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
  const cfb = XLSX.CFB.read(plain, { type: 'buffer' });
  const entry = XLSX.CFB.find(cfb, 'Workbook');
  const stream = Buffer.from(entry.content as Uint8Array);
  const bofSize = stream.readUInt16LE(2);
  const record = filePass(password, scheme);
  const head = Buffer.alloc(4);
  head.writeUInt16LE(0x002f, 0);
  head.writeUInt16LE(record.length, 2);
  entry.content = Buffer.concat([stream.subarray(0, 4 + bofSize), head, record, stream.subarray(4 + bofSize)]);
  entry.size = entry.content.length;
  return Buffer.from(XLSX.CFB.write(cfb, { type: 'buffer', fileType: 'cfb' }) as Uint8Array);
}

const md5 = (b: Buffer) => createHash('md5').update(b).digest();
const sha1 = (b: Buffer) => createHash('sha1').update(b).digest();
const u16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
};
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};

function filePass(text: string, scheme: 'rc4' | 'cryptoapi' | 'cryptoapi40'): Buffer {
  const password = Buffer.from(text, 'utf16le');
  const salt = randomBytes(16);
  const verifier = randomBytes(16);
  const block0 = u32(0);
  if (scheme === 'rc4') {
    const truncated = md5(password).subarray(0, 5);
    const h1 = md5(Buffer.concat(Array.from({ length: 16 }, () => Buffer.concat([truncated, salt]))));
    const key = md5(Buffer.concat([h1.subarray(0, 5), block0]));
    const sealed = rc4(key, Buffer.concat([verifier, md5(verifier)]));
    return Buffer.concat([u16(1), u16(1), u16(1), salt, sealed]);
  }
  const bits = scheme === 'cryptoapi40' ? 40 : 128;
  const csp = Buffer.from('Microsoft Enhanced Cryptographic Provider v1.0\0', 'utf16le');
  const header = Buffer.concat([u32(0x04), u32(0), u32(0x6801), u32(0x8004), u32(bits), u32(1), u32(0), u32(0), csp]);
  const full = sha1(Buffer.concat([sha1(Buffer.concat([salt, password])), block0]));
  const key = bits === 40 ? Buffer.concat([full.subarray(0, 5), Buffer.alloc(11)]) : full.subarray(0, 16);
  const sealed = rc4(key, Buffer.concat([verifier, sha1(verifier)]));
  return Buffer.concat([
    u16(1),
    u16(4),
    u16(2),
    u32(0x04),
    u32(header.length),
    header,
    u32(16),
    salt,
    sealed.subarray(0, 16),
    u32(20),
    sealed.subarray(16),
  ]);
}
