import { createHash } from 'node:crypto';
import * as XLSX from '@e965/xlsx';

/**
 * Why an encrypted legacy .xls cannot be read, told apart for the user (issue 27 section 4): SheetJS reads no
 * encrypted .xls, and answers both cases with "File is password-protected".
 *
 * - `read_only`: Excel encrypts a workbook saved with a password to modify (or as read-only recommended, or with
 *   its structure protected) under its default password, "VelvetSweatshop", so anyone can open it. The user only
 *   has to save it again without that protection.
 * - `password`: encrypted under a password of its own (a password to open).
 *
 * This only checks the FILEPASS record's password verifier against the default password; nothing is decrypted
 * but the 16-byte verifier. Formats: [MS-XLS] 2.4.117 FilePass (XOR obfuscation, RC4, RC4 CryptoAPI),
 * [MS-OFFCRYPTO] 2.3.6 (RC4: MD5 key, verifier checked by MD5) and 2.3.5 (RC4 CryptoAPI: SHA-1 key, 40 to 128
 * bits, verifier checked by SHA-1), [MS-XLS] 2.2.9 (XOR obfuscation's verifier, by SheetJS's own routine).
 * Node's OpenSSL 3 has no RC4 (a legacy cipher), so `rc4` below is the cipher's few lines.
 */
export type XlsEncryption = 'read_only' | 'password';

/** Excel's default encryption password ([MS-OFFCRYPTO] 2.3.6.1, [MS-XLS] 2.2.10). */
const DEFAULT_PASSWORD = 'VelvetSweatshop';
const FILEPASS = 0x002f;
const BOF = 0x0809;

/** The workbook's encryption, or null when it is not encrypted (or is no .xls SheetJS's CFB reader can open). */
export function xlsEncryption(data: Uint8Array): XlsEncryption | null {
  const opens = xlsOpensWith(data, DEFAULT_PASSWORD);
  return opens === null ? null : opens ? 'read_only' : 'password';
}

/**
 * Whether an encrypted .xls's password verifier matches `password`; null when it is not encrypted (or unreadable).
 * An unknown scheme never matches.
 */
export function xlsOpensWith(data: Uint8Array, password: string): boolean | null {
  let stream: Uint8Array | null = null;
  try {
    const cfb = XLSX.CFB.read(data, { type: 'array' });
    const entry = XLSX.CFB.find(cfb, 'Workbook') ?? XLSX.CFB.find(cfb, 'Book');
    stream = entry?.content ? Uint8Array.from(entry.content as ArrayLike<number>) : null;
  } catch {
    return null;
  }
  if (!stream) return null;
  const record = filePass(Buffer.from(stream.buffer, stream.byteOffset, stream.byteLength));
  return record ? verifies(record, password) : null;
}

/** The FILEPASS record's data, which follows the globals' BOF within its first records, or null. */
function filePass(stream: Buffer): Buffer | null {
  let at = 0;
  for (let n = 0; n < 64 && at + 4 <= stream.length; n++) {
    const type = stream.readUInt16LE(at);
    const size = stream.readUInt16LE(at + 2);
    if (type === FILEPASS) return stream.subarray(at + 4, at + 4 + size);
    if (n === 0 && type !== BOF) return null;
    at += 4 + size;
  }
  return null;
}

/** True when the record's verifier matches `text`; false for any other password or an unknown scheme. */
function verifies(r: Buffer, text: string): boolean {
  if (r.length < 2) return false;
  const type = r.readUInt16LE(0);
  if (type === 0) return r.length >= 6 && r.readUInt16LE(4) === xorVerifier(text);
  if (type !== 1 || r.length < 6) return false;
  const major = r.readUInt16LE(2);
  const minor = r.readUInt16LE(4);
  const password = Buffer.from(text, 'utf16le');
  if (major === 1 && minor === 1) {
    // RC4 ([MS-OFFCRYPTO] 2.3.6.1-2.3.6.4): salt, encrypted verifier and its encrypted MD5, 16 bytes each.
    if (r.length < 54) return false;
    const salt = r.subarray(6, 22);
    const truncated = md5(password).subarray(0, 5);
    const intermediate = md5(Buffer.concat(Array.from({ length: 16 }, () => Buffer.concat([truncated, salt]))));
    const key = md5(Buffer.concat([intermediate.subarray(0, 5), block0]));
    const plain = rc4(key, r.subarray(22, 54));
    return md5(plain.subarray(0, 16)).equals(plain.subarray(16, 32));
  }
  if ((major === 2 || major === 3 || major === 4) && minor === 2) {
    // RC4 CryptoAPI ([MS-XLS] 2.4.117, [MS-OFFCRYPTO] 2.3.5.1-2.3.5.6): flags, header size, the header (its
    // key size in bits at +16), then the verifier: salt size, salt, encrypted verifier, hash size, encrypted hash.
    if (r.length < 14) return false;
    const headerSize = r.readUInt32LE(10);
    const header = 14;
    const verifier = header + headerSize;
    if (headerSize < 20 || r.length < verifier + 4) return false;
    const keyBits = r.readUInt32LE(header + 16) || 40;
    const saltSize = r.readUInt32LE(verifier);
    const salt = r.subarray(verifier + 4, verifier + 4 + saltSize);
    const encrypted = verifier + 4 + saltSize;
    if (r.length < encrypted + 20) return false;
    const hashSize = r.readUInt32LE(encrypted + 16);
    if (r.length < encrypted + 20 + hashSize || keyBits < 40 || keyBits > 128) return false;
    const full = sha1(Buffer.concat([sha1(Buffer.concat([salt, password])), block0]));
    // A 40-bit key is its 5 bytes and 11 zero bytes ([MS-OFFCRYPTO] 2.3.5.2).
    const key = keyBits === 40 ? Buffer.concat([full.subarray(0, 5), Buffer.alloc(11)]) : full.subarray(0, keyBits / 8);
    const plain = rc4(
      key,
      Buffer.concat([r.subarray(encrypted, encrypted + 16), r.subarray(encrypted + 20, encrypted + 20 + hashSize)]),
    );
    return sha1(plain.subarray(0, 16))
      .subarray(0, hashSize)
      .equals(plain.subarray(16, 16 + hashSize));
  }
  return false;
}

/** Block number 0 as 4 bytes little-endian: the verifier is encrypted with the first block's key. */
const block0 = Buffer.alloc(4);
const md5 = (b: Buffer) => createHash('md5').update(b).digest();
const sha1 = (b: Buffer) => createHash('sha1').update(b).digest();

/** RC4: key scheduling, then the keystream XORed over `data`. */
export function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, i) => i);
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255;
    j = (j + s[i]!) & 255;
    [s[i], s[j]] = [s[j]!, s[i]!];
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!;
  }
  return out;
}

/** The XOR obfuscation's 16-bit password verifier ([MS-XLS] 2.2.9, "CreatePasswordVerifier_Method1"). */
function xorVerifier(password: string): number {
  let verifier = 0;
  const bytes = [password.length, ...Array.from(password, (c) => c.charCodeAt(0) & 0xff)];
  for (let i = bytes.length - 1; i >= 0; i--) {
    const intermediate1 = (verifier & 0x4000) === 0 ? 0 : 1;
    const intermediate2 = (verifier << 1) & 0x7fff;
    verifier = (intermediate1 | intermediate2) ^ bytes[i]!;
  }
  return verifier ^ 0xce4b;
}
