import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roles, users } from '../../db/schema.ts';

/** Every role with its keys, by name. */
export function listRoleKeys(db: Executor) {
  return db
    .select({ id: roles.id, slug: roles.slug, name: roles.name, permissions: roles.permissions })
    .from(roles)
    .orderBy(asc(roles.name));
}

/** Every user (active or not) with their role's keys (null without a role) and their extra keys, by name. */
export function listUserKeys(db: Executor) {
  return db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      active: users.active,
      extraPermissions: users.extraPermissions,
      rolePermissions: roles.permissions,
    })
    .from(users)
    .leftJoin(roles, eq(users.roleId, roles.id))
    .orderBy(asc(users.fullName), asc(users.username));
}
