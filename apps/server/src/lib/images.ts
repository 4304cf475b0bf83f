import { Readable } from 'node:stream';
import sharp from 'sharp';
import { invalidFields } from './errors.ts';
import type { FileStore } from './storage.ts';

/**
 * Reads a stored image and stores a thumbnail of it (JPEG, `width` px wide,
 * never enlarged, EXIF orientation applied). Returns the thumbnail's key and
 * the original's size in pixels. An image whose signature passed but which
 * does not decode is refused as not an image (400 `image_type` on `field`).
 */
export async function makeThumbnail(store: FileStore, key: string, width: number, maxBytes: number, field: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of store.read(key)) chunks.push(chunk as Buffer);
  try {
    const image = sharp(Buffer.concat(chunks), { failOn: 'error' }).rotate();
    const meta = await image.metadata();
    const thumb = await image.resize({ width, withoutEnlargement: true }).jpeg({ quality: 78 }).toBuffer();
    const stored = await store.put(Readable.from(thumb), maxBytes);
    return { thumbKey: stored.key, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch (err) {
    if (err instanceof Error && /Input buffer|unsupported image|corrupt|VipsJpeg|pngload|bad seek|premature end/i.test(err.message)) {
      throw invalidFields([{ field, code: 'image_type' }]);
    }
    throw err;
  }
}
