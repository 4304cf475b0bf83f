import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, open } from 'node:fs/promises';
import { join } from 'node:path';
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
  constructor(readonly maxBytes: number) {
    super(`file over ${maxBytes} bytes`);
  }
}

/**
 * Where uploaded files live. Modules only see this interface, so an
 * S3-compatible object store can be added as another implementation.
 */
export interface FileStore {
  /**
   * Streams `source` into the store (never held whole in memory). Nothing is
   * left behind when the stream fails or passes `maxBytes` (FileTooLargeError).
   */
  put(source: Readable, maxBytes: number): Promise<StoredFile>;
  /** The bytes of a stored file. */
  read(key: string): Readable;
  /** Removes a stored file (no error when it is already gone). */
  remove(key: string): Promise<void>;
}

const HEAD_BYTES = 4100;

/**
 * Files on disk under `root`, named by content hash (`ab/cd/abcd...`), written
 * to a temporary file first and renamed into place once complete, so an
 * interrupted upload leaves no partial file.
 */
export class DiskFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    if (!/^[0-9a-f]{64}$/.test(key)) throw new Error('bad storage key');
    return join(this.root, key.slice(0, 2), key.slice(2, 4), key);
  }

  async put(source: Readable, maxBytes: number): Promise<StoredFile> {
    const tmpDir = join(this.root, 'tmp');
    await mkdir(tmpDir, { recursive: true });
    const tmp = join(tmpDir, `${Date.now()}-${randomBytes(8).toString('hex')}`);
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
      const key = hash.digest('hex');
      const target = this.pathOf(key);
      await mkdir(join(target, '..'), { recursive: true });
      await rename(tmp, target);
      return { key, sizeBytes: size, head: Buffer.concat(head) };
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    } finally {
      await file.close().catch(() => {});
    }
  }

  read(key: string): Readable {
    return createReadStream(this.pathOf(key));
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  /** For tests and health checks: whether a key's file exists. */
  async has(key: string): Promise<boolean> {
    return stat(this.pathOf(key)).then(() => true, () => false);
  }
}
