/**
 * Which Office file an OLE2 compound file is (issue 25 section 7): a legacy Word document (.doc), an Excel
 * workbook (.xls) and a PowerPoint deck (.ppt) all begin with the same eight bytes, so content sniffing by
 * signature (file-type's `application/x-cfb`) cannot tell them apart. The streams at the top of the file's
 * directory can: `WordDocument`, `Workbook` (or `Book`, BIFF5) and `PowerPoint Document`.
 *
 * Reads only the header, the FAT and the directory sectors, bounded (at most MAX_SECTORS sectors of the
 * directory and MAX_ENTRIES entries visited, loops cut), never the streams themselves, and never throws on a
 * damaged file: it answers `other`.
 */

const MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ENTRY = 128;
const NOSTREAM = -1;
const MAX_SECTORS = 1024;
const MAX_ENTRIES = 4096;

export type CompoundKind = 'doc' | 'xls' | 'ppt' | 'other';

/** The MIME type of each kind, for uploads sniffed as `application/x-cfb`. */
export const COMPOUND_MIME: Record<CompoundKind, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  other: 'application/x-cfb',
};

/** Whether `data` begins as an OLE2 compound file. */
export const isCompoundFile = (data: Buffer) => data.length >= 512 && data.subarray(0, 8).equals(MAGIC);

/** The kind of compound file `data` is, by the streams at the top of its directory; null when it is not one. */
export function compoundFileKind(data: Buffer): CompoundKind | null {
  if (!isCompoundFile(data)) return null;
  try {
    const names = topLevelStreams(data);
    if (names.has('WordDocument')) return 'doc';
    if (names.has('Workbook') || names.has('Book')) return 'xls';
    if (names.has('PowerPoint Document')) return 'ppt';
  } catch {
    // A header that points outside the file: not one of the three.
  }
  return 'other';
}

/** The names of the streams directly under the root storage (not those of embedded objects). */
function topLevelStreams(data: Buffer): Set<string> {
  const major = data.readUInt16LE(26);
  const ssz = major === 4 ? 4096 : 512;
  const sectorAt = (sector: number) => (sector + 1) * ssz;
  // The FAT's sectors as the header lists them (109 of them: files up to about 7 MB with 512-byte sectors; a
  // larger file's directory still lies in the chain's first sectors, which the header's entries cover).
  const fat: number[] = [];
  for (let j = 0; j < 109; j++) {
    const q = data.readInt32LE(76 + 4 * j);
    if (q < 0) break;
    fat.push(q);
  }
  const next = (sector: number): number => {
    const fatSector = fat[Math.floor((sector * 4) / ssz)];
    if (fatSector === undefined) return -2;
    const at = sectorAt(fatSector) + ((sector * 4) % ssz);
    return at + 4 <= data.length ? data.readInt32LE(at) : -2;
  };
  // The directory: its chain of sectors, each holding ssz / 128 entries.
  const directory: Buffer[] = [];
  const seen = new Set<number>();
  for (let s = data.readInt32LE(48); s >= 0 && !seen.has(s) && directory.length < MAX_SECTORS; s = next(s)) {
    seen.add(s);
    const from = sectorAt(s);
    if (from + ssz > data.length) break;
    directory.push(data.subarray(from, from + ssz));
  }
  const entry = (id: number): Buffer | null => {
    const perSector = ssz / ENTRY;
    const sector = directory[Math.floor(id / perSector)];
    return sector ? sector.subarray((id % perSector) * ENTRY, ((id % perSector) + 1) * ENTRY) : null;
  };
  const nameOf = (e: Buffer) => {
    const bytes = Math.min(64, e.readUInt16LE(64));
    return e.subarray(0, Math.max(0, bytes - 2)).toString('utf16le');
  };
  // The root (entry 0) holds its children in a tree of siblings (left at 68, right at 72; child at 76).
  const root = entry(0);
  const names = new Set<string>();
  if (!root) return names;
  const stack = [root.readInt32LE(76)];
  const visited = new Set<number>();
  while (stack.length && visited.size < MAX_ENTRIES) {
    const id = stack.pop()!;
    if (id === NOSTREAM || id < 0 || visited.has(id)) continue;
    visited.add(id);
    const e = entry(id);
    if (!e) continue;
    if (e[66] === 2) names.add(nameOf(e));
    stack.push(e.readInt32LE(68), e.readInt32LE(72));
  }
  return names;
}
