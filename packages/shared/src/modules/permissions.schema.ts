import { z } from 'zod';
import { envelope, uuid } from '../validation.ts';

/** An API operation a key opens, read from the server's registered routes. */
export const permissionOperation = z.object({
  method: z.string(),
  url: z.string(),
  operationId: z.string().nullable(),
});

/**
 * One row of the system permission screen (spec section 6, issue 24 section 5): a key of PERMISSION_TREE with
 * its labels, where it sits in the tree, the web screens (WEB_ROUTES) and API operations it opens, and who holds it.
 * A role or user holds a key when its set grants it with every parent key (`hasPermission`).
 */
export const permissionItem = z.object({
  key: z.string(),
  parent: z.string().nullable(),
  /** 0 for a module key, 1 for its screens, 2 below. */
  depth: z.number().int(),
  es: z.string(),
  en: z.string(),
  webRoutes: z.array(z.string()),
  operations: z.array(permissionOperation),
  roles: z.array(z.object({ id: uuid, slug: z.string(), name: z.string() })),
  /** Active and inactive users; `via` says whether their role grants it or their own extra keys complete it. */
  users: z.array(
    z.object({
      id: uuid,
      username: z.string(),
      fullName: z.string(),
      active: z.boolean(),
      via: z.enum(['role', 'extra']),
    }),
  ),
});
export type PermissionItem = z.infer<typeof permissionItem>;
export const permissionListResponse = envelope(z.array(permissionItem));

/** GET /api/permissions/export: the sheet's language. */
export const permissionExportQuery = z.object({ lang: z.enum(['es', 'en']).default('es') });
