import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UserProfile, updateProfileBody, changePasswordBody } from '@amparo/shared/modules/auth.schema';
import { normalizeNit } from '@amparo/shared/identifiers';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { users as usersTable } from '../../db/schema.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import * as users from '../users/users.service.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';

/** The profile the client keeps (spec section 3 'Logged-in user'), with `permisos` = role keys + extra keys. */
export async function getProfile(db: Executor, userId: string): Promise<UserProfile> {
  const row = await users.findUserById(db, userId);
  if (!row) throw notFound();
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    phone: row.phone,
    nit: row.nit,
    hasPhoto: row.hasPhoto,
    role: row.roleId ? { id: row.roleId, slug: row.roleSlug!, name: row.roleName! } : null,
    responsibility: row.responsibility,
    workgroup: row.workgroup,
    permisos: [...new Set([...(row.rolePermissions ?? []), ...row.extraPermissions])],
    version: row.version,
  };
}

/**
 * `update_user`: the user edits their own full name, phone and NIT (spec
 * section 5, all required; NIT normalised, modulo-11 checked by the schema).
 * 409 when `version` is stale.
 */
export async function updateOwnProfile(db: Db, request: FastifyRequest, userId: string, body: z.output<typeof updateProfileBody>) {
  return db.transaction(async (tx) => {
    const before = await getProfile(tx, userId);
    const values = { fullName: body.fullName, phone: body.phone, nit: normalizeNit(body.nit), updatedBy: userId };
    await updateVersioned(tx, usersTable, userId, body.version, values);
    const after = await getProfile(tx, userId);
    await writeAudit(tx, request, { action: 'update', entity: 'user', entityId: userId, changes: diff(before, after, ['version', 'permisos']) });
    return after;
  });
}

/**
 * Changes the user's password after checking the current one ('The current
 * password is wrong', spec section 8); every other session is revoked.
 */
export async function changeOwnPassword(db: Db, request: FastifyRequest, userId: string, sessionId: string, body: z.output<typeof changePasswordBody>) {
  const record = await users.findUserRecord(db, userId);
  if (!record) throw notFound();
  if (!(await verifyPassword(record.passwordHash, body.currentPassword))) {
    throw new AppError(400, 'current_password_wrong', [{ field: 'currentPassword', code: 'invalid' }]);
  }
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await users.setPasswordHash(tx, userId, passwordHash);
    await revokeUserSessions(tx, userId, sessionId);
    await writeAudit(tx, request, { action: 'password_change', entity: 'user', entityId: userId });
  });
}
