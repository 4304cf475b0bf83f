import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** What a store keeps of a stored file. */
export interface StoredFile {
  /** Where the bytes are: the SHA-256 of the content (equal files are stored once). */
  key: string;
  sizeBytes: number;
  /** The first bytes, for content sniffing (file type by signature, not by name). */
  head: Buffer;
}

export class FileTooLargeError extends Error {
  readonly maxBytes: number;
  constructor(maxBytes: number) {
    super(`file over ${maxBytes} bytes`);
    this.maxBytes = maxBytes;
  }
}

/**
 * An upload received into the store's temporary folder, hashed and measured,
 * but not yet in place: nothing can read it by its key until `commit()`. A
 * staged file is committed inside the transaction that inserts the row
 * referring to it, under the key's lock (`commitStaged` in file-gc.ts), so a
 * collection of the same key never runs between the two (issue 9 item 4).
 */
export interface StagedFile extends StoredFile {
  /** The staged bytes (for a thumbnail or a check before committing). */
  read(): Readable;
  /** Moves the bytes into place under their key. Only through `commitStaged`. */
  commit(): Promise<void>;
  /** Whether `commit()` ran (the bytes are then the store's, collected by key). */
  readonly committed: boolean;
  /** Drops the staged bytes when they are not committed; no-op otherwise. */
  discard(): Promise<void>;
}

/** A part of a file: bytes `start` to `end` inclusive (0-based). */
export interface ByteRange {
  start: number;
  end?: number;
}

/**
 * Where uploaded files live. Modules only see this interface, so an
 * S3-compatible object store can be added as another implementation.
 */
export interface FileStore {
  /**
   * Streams `source` into a staged temporary file (never held whole in
   * memory). Nothing is left behind when the stream fails or passes
   * `maxBytes` (FileTooLargeError).
   */
  stage(source: Readable, maxBytes: number): Promise<StagedFile>;
  /**
   * The bytes of a stored file, or those of `range` (inclusive offsets, as HTTP's Range counts them; `end`
   * absent: to the end). Asynchronous, so an object store (S3: a GET with Range) can open it before the
   * answer's headers are sent; a missing file rejects here rather than failing mid-stream.
   */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Removes a stored file (no error when it is already gone). Only through `removeUnreferenced`. */
  remove(key: string): Promise<void>;
  /**
   * Removes temporary files not written to for `olderThanMs` (partial uploads
   * of a process that died). Returns how many went.
   */
  sweepTemporary(olderThanMs: number): Promise<number>;
  /** Every stored key (committed files only, not temporary ones). */
  keys(): AsyncIterable<string>;
}

const HEAD_BYTES = 4100;

/**
 * How long a temporary file may go unwritten before the start-up sweep takes
 * it for the leftover of a crash: one hour. Another instance sharing the
 * folder may be receiving an upload right now; its file's mtime moves with
 * every chunk, and staging to commit takes seconds, so an hour of silence is
 * never a live upload.
 */
export const TEMPORARY_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * Files on disk under `root`, named by content hash (`ab/cd/abcd...`), written
 * to `tmp/` first and renamed into place once complete and committed, so an
 * interrupted upload leaves no partial file under a key.
 */
export class DiskFileStore implements FileStore {
  private readonly root: string;
  constructor(root: string) {
    this.root = root;
  }

  private pathOf(key: string) {
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error('bad storage key');
    return join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  private get tmpDir() {
    return join(this.root, 'tmp');
  }

  async stage(source: Readable, maxBytes: number): Promise<StagedFile> {
    await mkdir(this.tmpDir, { recursive: true });
    const tmp = join(this.tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
    const hash = createHash('sha256');
    let size = 0;
    const head: Buffer[] = [];
    let headSize = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > maxBytes) return done(new FileTooLargeError(maxBytes));
        hash.update(chunk);
        if (headSize < HEAD_BYTES) {
          head.push(chunk.subarray(0, HEAD_BYTES - headSize));
          headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
        }
        done(null, chunk);
      },
    });
    // Multipart streams signal an overlong file with 'limit' rather than an error.
    source.once('limit', () => meter.destroy(new FileTooLargeError(maxBytes)));
    const file = await open(tmp, 'w');
    try {
      await pipeline(source, meter, file.createWriteStream());
      if ((source as Readable & { truncated?: boolean }).truncated) throw new FileTooLargeError(maxBytes);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    } finally {
      await file.close().catch(() => {});
    }
    const key = hash.digest('hex');
    const target = this.pathOf(key);
    let committed = false;
    return {
      key,
      sizeBytes: size,
      head: Buffer.concat(head),
      get committed() {
        return committed;
      },
      read: () => createReadStream(tmp),
      commit: async () => {
        if (committed) return;
        await mkdir(dirname(target), { recursive: true });
        await rename(tmp, target);
        committed = true;
      },
      discard: async () => {
        if (!committed) await rm(tmp, { force: true });
      },
    };
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const path = this.pathOf(key);
    const { size } = await stat(path);
    if (range && (range.start < 0 || range.start >= Math.max(size, 1) || (range.end ?? 0) < 0))
      throw new RangeError(`bad byte range ${range.start}-${range.end ?? ''} of ${size}`);
    return createReadStream(path, range ? { start: range.start, end: Math.min(range.end ?? size - 1, size - 1) } : {});
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async sweepTemporary(olderThanMs: number): Promise<number> {
    const entries = await readdir(this.tmpDir).catch(() => [] as string[]);
    const limit = Date.now() - olderThanMs;
    let removed = 0;
    for (const name of entries) {
      const path = join(this.tmpDir, name);
      const info = await stat(path).catch(() => null);
      if (!info?.isFile() || info.mtimeMs > limit) continue;
      await rm(path, { force: true });
      removed += 1;
    }
    return removed;
  }

  async *keys(): AsyncIterable<string> {
    const hex2 = /^[0-9a-f]{2}$/;
    const list = (dir: string) => readdir(dir).catch(() => [] as string[]);
    for (const a of (await list(this.root)).filter((n) => hex2.test(n))) {
      for (const b of (await list(join(this.root, a))).filter((n) => hex2.test(n))) {
        for (const name of await list(join(this.root, a, b))) if (/^[0-9a-f]{64}$/.test(name)) yield name;
      }
    }
  }

  /** For tests and health checks: whether a key's file exists. */
  async has(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }
}
