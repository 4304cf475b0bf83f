import type { FieldErrorCode } from '@amparo/shared/errors';
import { PHOTO_TYPES } from '@amparo/shared/uploads';

export { PHOTO_TYPES };

/**
 * Client-side check before uploading (`maxBytes` from app-info, the server's
 * PHOTO_MAX_BYTES); the server checks again, by content.
 */
export function checkPhoto(file: File, maxBytes: number): FieldErrorCode | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'image_type';
  if (file.size > maxBytes) return 'file_too_large';
  return null;
}

/** Multipart body with the `photo` field the photo endpoints expect. */
export function photoFormData(file: File): FormData {
  const body = new FormData();
  body.append('photo', file);
  return body;
}

/** Photo address; `version` busts the browser cache after an upload. */
export function userPhotoUrl(userId: string, version: number): string {
  return `/api/users/${userId}/photo?v=${version}`;
}
