import { invalidField } from '../errors.ts';
import type { ZipLimits } from './zip-guard.ts';

/**
 * The compound-file side of a legacy .xls upload, before SheetJS sees it
 * (issue 23 section 3, decision 0018). An .xls is not compressed, but SheetJS
 * 0.20.3's reader (`CFB.parse` in xlsx.mjs) copies sectors as it follows the
 * file's sector chains, and a crafted file makes it copy far more than the
 * file holds:
 *
 * - it builds a chain from every sector not yet seen, each to its end, so a
 *   chain written backwards is copied once per sector (quadratic: a 4.6 MB
 *   file filled the worker's 256 MB heap in 2 s);
 * - every directory entry of a small stream gets up to 4 KB of its own, in
 *   Buffers outside the worker's heap limit (36,000 entries in 4.6 MB took the
 *   server from 134 to 546 MB).
 *
 * This reads only the header, the FAT and the directory, the way SheetJS
 * will, and counts what it would copy, without copying anything. The worker's
 * heap limit stays behind it.
 */

const ENDOFCHAIN = -2;
const MSCSZ = 4096; // streams under this size live in the mini stream
const ENTRY = 128; // bytes of a directory entry

/**
 * Refuses a compound file (OLE2) SheetJS would blow up: more directory
 * entries than `maxEntries` (400 `spreadsheet_too_many_entries`, params.max),
 * or sector chains that SheetJS would copy to more than `maxUnpackedBytes`
 * in all (400 `spreadsheet_too_large_unpacked`, params.max in MB). A header
 * SheetJS cannot read passes: SheetJS refuses it itself (`spreadsheet_unreadable`).
 * Follows SheetJS 0.20.3's `parse`, `sleuth_fat`, `make_sector_list`,
 * `get_sector_list` and `read_directory`: check again when SheetJS changes.
 */
export function checkCompoundFile(data: Buffer, field: string, limits: ZipLimits): void {
  if (data.length < 512) return;
  const major = data.readUInt16LE(26);
  const ssz = major === 3 ? 512 : major === 4 ? 4096 : 0;
  if (!ssz) return;
  const tooLarge = () =>
    invalidField(field, 'spreadsheet_too_large_unpacked', {
      max: Math.round((limits.maxUnpackedBytes / (1024 * 1024)) * 10) / 10,
    });
  const dirStart = data.readInt32LE(48);
  const difatStart = data.readInt32LE(68);
  const difatCount = data.readInt32LE(72);

  // Sector i is the file's bytes from (i + 1) × ssz (`sectorify`); the last one may be short, and SheetJS reads
  // missing bytes as 0.
  const count = Math.ceil(data.length / ssz) - 1;
  const exists = (sector: number) => sector >= 0 && sector < count;
  const int = (sector: number, at: number) => {
    const from = (sector + 1) * ssz + at;
    if (from + 4 <= data.length) return data.readInt32LE(from);
    let v = 0;
    for (let b = 3; b >= 0; b--) v = (v << 8) | (data[from + b] ?? 0);
    return v;
  };

  // Where the FAT sectors are: 109 in the header, then the DIFAT chain (`sleuth_fat`), which cannot be longer
  // than the file has sectors (SheetJS recurses along it until its stack overflows).
  const fat: number[] = [];
  for (let j = 0; j < 109; j++) {
    const q = data.readInt32LE(76 + 4 * j);
    if (q < 0) break;
    fat.push(q);
  }
  for (let idx = difatStart, left = difatCount, n = 0; idx !== ENDOFCHAIN && exists(idx) && n <= count; left--, n++) {
    for (let i = 0; i < ssz / 4 - 1; i++) {
      const q = int(idx, 4 * i);
      if (q === ENDOFCHAIN) break;
      fat.push(q);
    }
    if (left < 1) break;
    idx = int(idx, ssz - 4);
  }
  /** The next sector of `j`'s chain, or null where SheetJS stops (`!sectors[addr]`). */
  const next = (j: number): number | null => {
    const addr = fat[Math.floor((j * 4) / ssz)];
    return addr !== undefined && exists(addr) ? int(addr, (j * 4) % ssz) : null;
  };

  // What SheetJS copies, counted a sector a step (a step to a sector the file lacks copies nothing but still
  // costs SheetJS a node, and legitimate files take none): at most maxUnpackedBytes' worth.
  const budget = Math.floor(limits.maxUnpackedBytes / ssz);
  let steps = 0;
  const step = () => {
    if (++steps > budget) throw tooLarge();
  };

  // `make_sector_list`: a chain from every sector not yet in one, from the directory's on, each to its end or
  // to a sector it already passed.
  const checked = new Set<number>();
  const seenBy = new Map<number, number>();
  const starts = new Set<number>();
  let directoryLength = 0;
  for (let i = 0; i < count; i++) {
    let k = i + dirStart;
    if (k >= count) k -= count;
    if (checked.has(k)) continue;
    starts.add(k);
    for (let j: number | null = k; j !== null && j >= 0;) {
      step();
      if (k === dirStart) directoryLength++;
      seenBy.set(j, k);
      checked.add(j);
      j = next(j);
      if (j !== null && seenBy.get(j) === k) break;
    }
  }

  // `read_directory`: an entry every 128 bytes of the directory's chain (counted on whole sectors: at most
  // a few too many).
  const entries = (directoryLength * ssz) / ENTRY;
  if (entries > limits.maxEntries)
    throw invalidField(field, 'spreadsheet_too_many_entries', { max: limits.maxEntries });
  // A stream of 4 KB or more whose first sector starts no chain gets its own, followed with no check for loops
  // (`get_sector_list`): the budget ends it. A smaller one copies at most 4 KB from the mini stream.
  for (let j: number | null = dirStart, n = 0; j !== null && j >= 0 && n < directoryLength; j = next(j), n++) {
    if (!exists(j)) continue;
    for (let at = 0; at < ssz; at += ENTRY) {
      const type = data[(j + 1) * ssz + at + 66] ?? 0;
      const start = int(j, at + 116);
      const size = int(j, at + 120);
      if (type === 5 || size < MSCSZ || starts.has(start)) continue;
      starts.add(start);
      for (let s: number | null = start; s !== null && s >= 0; s = next(s)) step();
    }
  }
}
