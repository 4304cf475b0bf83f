import type { UserActor } from '../../lib/actor.ts';
import type { z } from 'zod';
import type { Role, roleInput, roleUpdate } from '@amparo/shared/modules/roles.schema';
import { PERMISSION_KEYS } from '@amparo/shared/permissions';
import { applyGrantableKeys, holdsEveryKey, keysNotHeld } from '@amparo/shared/grants';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { roles } from '../../db/schema.ts';
import { ADMIN_ROLE_SLUG } from '../../db/seed/reference.ts';
import * as repo from './roles.repository.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findRole>>>;

function toRole(row: Row): Role {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** Keys in the catalogue's order, without duplicates. */
function normalize(keys: string[]): string[] {
  const set = new Set(keys);
  return PERMISSION_KEYS.filter((k) => set.has(k));
}

/** Whether a role is the Administrador role (every key, never deleted). */
export function isAdminRole(role: { slug: string }): boolean {
  return role.slug === ADMIN_ROLE_SLUG;
}

const grantRefused = (keys: string[]) =>
  new AppError(403, 'grant_refused', [{ field: 'permissions', code: 'permission_not_held', params: { keys } }]);

const duplicateSlug = () => new AppError(409, 'duplicate', [{ field: 'slug', code: 'duplicate' }]);

/**
 * Every role with its permission keys (Configuración › Roles, spec section 2).
 */
export async function listRoles(db: Executor): Promise<Role[]> {
  return (await repo.listRoles(db)).map(toRole);
}

/**
 * One role with its permission keys. 404 `not_found`.
 */
export async function getRole(db: Executor, id: string): Promise<Role> {
  const row = await repo.findRole(db, id);
  if (!row) throw notFound();
  return toRole(row);
}

/** Creates a role; 403 `grant_refused` (field `permissions`) when it holds a key the editor lacks (issue 9 item 1). */
export async function createRole(db: Db, actor: UserActor, body: z.output<typeof roleInput>): Promise<Role> {
  const lacking = keysNotHeld(actor.permissions ?? [], body.permissions);
  if (lacking.length) throw grantRefused(lacking);
  try {
    return await db.transaction(async (tx) => {
      const values = {
        slug: body.slug,
        name: body.name,
        permissions: normalize(body.permissions),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      };
      const id = await repo.insertRole(tx, values);
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'role',
        entityId: id,
        changes: diff(null, { slug: values.slug, name: values.name, permissions: values.permissions }),
      });
      return toRole((await repo.findRole(tx, id))!);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateSlug();
    throw err;
  }
}

/**
 * Updates a role (409 on a stale version). The 'Administrador' role keeps its
 * slug and every key: it is how the charity can never lock itself out.
 * Issue 9 item 1: only holders of every key edit the Administrador role (403
 * `role_outranks_you`); nobody adds a key they lack (403 `grant_refused`), and
 * keys the editor lacks that the role already has stay as they are.
 */
export async function updateRole(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof roleUpdate>,
): Promise<Role> {
  try {
    return await db.transaction(async (tx) => {
      const before = await repo.findRole(tx, id);
      if (!before) throw notFound();
      const isAdmin = isAdminRole(before);
      const held = actor.permissions ?? new Set<string>();
      if (isAdmin && !holdsEveryKey(held)) throw new AppError(403, 'role_outranks_you');
      const granted = applyGrantableKeys(held, before.permissions, body.permissions);
      if (granted.refused.length) throw grantRefused(granted.refused);
      const values = {
        slug: isAdmin ? before.slug : body.slug,
        name: body.name,
        permissions: isAdmin ? [...PERMISSION_KEYS] : granted.keys,
        updatedBy: actor.userId,
      };
      await updateVersioned(tx, roles, id, body.version, values);
      const after = (await repo.findRole(tx, id))!;
      const pick = (r: Row) => ({ slug: r.slug, name: r.name, permissions: r.permissions });
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'role',
        entityId: id,
        changes: diff(pick(before), pick(after)),
      });
      return toRole(after);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateSlug();
    throw err;
  }
}

/** Deletes a role no user holds (409 `in_use` otherwise); the 'Administrador' role cannot be deleted. */
export async function deleteRole(db: Db, actor: UserActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.findRole(tx, id);
    if (!row) throw notFound();
    if (row.userCount > 0 || row.slug === ADMIN_ROLE_SLUG) throw new AppError(409, 'in_use');
    await repo.deleteRole(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'role',
      entityId: id,
      changes: diff({ slug: row.slug, name: row.name, permissions: row.permissions }, null),
    });
  });
}
