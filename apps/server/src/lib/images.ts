import { Readable } from 'node:stream';
import sharp from 'sharp';
import { AppError, invalidFields } from './errors.ts';
import type { FileStore, StagedFile } from './storage.ts';

/**
 * The most pixels an uploaded image may have (issue 9 item 7): 100 megapixels
 * covers any phone or camera photo; beyond it decoding costs too much memory
 * (a tiny PNG can declare 20 000 x 20 000 pixels). sharp's own limit made a 500.
 */
export const IMAGE_MAX_PIXELS = 100_000_000;

/** 400 `image_too_large` on `field`, with the limit in pixels. */
export const imageTooLarge = (field: string) =>
  new AppError(400, 'image_too_large', [{ field, code: 'image_too_large', params: { max: IMAGE_MAX_PIXELS } }]);

/**
 * Refuses (400 `image_too_large`) an image whose header declares more than
 * IMAGE_MAX_PIXELS; reads the header only. An undecodable header is left to
 * the caller's type check.
 */
export async function checkImagePixels(data: Buffer, field: string): Promise<void> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    return;
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > IMAGE_MAX_PIXELS) throw imageTooLarge(field);
}

/**
 * Reads a staged image and stages a thumbnail of it (JPEG, `width` px wide,
 * never enlarged, EXIF orientation applied). Returns the staged thumbnail (to
 * commit with the original) and the original's size in pixels. An image whose signature passed but which
 * does not decode is refused as not an image (400 `image_type` on `field`).
 */
export async function makeThumbnail(
  store: FileStore,
  original: StagedFile,
  width: number,
  maxBytes: number,
  field: string,
) {
  const chunks: Buffer[] = [];
  for await (const chunk of original.read()) chunks.push(chunk as Buffer);
  const data = Buffer.concat(chunks);
  await checkImagePixels(data, field);
  try {
    const image = sharp(data, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS }).rotate();
    const meta = await image.metadata();
    const thumb = await image.resize({ width, withoutEnlargement: true }).jpeg({ quality: 78 }).toBuffer();
    const staged = await store.stage(Readable.from(thumb), maxBytes);
    return { thumb: staged, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch (err) {
    if (err instanceof Error && /exceeds pixel limit/i.test(err.message)) throw imageTooLarge(field);
    if (
      err instanceof Error &&
      /Input buffer|unsupported image|corrupt|VipsJpeg|pngload|bad seek|premature end/i.test(err.message)
    ) {
      throw invalidFields([{ field, code: 'image_type' }]);
    }
    throw err;
  }
}
