import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { MultipartFile } from '@fastify/multipart';
import { pixelBomb, PNG_FIXTURE } from '../../test/multipart.ts';
import { AppError } from './errors.ts';
import { IMAGE_MAX_PIXELS, PREVIEW_OVER_PIXELS } from './images.ts';
import { DiskFileStore } from './storage.ts';
import { receiveUpload, type UploadSource } from './uploads.ts';

/**
 * The shared upload helper checks every image whatever module calls it (issue 23 section 4): a module that
 * asks for no preview (as a future one might) still gets the pixel limit, and nothing stays in the store.
 */

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function storeIn() {
  const root = mkdtempSync(join(tmpdir(), 'amparo-uploads-'));
  roots.push(root);
  return { root, store: new DiskFileStore(root) };
}

/** One multipart file part, as `uploadSource(request)` gives it. */
const uploadOf = (data: Buffer, fieldname = 'file', filename = 'archivo.png'): UploadSource => ({
  declaredBytes: data.length,
  isMultipart: true,
  file: async () => ({ fieldname, filename, file: Readable.from([data]) }) as unknown as MultipartFile,
});

const opts = { field: 'file', maxBytes: 20 * 1024 * 1024, allowed: ['image/png', 'application/pdf'] };

describe('receiveUpload', () => {
  it('refuses an image over IMAGE_MAX_PIXELS even without a preview asked for, keeping nothing', async () => {
    const { root, store } = storeIn();
    const refused = await receiveUpload(uploadOf(pixelBomb()), store, { ...opts, typeError: 'file_type' }).catch(
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 400,
      code: 'image_too_large',
      fieldErrors: [{ field: 'file', code: 'image_too_large', params: { max: IMAGE_MAX_PIXELS } }],
    });
    expect(readdirSync(join(root, 'tmp'))).toEqual([]);
    expect(readdirSync(root).filter((d) => d !== 'tmp')).toEqual([]);
  });

  it('refuses an image signature whose header does not read (its pixels cannot be counted)', async () => {
    const { root, store } = storeIn();
    const broken = Buffer.concat([PNG_FIXTURE().subarray(0, 8), Buffer.alloc(64, 7)]);
    await expect(receiveUpload(uploadOf(broken), store, { ...opts, typeError: 'file_type' })).rejects.toMatchObject({
      status: 400,
      fieldErrors: [{ field: 'file', code: 'file_type' }],
    });
    expect(readdirSync(join(root, 'tmp'))).toEqual([]);
  });

  it("gives an image's size, and a preview only when asked for and over PREVIEW_OVER_PIXELS", async () => {
    const { store } = storeIn();
    const small = await receiveUpload(uploadOf(PNG_FIXTURE()), store, {
      ...opts,
      typeError: 'file_type',
      preview: true,
    });
    expect(small.image).toEqual(
      await sharp(PNG_FIXTURE())
        .metadata()
        .then((m) => ({ width: m.width, height: m.height })),
    );
    expect(small.preview).toBeNull();
    await small.staged.discard();

    const large = await sharp({ create: { width: 5000, height: 4000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(5000 * 4000).toBeGreaterThan(PREVIEW_OVER_PIXELS);
    const without = await receiveUpload(uploadOf(large), store, { ...opts, typeError: 'file_type' });
    expect(without).toMatchObject({ image: { width: 5000, height: 4000 }, preview: null });
    await without.staged.discard();
    const withPreview = await receiveUpload(uploadOf(large), store, { ...opts, typeError: 'file_type', preview: true });
    expect(withPreview.preview).not.toBeNull();
    await Promise.all([withPreview.staged.discard(), withPreview.preview!.discard()]);

    const pdf = Buffer.from('%PDF-1.4\ntrailer<<>>\n%%EOF\n');
    const document = await receiveUpload(uploadOf(pdf, 'file', 'a.pdf'), store, { ...opts, typeError: 'file_type' });
    expect(document).toMatchObject({ mime: 'application/pdf', image: null, preview: null });
    await document.staged.discard();
  });
});

/** Issue 25 section 7: the store reads asynchronously, whole or a byte range (what an S3 store's GET with Range gives). */
describe('reading stored files', () => {
  const text = async (body: Readable) => {
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  it('reads a committed file whole or by inclusive byte range, and rejects a missing file or a bad range', async () => {
    const { store } = storeIn();
    const staged = await store.stage(Readable.from([Buffer.from('0123456789')]), 100);
    await staged.commit();
    expect(await text(await store.read(staged.key))).toBe('0123456789');
    expect(await text(await store.read(staged.key, { start: 2, end: 4 }))).toBe('234');
    expect(await text(await store.read(staged.key, { start: 7 }))).toBe('789');
    expect(await text(await store.read(staged.key, { start: 8, end: 99 }))).toBe('89');
    await expect(store.read(staged.key, { start: 10 })).rejects.toThrow(RangeError);
    await expect(store.read('0'.repeat(64))).rejects.toThrow();
  });
});
