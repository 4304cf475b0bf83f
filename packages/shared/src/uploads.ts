/**
 * Upload rules both sides read, without zod: the web's shell imports them on every first load
 * (issue 24 section 4), where building a zod schema costs main-thread time.
 */

/** Accepted photo types (spec section 5: 'Image must be png or jpg'), checked by content on the server. */
export const PHOTO_TYPES = ['image/png', 'image/jpeg'] as const;
