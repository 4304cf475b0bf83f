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

/** An image's size in pixels as its header declares it (nothing decoded), or null when sharp reads no header. */
export async function imageSize(data: Buffer): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    return { width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch {
    return null;
  }
}

/**
 * Refuses (400 `image_too_large` on `field`, params.max) an image whose header declares more than
 * IMAGE_MAX_PIXELS; reads the header only. Returns the size in pixels; an undecodable header (null) is left to
 * the caller's type check.
 */
export async function checkImagePixels(data: Buffer, field: string) {
  const size = await imageSize(data);
  if (size && size.width * size.height > IMAGE_MAX_PIXELS) throw imageTooLarge(field);
  return size;
}

/** The bytes of a staged upload (at most the upload's own limit, already enforced by the store). */
export async function readStaged(staged: StagedFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of staged.read()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Above this many pixels an image document or attachment is previewed from a reduced copy, not from the
 * original (issue 23 section 4, "Huge images as files"): 4096 x 4096 = 16.8 megapixels, 64 MB once decoded as
 * RGBA, the largest canvas iOS Safari draws and what a modest phone decodes without trouble. A 12 MP phone
 * photo (4032 x 3024) or an A4 page scanned at 300 dpi (2480 x 3508) is under it and shown as is.
 */
export const PREVIEW_OVER_PIXELS = 4096 * 4096;

/**
 * The most pixels a preview has: 2048 x 2048 = 4.2 megapixels, aspect ratio kept (a 5000 x 4000 scan becomes
 * 2290 x 1832; a tall strip stays readable instead of being squeezed into a square); a page's text stays legible.
 */
export const PREVIEW_PIXELS = 2048 * 2048;

/** The most bytes a preview is staged with: a JPEG of PREVIEW_PIXELS never nears it (12.6 MB even uncompressed). */
const PREVIEW_MAX_BYTES = 32 * 1024 * 1024;

/** The preview's width and height for an image of `width` x `height` (scaled by area to PREVIEW_PIXELS). */
export function previewSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.sqrt(PREVIEW_PIXELS / (width * height));
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/**
 * Stages a preview of an image over PREVIEW_OVER_PIXELS (`size` from its header): a JPEG of at most
 * PREVIEW_PIXELS, EXIF orientation applied, transparency on white. Returns null for an image under the
 * threshold (previewed as is). Decoding errors as in `makeThumbnail` (400 `image_type` / `image_too_large`).
 */
export async function makePreview(
  store: FileStore,
  data: Buffer,
  size: { width: number; height: number },
  field: string,
): Promise<StagedFile | null> {
  if (size.width * size.height <= PREVIEW_OVER_PIXELS) return null;
  try {
    const image = sharp(data, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS });
    // EXIF orientations 5-8 turn the image a quarter: the box is turned with it.
    const turned = ((await image.metadata()).orientation ?? 1) >= 5;
    const box = previewSize(size.width, size.height);
    const target = turned ? { width: box.height, height: box.width } : box;
    const preview = await image
      .rotate()
      .resize({ ...target, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82 })
      .toBuffer();
    return await store.stage(Readable.from(preview), PREVIEW_MAX_BYTES);
  } catch (err) {
    throw decodingError(err, field);
  }
}

/** What a failed decode means for the uploader: over the pixel limit, not an image, or (rethrown) a fault of ours. */
function decodingError(err: unknown, field: string): unknown {
  if (err instanceof Error && /exceeds pixel limit/i.test(err.message)) return imageTooLarge(field);
  if (
    err instanceof Error &&
    /Input buffer|unsupported image|corrupt|VipsJpeg|pngload|bad seek|premature end/i.test(err.message)
  ) {
    return invalidFields([{ field, code: 'image_type' }]);
  }
  return err;
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
  const data = await readStaged(original);
  await checkImagePixels(data, field);
  try {
    const image = sharp(data, { failOn: 'error', limitInputPixels: IMAGE_MAX_PIXELS }).rotate();
    const meta = await image.metadata();
    const thumb = await image.resize({ width, withoutEnlargement: true }).jpeg({ quality: 78 }).toBuffer();
    const staged = await store.stage(Readable.from(thumb), maxBytes);
    return { thumb: staged, width: meta.width ?? 0, height: meta.height ?? 0 };
  } catch (err) {
    throw decodingError(err, field);
  }
}
