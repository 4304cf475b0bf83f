import { basename } from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import { FileTooLargeError, type FileStore, type StagedFile } from './storage.ts';
import { fileTypeFromBuffer } from 'file-type';
import { PHOTO_TYPES } from '@amparo/shared/modules/auth.schema';
import { AppError, invalidField } from './errors.ts';
import { checkImagePixels, makePreview, readStaged } from './images.ts';
import { COMPOUND_MIME, compoundFileKind } from './compound-file.ts';

/**
 * The multipart body of one request, as the upload helpers need it (built by
 * `uploadSource(request)` in `plugins/actor.ts`), so services receive files
 * without seeing Fastify's request.
 */
export interface UploadSource {
  /** The body's declared Content-Length in bytes (0 when absent). */
  declaredBytes: number;
  isMultipart: boolean;
  /** The first file part, read under these limits (@fastify/multipart's `request.file`). */
  file(limits: { fileSize: number; files: number; fields?: number }): Promise<MultipartFile | undefined>;
}

/**
 * Reads one uploaded image (multipart field `field`), refusing it before it is
 * read whole when it is larger than `maxBytes` (413), and refusing content that
 * is not PNG or JPEG whatever its name or declared type says (400
 * `image_type`; spec section 5 'Image must be png or jpg') or that has more
 * than IMAGE_MAX_PIXELS pixels (400 `image_too_large`).
 */
export async function readImageUpload(
  upload: UploadSource,
  field: string,
  maxBytes: number,
): Promise<{ mime: string; data: Buffer }> {
  const declared = upload.declaredBytes;
  // Multipart framing adds a few hundred bytes; anything far beyond the limit is refused unread.
  if (declared > maxBytes + 64 * 1024)
    throw new AppError(413, 'payload_too_large', [{ field, code: 'file_too_large', params: { max: maxBytes } }]);
  if (!upload.isMultipart) throw invalidField(field, 'required');
  const file = await upload.file({ fileSize: maxBytes, files: 1, fields: 5 });
  if (!file || file.fieldname !== field) throw invalidField(field, 'required');
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'payload_too_large', [{ field, code: 'file_too_large', params: { max: maxBytes } }]);
    }
    throw err;
  }
  const type = await fileTypeFromBuffer(data);
  if (!type || !(PHOTO_TYPES as readonly string[]).includes(type.mime)) throw invalidField(field, 'image_type');
  // Stored as is, but browsers decode it: a pixel bomb is refused here too (issue 9 item 7), and so is a
  // signature whose header does not read (its pixels cannot be counted).
  if (!(await checkImagePixels(data, field))) throw invalidField(field, 'image_type');
  return { mime: type.mime, data };
}

/**
 * A staged file's type by its content: file-type's answer from the first bytes, except that an OLE2 compound file
 * (`application/x-cfb`) is told apart by its directory as a Word document, an Excel workbook or a PowerPoint deck
 * (`compoundFileKind`), so a module may accept one and not the others. Null when nothing is recognised.
 */
export async function sniffedType(stored: StagedFile): Promise<{ mime: string } | null> {
  const type = await fileTypeFromBuffer(stored.head);
  if (type?.mime !== 'application/x-cfb') return type ?? null;
  return { mime: COMPOUND_MIME[compoundFileKind(await readStaged(stored)) ?? 'other'] };
}

const tooLarge = (field: string, max: number) =>
  new AppError(413, 'payload_too_large', [{ field, code: 'file_too_large', params: { max } }]);

/**
 * Reads one uploaded file (multipart field `field`) whole into memory, for
 * content parsed rather than stored (a spreadsheet to import): 413
 * `file_too_large` (params.max, bytes) over `maxBytes`, refused unread when the
 * declared length is already too big; 400 `required` without the file. The
 * caller checks what the bytes are.
 */
export async function readUploadBytes(upload: UploadSource, field: string, maxBytes: number): Promise<Buffer> {
  if (upload.declaredBytes > maxBytes + 64 * 1024) throw tooLarge(field, maxBytes);
  if (!upload.isMultipart) throw invalidField(field, 'required');
  const part = await upload.file({ fileSize: maxBytes, files: 1, fields: 5 });
  if (!part || part.fieldname !== field) throw invalidField(field, 'required');
  try {
    return await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(field, maxBytes);
    throw err;
  }
}

/**
 * Receives one uploaded file (multipart field `field`) into the file store,
 * streamed and limited to `maxBytes` (413, refused unread when the declared
 * length is already too big), and checks by content that its type is one of
 * `allowed` whatever its name says (400 with `typeError`). Image content
 * (`image/*` by signature, whatever the module) goes through the pixel limit
 * (400 `image_too_large`, params.max = IMAGE_MAX_PIXELS; issue 23 section 4:
 * a 48 KB PNG declaring 20 000 x 20 000 pixels was stored as a document and
 * decoded by its readers' browsers). With `preview`, an image over
 * PREVIEW_OVER_PIXELS also gets a reduced copy staged beside it (`preview`,
 * JPEG, `makePreview`). Nothing stays in the store when it is refused.
 * Returns the staged file and preview (to commit with `commitStaged` in the
 * transaction inserting their row, or drop with `abandonStaged`) and what to
 * record; `image` is the image's size in pixels (null for a PDF). An image
 * signature whose header does not read is refused like another type (`typeError`).
 */
export async function receiveUpload(
  upload: UploadSource,
  store: FileStore,
  opts: {
    field: string;
    maxBytes: number;
    allowed: readonly string[];
    typeError: 'file_type' | 'image_type';
    preview?: boolean;
  },
) {
  const { field, maxBytes } = opts;
  if (upload.declaredBytes > maxBytes + 64 * 1024) throw tooLarge(field, maxBytes);
  if (!upload.isMultipart) throw invalidField(field, 'required');
  const part = await upload.file({ fileSize: maxBytes, files: 1 });
  if (!part || part.fieldname !== field) throw invalidField(field, 'required');
  let stored;
  try {
    stored = await store.stage(part.file, maxBytes);
  } catch (err) {
    if (err instanceof FileTooLargeError) throw tooLarge(field, maxBytes);
    throw err;
  }
  const type = await sniffedType(stored);
  if (!type || !opts.allowed.includes(type.mime)) {
    await stored.discard();
    throw invalidField(field, opts.typeError);
  }
  let image: { width: number; height: number } | null = null;
  let preview: StagedFile | null = null;
  if (type.mime.startsWith('image/')) {
    try {
      const data = await readStaged(stored);
      image = await checkImagePixels(data, field);
      // A signature without a header sharp reads: its pixels cannot be counted, so it is not taken for an image.
      if (!image) throw invalidField(field, opts.typeError);
      if (opts.preview) preview = await makePreview(store, data, image, field);
    } catch (err) {
      await stored.discard();
      throw err;
    }
  }
  // Control characters would break the Content-Disposition header later.
  const name =
    [...basename(part.filename || 'archivo')]
      .filter((c) => c >= ' ')
      .join('')
      .slice(0, 200) || 'archivo';
  return { staged: stored, key: stored.key, sizeBytes: stored.sizeBytes, mime: type.mime, name, image, preview };
}
