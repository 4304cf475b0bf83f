import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UserItem, userCreate, userListQuery, userUpdate } from '@amparo/shared/modules/users.schema';
import { normalizeNit } from '@amparo/shared/identifiers';
import { PERMISSION_KEYS } from '@amparo/shared/permissions';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, invalidField, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { hashPassword } from '../../lib/password.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { users } from '../../db/schema.ts';
import { isInstitutionalEmail } from '../../lib/email.ts';
import { revokeUserSessions } from '../auth/sessions.service.ts';
import * as repo from './users.repository.ts';
import { getRole } from '../roles/roles.service.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

function toItem(row: Row): UserItem {
  return {
    id: row.id, username: row.username, email: row.email, fullName: row.fullName, phone: row.phone, nit: row.nit,
    roleId: row.roleId, roleName: row.roleName, responsibility: row.responsibility, workgroup: row.workgroup,
    active: row.active, hasPhoto: row.hasPhoto, extraPermissions: row.extraPermissions,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null, version: row.version,
  };
}

const auditable = (u: UserItem) => {
  const { lastLoginAt: _l, version: _v, hasPhoto: _h, roleName: _r, ...rest } = u;
  return rest;
};
const keysOrdered = (keys: string[]) => PERMISSION_KEYS.filter((k) => keys.includes(k));

export async function listUsers(db: Db, query: z.output<typeof userListQuery>) {
  const { items, total } = await repo.listUsers(db, query);
  return { items: items.map(toItem), page: query.page, pageSize: query.pageSize, total, totalCapped: false };
}

export async function getUser(db: Executor, id: string): Promise<UserItem> {
  const row = await repo.findUserById(db, id);
  if (!row) throw notFound();
  return toItem(row);
}

async function assertRole(db: Executor, roleId: string | null) {
  if (roleId && !(await getRole(db, roleId).catch(() => null))) throw invalidField('roleId', 'unknown_code');
}

/** Creates a staff account with an initial password (institutional mail only; unique username and e-mail). */
export async function createUser(db: Db, config: Config, request: FastifyRequest, body: z.output<typeof userCreate>): Promise<UserItem> {
  if (!isInstitutionalEmail(body.email, config.ALLOWED_EMAIL_DOMAINS)) throw invalidField('email', 'mail_not_institutional');
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      await assertRole(tx, body.roleId);
      if (await repo.usernameTaken(tx, body.username)) throw invalidField('username', 'username_taken');
      if (await repo.emailTaken(tx, body.email)) throw invalidField('email', 'email_taken');
      const id = await repo.insertUser(tx, {
        username: body.username, email: body.email, passwordHash, fullName: body.fullName, phone: body.phone,
        nit: body.nit ? normalizeNit(body.nit) : null, roleId: body.roleId, responsibility: body.responsibility,
        workgroup: body.workgroup, active: body.active, extraPermissions: keysOrdered(body.extraPermissions),
        createdBy: request.auth!.userId, updatedBy: request.auth!.userId,
      });
      const created = await getUser(tx, id);
      await writeAudit(tx, request, { action: 'create', entity: 'user', entityId: id, changes: diff(null, auditable(created)) });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'duplicate', [{ field: 'username', code: 'username_taken' }]);
    throw err;
  }
}

/**
 * Updates a user's role, responsibility, workgroup, active flag and extra
 * permissions (409 on a stale version). Deactivating a user ends their sessions.
 * Users cannot deactivate themselves (they would lock the door behind them).
 */
export async function updateUser(db: Db, config: Config, request: FastifyRequest, id: string, body: z.output<typeof userUpdate>): Promise<UserItem> {
  return db.transaction(async (tx) => {
    const before = await getUser(tx, id);
    if (body.email.toLowerCase() !== before.email.toLowerCase()) {
      if (!isInstitutionalEmail(body.email, config.ALLOWED_EMAIL_DOMAINS)) throw invalidField('email', 'mail_not_institutional');
      if (await repo.emailTaken(tx, body.email, id)) throw invalidField('email', 'email_taken');
    }
    if (id === request.auth!.userId && !body.active) throw invalidField('active', 'invalid');
    await assertRole(tx, body.roleId);
    await updateVersioned(tx, users, id, body.version, {
      fullName: body.fullName, email: body.email, phone: body.phone, nit: body.nit ? normalizeNit(body.nit) : null,
      roleId: body.roleId, responsibility: body.responsibility, workgroup: body.workgroup, active: body.active,
      extraPermissions: keysOrdered(body.extraPermissions), updatedBy: request.auth!.userId,
    });
    if (!body.active) await revokeUserSessions(tx, id);
    const after = await getUser(tx, id);
    await writeAudit(tx, request, { action: 'update', entity: 'user', entityId: id, changes: diff(auditable(before), auditable(after)) });
    return after;
  });
}

export async function setUserPhoto(db: Db, request: FastifyRequest, id: string, mime: string, data: Buffer): Promise<UserItem> {
  return db.transaction(async (tx) => {
    await getUser(tx, id);
    await repo.savePhoto(tx, id, mime, data);
    await writeAudit(tx, request, { action: 'update', entity: 'user', entityId: id, changes: { photo: { before: null, after: `${mime}, ${data.length} bytes` } } });
    return getUser(tx, id);
  });
}

/** Active users matching a term, for pickers (grants, professionals, facilitators). */
export function searchUserOptions(db: Executor, term: string | undefined) {
  return repo.searchUserOptions(db, term);
}

/** Username availability (registration). */
export function usernameTaken(db: Executor, username: string) {
  return repo.usernameTaken(db, username);
}

// ---- For auth and account: they reach the user record through here, not the repository.

/** The user with role name and photo flag, or null. */
export function findUserById(db: Executor, id: string) {
  return repo.findUserById(db, id);
}

/** The raw user row (password hash included: account checks the current password), or null. */
export function findUserRecord(db: Executor, id: string) {
  return repo.findUserRecord(db, id);
}

/** Whether a mail address is in use (optionally by someone other than `exceptId`). */
export function emailTaken(db: Executor, email: string, exceptId?: string) {
  return repo.emailTaken(db, email, exceptId);
}

/** Creates a user who registered through an invitation; returns their id. */
export function insertRegisteredUser(db: Executor, values: { username: string; email: string; fullName: string; passwordHash: string; roleId: string | null }) {
  return repo.insertUser(db, values);
}

/** Stores a new argon2id password hash and when it changed (sessions are revoked by the caller). */
export function setPasswordHash(db: Executor, id: string, passwordHash: string) {
  return repo.updateUser(db, id, { passwordHash, passwordChangedAt: new Date() });
}

/** Notes a successful sign-in. */
export function recordLogin(db: Executor, id: string) {
  return repo.updateUser(db, id, { lastLoginAt: new Date() });
}

/** The user's own profile photo (bytes in the database, at most PHOTO_MAX_BYTES). */
export function saveOwnPhoto(db: Executor, userId: string, mime: string, data: Buffer) {
  return repo.savePhoto(db, userId, mime, data);
}

/** A user's profile photo, or null. */
export function findUserPhoto(db: Executor, userId: string) {
  return repo.findPhoto(db, userId);
}

/** Full names of these users (history: who was granted, who attended), by id. */
export async function userNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  return new Map((await repo.namesOf(db, ids)).map((u) => [u.id, u.fullName]));
}
