import { z } from 'zod';
import { envelope, text, uuid, version } from '../validation.ts';
import { isPermissionKey } from '../permissions.ts';

/** The slug of the seeded Administrador role, which always holds every key (issue 9 item 1; issue 23 item 1). */
export const ADMIN_ROLE_SLUG = 'administrador';

export const permissionKeys = z.array(z.string().refine(isPermissionKey, 'unknown_code')).max(200, 'invalid');

export const roleInput = z.object({
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, 'required')
    .min(2, 'length:2:40')
    .max(40, 'length:2:40')
    .regex(/^[a-z0-9-_]+$/, 'invalid'),
  name: text(80, 2),
  permissions: permissionKeys,
});
export const roleUpdate = roleInput.extend({ version });

export const role = z.object({
  id: uuid,
  slug: z.string(),
  name: z.string(),
  permissions: z.array(z.string()),
  userCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Role = z.infer<typeof role>;
export const roleResponse = envelope(role);
export const roleListResponse = envelope(z.array(role));
