import { crc32 } from 'node:zlib';
import yauzl from 'yauzl';
import { AppError, invalidField } from '../errors.ts';

/**
 * The zip side of an .xlsx upload, before SheetJS sees it (issue 23 section 3,
 * decision 0018): a 1 MB zip may inflate to 1 GB, and inflated bytes live
 * outside the JS heap, so the parsing worker's heap limit never stopped it
 * (one such upload took the server from 330 MB to 2.4 GB).
 *
 * 1. The central directory is read first (yauzl, nothing inflated): too many
 *    entries, a total declared size over the cap, or an entry compressed
 *    beyond the ratio refuses the file.
 * 2. Every entry is then inflated here, by yauzl, which stops an entry's
 *    stream as soon as it yields more bytes than its declared size (and fails
 *    one that yields fewer): declared sizes cannot lie past the cap.
 * 3. The inflated entries are packed again into a new zip, uncompressed
 *    (stored), and only that goes to SheetJS. SheetJS's own zip reader trusts
 *    each entry's local header over the central directory and its inflater
 *    allocates the declared size up front, so it never reads the uploaded
 *    bytes: it reads ours, with nothing to inflate.
 */

/** What a zip may hold (bytes, a ratio, a count); see `SpreadsheetLimits`. */
export interface ZipLimits {
  /** Sum of the entries' uncompressed sizes, in bytes. */
  maxUnpackedBytes: number;
  /** Largest uncompressed ÷ compressed size of one entry … */
  maxCompressionRatio: number;
  /** … applied to entries of at least this many uncompressed bytes (small parts compress well legitimately). */
  ratioFromBytes: number;
  /** Entries in the zip (folders included). */
  maxEntries: number;
}

/** Lower case, forward slashes, no leading slash: how SheetJS matches a part's name. */
const partName = (raw: Buffer) => raw.toString('latin1').replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();

/**
 * Parts that make SheetJS 0.20.3 read a zip as another format (`parse_zip` in
 * xlsx.mjs): OpenDocument (`META-INF/manifest.xml`, `objectdata.xml`) and
 * Numbers (`Index/Document.iwa`, snappy-compressed, which it would inflate by
 * itself). Without `[Content_Types].xml` it also opens a nested `Index.zip`
 * with its own zip reader, so that part is required.
 */
const OTHER_FORMATS = new Set(['meta-inf/manifest.xml', 'objectdata.xml', 'index/document.iwa']);
const CONTENT_TYPES = '[content_types].xml';

const MB = 1024 * 1024;
const megabytes = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

/**
 * Reads an uploaded .xlsx's zip under `limits` and returns the same entries
 * packed again without compression (a zip SheetJS reads without inflating
 * anything), as a Uint8Array on its own ArrayBuffer (to transfer to the
 * worker). Nothing is inflated before the central directory has passed.
 *
 * Errors (400 on `field`): `spreadsheet_too_many_entries` (params.max) over
 * `maxEntries`; `spreadsheet_too_large_unpacked` (params.max, MB) when the
 * declared uncompressed sizes add up to more than `maxUnpackedBytes`;
 * `spreadsheet_compression_ratio` (params.max) for an entry of at least
 * `ratioFromBytes` compressed more than `maxCompressionRatio` to 1;
 * `spreadsheet_size_mismatch` when an entry inflates to more (or fewer) bytes
 * than it declares; `spreadsheet_type` for a zip that is not an Office Open XML
 * package (no `[Content_Types].xml`, or an OpenDocument or Numbers file);
 * `spreadsheet_unreadable` for a damaged or encrypted zip, a compression
 * other than deflate, or a CRC that does not match.
 */
