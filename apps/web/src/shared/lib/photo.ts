import type { FieldErrorCode } from '@amparo/shared/errors';

/** Mirrors the server's PHOTO_MAX_BYTES default (2 MB) and accepted types (spec section 5). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;

/** Client-side check before uploading; the server checks again. */
export function checkPhoto(file: File): FieldErrorCode | null {
  if (!(PHOTO_TYPES as readonly string[]).includes(file.type)) return 'image_type';
  if (file.size > PHOTO_MAX_BYTES) return 'file_too_large';
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
