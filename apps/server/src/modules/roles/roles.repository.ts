import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roles, users } from '../../db/schema.ts';
import { col } from '../../db/sql.ts';

const columns = {
  id: roles.id,
  slug: roles.slug,
  name: roles.name,
  permissions: roles.permissions,
  version: roles.version,
  createdAt: roles.createdAt,
  updatedAt: roles.updatedAt,
  userCount: sql<number>`(select count(*)::int from ${users} where ${col(users.roleId)} = ${col(roles.id)})`,
};

/**
 * Every role with its keys and the number of users holding it, by name.
 */
export function listRoles(db: Executor) {
  return db.select(columns).from(roles).orderBy(asc(roles.name));
}

/**
 * One role with its keys and user count, or null.
 */
export async function findRole(db: Executor, id: string) {
  const rows = await db.select(columns).from(roles).where(eq(roles.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Inserts a role; returns its id (23505 on a taken slug).
 */
export async function insertRole(db: Executor, values: typeof roles.$inferInsert) {
  const [row] = await db.insert(roles).values(values).returning({ id: roles.id });
  return row!.id;
}

/**
 * Deletes a role (the service refuses one still given to users).
 */
export async function deleteRole(db: Executor, id: string) {
  await db.delete(roles).where(eq(roles.id, id));
}
