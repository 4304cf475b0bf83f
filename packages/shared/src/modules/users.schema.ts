import { z } from 'zod';
import {
  envelope,
  hasNoControlCharacters,
  itemAge,
  optionalText,
  paged,
  pageQuery,
  text,
  uuid,
  version,
} from '../validation.ts';
import { nitField, phoneField, usernameField, MIN_PASSWORD_LENGTH } from './auth.schema.ts';
import { permissionKeys } from './roles.schema.ts';

const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (v === '' ? null : v), s.nullable().optional()).transform((v) => v ?? null);

/** Fields an administrator edits on a user (spec section 3: role, responsibility, photo, workgroup). */
const userFields = {
  fullName: text(120, 3),
  email: z.email({ error: 'invalid' }).max(254, 'length:1:254'),
  phone: optional(phoneField),
  nit: optional(nitField),
  roleId: uuid.nullable(),
  responsibility: optionalText(120),
  workgroup: optionalText(120),
  active: z.boolean(),
  /** Per-user permissions on top of the role's. */
  extraPermissions: permissionKeys,
};

export const userCreate = z.object({
  ...userFields,
  username: usernameField,
  /** Initial password the administrator hands over; the user changes it in /account. */
  password: z
    .string()
    .min(1, 'required')
    .min(MIN_PASSWORD_LENGTH, `password_too_short:${MIN_PASSWORD_LENGTH}`)
    .max(200, 'length:8:200'),
});
export const userUpdate = z.object({
  ...userFields,
  /**
   * Why another user's e-mail changes (issue 23 item 1): required when the Administrador role changes the address
   * of a user who has signed in; kept in the change's history and the audit.
   */
  emailReason: optionalText(500),
  version,
});

/** Lifting an account's sign-in lock early (issue 23 item 1): the Administrador role only, with a reason. */
export const userUnlock = z.object({ reason: text(500, 5), version });

export const userListQuery = pageQuery.extend({
  q: z.string().trim().max(100).refine(hasNoControlCharacters, 'invalid_characters').optional(),
  sort: z.enum(['username', 'fullName', 'email', 'createdAt']).default('fullName'),
  active: z.enum(['all', 'active', 'inactive']).default('all'),
  /** Age of the account (spec section 9), on `created_at` in America/Guatemala. */
  age: itemAge.optional(),
});

export const userItem = z.object({
  id: uuid,
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  nit: z.string().nullable(),
  roleId: uuid.nullable(),
  roleName: z.string().nullable(),
  responsibility: z.string().nullable(),
  workgroup: z.string().nullable(),
  active: z.boolean(),
  hasPhoto: z.boolean(),
  extraPermissions: z.array(z.string()),
  lastLoginAt: z.string().nullable(),
  /** Sign-in refused until this instant (the owner cancelled an e-mail change; issue 23 item 1), or null. */
  lockedUntil: z.string().nullable(),
  version: z.number().int(),
});
export type UserItem = z.infer<typeof userItem>;
export const userResponse = envelope(userItem);
export const userListResponse = envelope(paged(userItem));

export const invitationCreate = z.object({
  email: z.email({ error: 'invalid' }).max(254, 'length:1:254'),
  roleId: uuid.nullable(),
});
export const invitationResponse = envelope(
  z.object({ id: uuid, email: z.string(), expiresAt: z.string(), path: z.string() }),
);

/** Short user reference for pickers (grants, professionals). */
export const userOption = z.object({ id: uuid, fullName: z.string(), username: z.string() });
export const userOptionsResponse = envelope(z.array(userOption));