export async function repackWorkbookZip(data: Buffer, field: string, limits: ZipLimits): Promise<Uint8Array> {
  const unreadable = () => invalidField(field, 'spreadsheet_unreadable');
  let zip: yauzl.ZipFile;
  try {
    // Names stay raw bytes: nothing is written to disk, so yauzl's path checks do not apply, and any name is kept.
    zip = await yauzl.fromBufferPromise(data, { lazyEntries: true, decodeStrings: false, validateEntrySizes: true });
  } catch {
    throw unreadable();
  }
  try {
    if (zip.entryCount > limits.maxEntries)
      throw invalidField(field, 'spreadsheet_too_many_entries', { max: limits.maxEntries });

    // 1. The central directory only.
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        declared += entry.uncompressedSize;
        if (declared > limits.maxUnpackedBytes)
          throw invalidField(field, 'spreadsheet_too_large_unpacked', { max: megabytes(limits.maxUnpackedBytes) });
        if (
          entry.uncompressedSize >= limits.ratioFromBytes &&
          entry.uncompressedSize > limits.maxCompressionRatio * entry.compressedSize
        )
          throw invalidField(field, 'spreadsheet_compression_ratio', { max: limits.maxCompressionRatio });
        entries.push(entry);
      }
    } catch (err) {
      throw err instanceof AppError ? err : unreadable();
    }
    const names = entries.map((e) => partName(e.fileNameRaw));
    if (!names.includes(CONTENT_TYPES) || names.some((n) => OTHER_FORMATS.has(n)))
      throw invalidField(field, 'spreadsheet_type');

    // 2 and 3. Inflate each entry into its place in a stored zip laid out from the declared sizes.
    const nameBytes = entries.map((e) => e.fileNameRaw);
    const size =
      entries.reduce(
        (sum, e, i) => sum + 30 + nameBytes[i]!.length + e.uncompressedSize + 46 + nameBytes[i]!.length,
        0,
      ) + 22;
    const out = Buffer.from(new ArrayBuffer(size));
    const central: Buffer[] = [];
    let at = 0;
    for (const [i, entry] of entries.entries()) {
      const name = nameBytes[i]!;
      const headerAt = at;
      const flags = entry.generalPurposeBitFlag & 0x0800; // keeps "names are UTF-8", drops the rest
      out.writeUInt32LE(0x04034b50, at);
      out.writeUInt16LE(20, at + 4); // version needed
      out.writeUInt16LE(flags, at + 6);
      out.writeUInt16LE(0, at + 8); // stored
      out.writeUInt16LE(entry.lastModFileTime, at + 10);
      out.writeUInt16LE(entry.lastModFileDate, at + 12);
      out.writeUInt32LE(entry.crc32, at + 14);
      out.writeUInt32LE(entry.uncompressedSize, at + 18);
      out.writeUInt32LE(entry.uncompressedSize, at + 22);
      out.writeUInt16LE(name.length, at + 26);
      out.writeUInt16LE(0, at + 28);
      name.copy(out, at + 30);
      at += 30 + name.length;
      const end = at + entry.uncompressedSize;
      let crc = 0;
      if (entry.uncompressedSize > 0 || entry.compressedSize > 0) {
        try {
          const stream = await zip.openReadStreamPromise(entry);
          for await (const chunk of stream as AsyncIterable<Buffer>) {
            // yauzl already stops a stream past its declared size; this keeps the write inside the entry's place.
            if (at + chunk.length > end) throw invalidField(field, 'spreadsheet_size_mismatch');
            chunk.copy(out, at);
            at += chunk.length;
            crc = crc32(chunk, crc);
          }
        } catch (err) {
          if (err instanceof AppError) throw err;
          // yauzl's AssertByteCountStream: "too many bytes in the stream …" / "not enough bytes in the stream …".
          if (err instanceof Error && /bytes in the stream/.test(err.message))
            throw invalidField(field, 'spreadsheet_size_mismatch');
          throw unreadable();
        }
      }
      if (at !== end) throw invalidField(field, 'spreadsheet_size_mismatch');
      if (crc !== entry.crc32) throw unreadable();

      const record = Buffer.alloc(46 + name.length);
      record.writeUInt32LE(0x02014b50, 0);
      record.writeUInt16LE(20, 4); // version made by
      record.writeUInt16LE(20, 6); // version needed
      record.writeUInt16LE(flags, 8);
      record.writeUInt16LE(0, 10); // stored
      record.writeUInt16LE(entry.lastModFileTime, 12);
      record.writeUInt16LE(entry.lastModFileDate, 14);
      record.writeUInt32LE(entry.crc32, 16);
      record.writeUInt32LE(entry.uncompressedSize, 20);
      record.writeUInt32LE(entry.uncompressedSize, 24);
      record.writeUInt16LE(name.length, 28);
      // Extra field, comment, disk number, internal and external attributes: none.
      record.writeUInt32LE(headerAt, 42);
      name.copy(record, 46);
      central.push(record);
    }
    const directoryAt = at;
    for (const record of central) {
      record.copy(out, at);
      at += record.length;
    }
    out.writeUInt32LE(0x06054b50, at);
    out.writeUInt16LE(entries.length, at + 8);
    out.writeUInt16LE(entries.length, at + 10);
    out.writeUInt32LE(at - directoryAt, at + 12);
    out.writeUInt32LE(directoryAt, at + 16);
    return new Uint8Array(out.buffer, 0, size);
  } finally {
    zip.close();
  }
}
