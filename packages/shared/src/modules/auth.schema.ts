import { z } from 'zod';
import { envelope, text, uuid, version } from '../validation.ts';
import { isValidNit } from '../identifiers.ts';

/** Spec section 9: minimum password length. */
export const MIN_PASSWORD_LENGTH = 8;

export const loginBody = z.object({
  /** Username or e-mail. */
  username: text(254),
  password: z.string().min(1, 'required').max(200, 'length:1:200'),
});

export const roleRef = z.object({ id: uuid, slug: z.string(), name: z.string() });

/** The signed-in user's profile (spec section 3, 'Logged-in user'). */
export const userProfile = z.object({
  id: uuid,
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  nit: z.string().nullable(),
  hasPhoto: z.boolean(),
  role: roleRef.nullable(),
  responsibility: z.string().nullable(),
  workgroup: z.string().nullable(),
  /** The permission keys the user holds (role + extra). */
  permisos: z.array(z.string()),
  version: z.number().int(),
});
export type UserProfile = z.infer<typeof userProfile>;

/** `POST /api/login` answer: `data.user` carries the profile, `token` and `permisos`. */
export const loginResponse = envelope(z.object({ user: userProfile.extend({ token: z.string() }) }));
export const userCheckResponse = envelope(z.object({ user: userProfile }));

export const forgotBody = z.object({ email: z.email({ error: 'invalid' }).max(254, 'length:1:254') });

/** Password with the spec's rules: minimum 8, confirmation must match. */
export function passwordPair<T extends z.ZodRawShape>(shape: T) {
  return z
    .object({
      ...shape,
      password: z
        .string()
        .min(1, 'required')
        .min(MIN_PASSWORD_LENGTH, `password_too_short:${MIN_PASSWORD_LENGTH}`)
        .max(200, 'length:8:200'),
      confirmation: z.string().min(1, 'required'),
    })
    .refine((v) => (v as { password: string }).password === (v as { confirmation: string }).confirmation, {
      path: ['confirmation'],
      message: 'password_mismatch',
    });
}

const resetToken = z.string().min(20, 'invalid').max(200, 'invalid');
/** The shape of a reset token (the server answers a token of any other shape as `invalid_token`). */
export const resetTokenShape = resetToken;
export const resetBody = passwordPair({ token: resetToken });
/**
 * Whether a reset link is still good, asked when its page opens (issue 11 item 6). Any text up to 2000
 * characters: a link cut or mangled by a mail program is an invalid link (400 invalid_token), not a form
 * to complete (issue 24 section 6 item 2).
 */
export const resetCheckBody = z.object({ token: z.string().max(2000, 'invalid') });

export const usernameField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'required')
  .min(3, 'length:3:40')
  .max(40, 'length:3:40')
  .regex(/^[a-z0-9._-]+$/, 'invalid');

export const nitField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(20, 'length:1:20')
  .refine((v) => isValidNit(v), 'nit_invalid');

export const phoneField = z
  .string()
  .trim()
  .min(1, 'required')
  .max(20, 'length:8:20')
  .regex(/^\+?[0-9][0-9 -]{6,18}[0-9]$/, 'invalid');

export const registerBody = passwordPair({
  invitationId: uuid,
  username: usernameField,
  fullName: text(120, 3),
  email: z.email({ error: 'invalid' }).max(254, 'length:1:254'),
});

export const invitationInfo = envelope(
  z.object({ email: z.string(), roleName: z.string().nullable(), expiresAt: z.string() }),
);
export const usernameAvailableQuery = z.object({ username: usernameField });
export const usernameAvailableResponse = envelope(z.object({ available: z.boolean() }));

/** `POST /api/update_user`: profile fields (spec section 5: full name, phone and NIT required). */
export const updateProfileBody = z.object({
  fullName: text(120, 3),
  phone: phoneField,
  nit: nitField,
  version,
});

export const changePasswordBody = z
  .object({
    currentPassword: z.string().min(1, 'required').max(200, 'invalid'),
    newPassword: z
      .string()
      .min(1, 'required')
      .min(MIN_PASSWORD_LENGTH, `password_too_short:${MIN_PASSWORD_LENGTH}`)
      .max(200, 'length:8:200'),
    confirmation: z.string().min(1, 'required'),
  })
  .refine((v) => v.newPassword === v.confirmation, { path: ['confirmation'], message: 'password_mismatch' });

/**
 * `POST /api/account/email`: a self-service e-mail change (issue 9 item 1).
 * Needs the current password; takes effect only when the link mailed to the
 * new address is opened (`POST /api/account/email/confirm`).
 */
export const emailChangeBody = z.object({
  newEmail: z.email({ error: 'invalid' }).max(254, 'length:1:254'),
  currentPassword: z.string().min(1, 'required').max(200, 'invalid'),
});
export const emailChangeResponse = envelope(z.object({ pendingEmail: z.string(), expiresAt: z.string() }));
export const emailConfirmBody = z.object({ token: z.string().min(20, 'invalid').max(200, 'invalid') });
export const emailConfirmResponse = envelope(z.object({ email: z.string() }));
/** An e-mail change undone from the old address (issue 23 item 1): the address in use and the lock's end (ISO). */
export const emailCancelResponse = envelope(z.object({ email: z.string(), lockedUntil: z.string() }));

/** The four classes the strength meter checks (spec section 5). */
export function passwordStrength(password: string) {
  const checks = {
    lowercase: /[a-z]/.test(password),
    uppercase: /[A-Z]/.test(password),
    digit: /\d/.test(password),
    special: /[^A-Za-z0-9]/.test(password),
    length: password.length >= MIN_PASSWORD_LENGTH,
  };
  const score = Object.values(checks).filter(Boolean).length;
  return { checks, score, max: 5 };
}

/** An answer with nothing to say (`data: {}`): an empty, closed object, so nothing else can be written into it. */
export const okResponse = envelope(z.object({}));

export { PHOTO_TYPES } from '../uploads.ts';

/** `GET /api/app-info`: public settings the web needs before sign-in. */
export const appInfo = z.object({
  testBanner: z.boolean(),
  allowedEmailDomains: z.array(z.string()),
  /** PHOTO_MAX_BYTES, so the browser refuses a large photo before sending it. */
  photoMaxBytes: z.number().int(),
  /** DOCUMENT_MAX_BYTES and ACTIVITY_PHOTO_MAX_BYTES, for the same early check. */
  documentMaxBytes: z.number().int(),
  activityPhotoMaxBytes: z.number().int(),
  /** EMAIL_CHANGE_GUARD_HOURS: how long after an e-mail change a reset goes to the old address (issue 23 item 1). */
  emailChangeGuardHours: z.number().int(),
  version: z.string(),
});
export type AppInfo = z.infer<typeof appInfo>;
export const appInfoResponse = envelope(appInfo);
