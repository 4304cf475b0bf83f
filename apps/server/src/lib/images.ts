import { Readable } from 'node:stream';
import sharp from 'sharp';
import { invalidFields } from './errors.ts';
import type { FileStore, StagedFile } from './storage.ts';

/**
 * Reads a staged image and stages a thumbnail of it (JPEG, `width` px wide,
 * never enlarged, EXIF orientation applied). Returns the staged thumbnail (to
 * commit with the original) and the original's size in pixels. An image whose signature passed but which
 * does not decode is refused as not an image (400 `image_type` on `field`).
 */
export async function makeThumbnail(store: FileStore, original: StagedFile, width: number, maxBytes: number, field: string) {
  const chunks: Buffer[] = [];
  for await (const chunk of original.read()) chunks.push(chunk as Buffer);
  try {
    const image = sharp(Buffer.concat(chunks), { failOn: 'error' }).rotate();
    const meta = await image.metadata();
    const thumb = await image.resize({ width, withoutEnlargement: true }).jpeg({ quality: 78 }).toBuffer();
    const staged = await store.stage(Readable.from(thumb), maxBytes);
    return { thumb: staged, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch (err) {
    if (err instanceof Error && /Input buffer|unsupported image|corrupt|VipsJpeg|pngload|bad seek|premature end/i.test(err.message)) {
      throw invalidFields([{ field, code: 'image_type' }]);
    }
    throw err;
  }
}
