import type { FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { PHOTO_TYPES } from '@amparo/shared/modules/auth.schema';
import { AppError, invalidField } from './errors.ts';


/**
 * Reads one uploaded image (multipart field `field`), refusing it before it is
 * read whole when it is larger than `maxBytes` (413), and refusing content that
 * is not PNG or JPEG whatever its name or declared type says (400
 * `image_type`; spec section 5 'Image must be png or jpg').
 */
export async function readImageUpload(request: FastifyRequest, field: string, maxBytes: number): Promise<{ mime: string; data: Buffer }> {
  const declared = Number(request.headers['content-length'] ?? 0);
  // Multipart framing adds a few hundred bytes; anything far beyond the limit is refused unread.
  if (declared > maxBytes + 64 * 1024) throw new AppError(413, 'payload_too_large', [{ field, code: 'file_too_large', params: { max: maxBytes } }]);
  if (!request.isMultipart()) throw invalidField(field, 'required');
  const file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 5 } });
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
  return { mime: type.mime, data };
}
