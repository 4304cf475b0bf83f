import type { UserActor } from '../../lib/actor.ts';
import type { z } from 'zod';
import type { UserItem, userCreate, userListQuery, userUpdate } from '@amparo/shared/modules/users.schema';
import type { UserProfile } from '@amparo/shared/modules/auth.schema';
import { normalizeNit } from '@amparo/shared/identifiers';
import { PERMISSION_KEYS } from '@amparo/shared/permissions';
import { applyGrantableKeys, holdsEveryKey, keysNotHeld } from '@amparo/shared/grants';
import type { FieldError } from '@amparo/shared/errors';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, invalidField, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { hashPassword } from '../../lib/password.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { users } from '../../db/schema.ts';
import { isInstitutionalEmail } from '../../lib/email.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { UserEvents } from '../../lib/user-events.ts';
import * as repo from './users.repository.ts';
import { getRole, isAdminRole } from '../roles/roles.service.ts';

type Row = NonNullable<Awaited<ReturnType<typeof repo.findUserById>>>;

function toItem(row: Row): UserItem {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    fullName: row.fullName,
    phone: row.phone,
    nit: row.nit,
    roleId: row.roleId,
    roleName: row.roleName,
    responsibility: row.responsibility,
    workgroup: row.workgroup,
    active: row.active,
    hasPhoto: row.hasPhoto,
    extraPermissions: row.extraPermissions,
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    lockedUntil: row.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil.toISOString() : null,
    version: row.version,
  };
}

const auditable = (u: UserItem) => {
  const { lastLoginAt: _l, lockedUntil: _k, version: _v, hasPhoto: _h, roleName: _r, ...rest } = u;
  return rest;
};
const keysOrdered = (keys: string[]) => PERMISSION_KEYS.filter((k) => keys.includes(k));

/**
 * A page of users for Configuración › Usuarios, filtered and sorted as `userListQuery` says; exact total.
 */
export async function listUsers(db: Db, query: z.output<typeof userListQuery>) {
  const { items, total } = await repo.listUsers(db, query);
  return { items: items.map(toItem), page: query.page, pageSize: query.pageSize, total, totalCapped: false };
}

/** The profile the client keeps (spec section 3 'Logged-in user'), with `permisos` = role keys + extra keys. */
export async function getProfile(db: Executor, userId: string): Promise<UserProfile> {
  const row = await repo.findUserById(db, userId);
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
 * One user with role and extra keys. 404 `not_found`.
 */
export async function getUser(db: Executor, id: string): Promise<UserItem> {
  const row = await repo.findUserById(db, id);
  if (!row) throw notFound();
  return toItem(row);
}

/** The keys the signed-in editor holds (role + extra), from the session. */
function editorKeys(actor: UserActor): ReadonlySet<string> {
  return actor.permissions ?? new Set<string>();
}

/**
 * Refuses assigning a role the editor could not have granted key by key
 * (issue 9 item 1): 400 `roleId: unknown_code` when it does not exist, 403
 * `grant_refused` with `roleId: admin_role_reserved` (the Administrador role,
 * editor without every key) or `roleId: role_not_grantable` (params.keys).
 */
export async function assertRoleAssignable(db: Executor, actor: UserActor, roleId: string | null) {
  if (!roleId) return;
  const role = await getRole(db, roleId).catch(() => null);
  if (!role) throw invalidField('roleId', 'unknown_code');
  const held = editorKeys(actor);
  if (isAdminRole(role) && !holdsEveryKey(held))
    throw new AppError(403, 'grant_refused', [{ field: 'roleId', code: 'admin_role_reserved' }]);
  const lacking = keysNotHeld(held, role.permissions);
  if (lacking.length)
    throw new AppError(403, 'grant_refused', [
      { field: 'roleId', code: 'role_not_grantable', params: { keys: lacking } },
    ]);
}

/**
 * A user manager may not edit someone holding a key the manager lacks: that
 * would let them take the account over (change its e-mail, reset the
 * password) and reach what it reaches (issue 9 item 1). 403 `user_outranks_you`.
 */
function assertNotOutranked(actor: UserActor, target: Row) {
  const lacking = keysNotHeld(editorKeys(actor), [...(target.rolePermissions ?? []), ...target.extraPermissions]);
  if (lacking.length) throw new AppError(403, 'user_outranks_you');
}

const sameKeys = (a: readonly string[], b: readonly string[]) =>
  keysOrdered([...a]).join() === keysOrdered([...b]).join();

/**
 * Creates a staff account with an initial password (institutional mail only;
 * unique username and e-mail). The role and extra keys must be ones the
 * editor could grant (issue 9 item 1, see `assertRoleAssignable`).
 */
export async function createUser(
  db: Db,
  config: Config,
  actor: UserActor,
  body: z.output<typeof userCreate>,
): Promise<UserItem> {
  if (!isInstitutionalEmail(body.email, config.ALLOWED_EMAIL_DOMAINS))
    throw invalidField('email', 'mail_not_institutional');
  const passwordHash = await hashPassword(body.password);
  try {
    return await db.transaction(async (tx) => {
      await assertRoleAssignable(tx, actor, body.roleId);
      const lacking = keysNotHeld(editorKeys(actor), body.extraPermissions);
      if (lacking.length)
        throw new AppError(403, 'grant_refused', [
          { field: 'extraPermissions', code: 'permission_not_held', params: { keys: lacking } },
        ]);
      if (await repo.usernameTaken(tx, body.username)) throw invalidField('username', 'username_taken');
      if (await repo.emailTaken(tx, body.email)) throw invalidField('email', 'email_taken');
      const id = await repo.insertUser(tx, {
        username: body.username,
        email: body.email,
        passwordHash,
        fullName: body.fullName,
        phone: body.phone,
        nit: body.nit ? normalizeNit(body.nit) : null,
        roleId: body.roleId,
        responsibility: body.responsibility,
        workgroup: body.workgroup,
        active: body.active,
        extraPermissions: keysOrdered(body.extraPermissions),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      const created = await getUser(tx, id);
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'user',
        entityId: id,
        changes: diff(null, auditable(created)),
      });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'duplicate', [{ field: 'username', code: 'username_taken' }]);
    throw err;
  }
}

/**
 * Updates a user (409 on a stale version). Deactivating a user ends their sessions.
 * Issue 9 item 1:
 * - 403 `user_outranks_you` when the user holds a key the editor lacks;
 * - on one's own account, a changed role, extra permissions or active flag is
 *   refused (403 `own_access_locked`, field `own_access_locked`), and so is a
 *   changed e-mail (`own_email_in_account`: My account confirms it by mail);
 * - a new role or extra key must be held by the editor (403 `grant_refused`);
 *   extra keys the editor lacks keep their current state;
 * - a changed e-mail revokes the user's sessions, reset links and pending
 *   e-mail changes in the same transaction (through `events`: auth and account
 *   listen, lib/user-events.ts), is audited (`identity_change`) and is mailed
 *   to the old address; deactivating revokes the sessions the same way.
 * Issue 23 item 1, an account's e-mail is its owner's: another user's e-mail
 * changes only before their first sign-in (a user manager corrects a typo), or
 * by the Administrador role with `emailReason` (400 `emailReason: required`);
 * otherwise 403 `email_owner_only`. Each change is kept in
 * `user_email_changes`, so a reset in the next EMAIL_CHANGE_GUARD_HOURS goes to
 * the address before it (auth `forgot`).
 */
export async function updateUser(
  db: Db,
  config: Config,
  mailer: Mailer,
  events: UserEvents,
  actor: UserActor,
  id: string,
  body: z.output<typeof userUpdate>,
): Promise<UserItem> {
  const editorId = actor.userId;
  const { before, after, editorName } = await db.transaction(async (tx) => {
    const row = await repo.findUserById(tx, id);
    if (!row) throw notFound();
    assertNotOutranked(actor, row);
    const before = toItem(row);
    const emailChanged = body.email.toLowerCase() !== before.email.toLowerCase();
    if (id === editorId) {
      const locked: FieldError[] = [];
      if (body.roleId !== before.roleId) locked.push({ field: 'roleId', code: 'own_access_locked' });
      if (!sameKeys(body.extraPermissions, before.extraPermissions))
        locked.push({ field: 'extraPermissions', code: 'own_access_locked' });
      if (body.active !== before.active) locked.push({ field: 'active', code: 'own_access_locked' });
      if (emailChanged) locked.push({ field: 'email', code: 'own_email_in_account' });
      if (locked.length) throw new AppError(403, 'own_access_locked', locked);
    }
    const emailChange = emailChanged ? await emailChangeKind(tx, editorId, row, body.emailReason) : null;
    if (emailChanged) {
      if (!isInstitutionalEmail(body.email, config.ALLOWED_EMAIL_DOMAINS))
        throw invalidField('email', 'mail_not_institutional');
      if (await repo.emailTaken(tx, body.email, id)) throw invalidField('email', 'email_taken');
    }
    if (body.roleId !== before.roleId) await assertRoleAssignable(tx, actor, body.roleId);
    const extra = applyGrantableKeys(editorKeys(actor), before.extraPermissions, body.extraPermissions);
    if (extra.refused.length)
      throw new AppError(403, 'grant_refused', [
        { field: 'extraPermissions', code: 'permission_not_held', params: { keys: extra.refused } },
      ]);
    await updateVersioned(tx, users, id, body.version, {
      fullName: body.fullName,
      email: body.email,
      phone: body.phone,
      nit: body.nit ? normalizeNit(body.nit) : null,
      roleId: body.roleId,
      responsibility: body.responsibility,
      workgroup: body.workgroup,
      active: body.active,
      extraPermissions: extra.keys,
      updatedBy: editorId,
    });
    if (!body.active) await events.emit(tx, 'deactivated', id);
    const after = await getUser(tx, id);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'user',
      entityId: id,
      changes: diff(auditable(before), auditable(after)),
    });
    let editorName: string | null = null;
    if (emailChange) {
      await repo.insertEmailChange(tx, {
        userId: id,
        oldEmail: before.email,
        newEmail: after.email,
        kind: emailChange,
        reason: body.emailReason ?? null,
        changedBy: editorId,
      });
      // Whoever knew the old address's sessions or reset links loses them with it.
      const facts = await events.emit(tx, 'email_changed', id);
      await writeAudit(tx, actor, {
        action: 'identity_change',
        entity: 'user',
        entityId: id,
        changes: {
          email: { before: before.email, after: after.email },
          kind: { before: null, after: emailChange },
          ...(body.emailReason ? { reason: { before: null, after: body.emailReason } } : {}),
          ...Object.fromEntries(Object.entries(facts).map(([fact, value]) => [fact, { before: null, after: value }])),
        },
      });
      editorName = (await repo.findUserById(tx, editorId))?.fullName ?? null;
    }
    return { before, after, editorName };
  });
  if (editorName !== null) {
    // After the commit: the owner of the old address learns of the change (no link, no token).
    await mailer.send(identityChangedMail(before.email, before.fullName, { email: after.email }, editorName));
  }
  return after;
}

/**
 * How another user's e-mail may change (issue 23 item 1): `correction` by any
 * user manager while the user has never signed in, `administrator` by the
 * Administrador role with a reason (400 `emailReason: required` without one);
 * 403 `email_owner_only` otherwise. The owner's own change goes through My
 * account (`own_email_in_account`, checked before).
 */
async function emailChangeKind(
  tx: Executor,
  editorId: string,
  target: Row,
  reason: string | null | undefined,
): Promise<'correction' | 'administrator'> {
  if (target.lastLoginAt === null) return 'correction';
  const editor = await repo.findUserById(tx, editorId);
  if (!editor?.roleSlug || !isAdminRole({ slug: editor.roleSlug }))
    throw new AppError(403, 'email_owner_only', [{ field: 'email', code: 'email_owner_only' }]);
  if (!reason) throw invalidField('emailReason', 'required');
  return 'administrator';
}

/**
 * Lifts an account's sign-in lock before it ends (issue 23 item 1): the
 * Administrador role only (403 `administrator_only`), with a reason, audited
 * (`unlock`). 404 `not_found`; 409 on a stale version.
 */
export async function unlockUser(
  db: Db,
  actor: UserActor,
  id: string,
  body: { reason: string; version: number },
): Promise<UserItem> {
  return db.transaction(async (tx) => {
    const editor = await repo.findUserById(tx, actor.userId);
    if (!editor?.roleSlug || !isAdminRole({ slug: editor.roleSlug })) throw new AppError(403, 'administrator_only');
    const before = await getUser(tx, id);
    await updateVersioned(tx, users, id, body.version, { lockedUntil: null, updatedBy: actor.userId });
    await writeAudit(tx, actor, {
      action: 'unlock',
      entity: 'user',
      entityId: id,
      changes: {
        lockedUntil: { before: before.lockedUntil, after: null },
        reason: { before: null, after: body.reason },
      },
    });
    return getUser(tx, id);
  });
}

/**
 * The notice to a user's old address when their e-mail (or username) changed
 * (issue 9 item 1). `by` is who changed it: an administrator's name, or null
 * for the user's own confirmed change. It carries no link nor token.
 */
export function identityChangedMail(
  oldEmail: string,
  fullName: string,
  change: { email?: string; username?: string },
  by: string | null,
  cancel?: { link: string; hours: number; secret: string },
) {
  const what = [change.email ? `correo: ${change.email}` : null, change.username ? `usuario: ${change.username}` : null]
    .filter(Boolean)
    .join(', ');
  const whatEn = [
    change.email ? `e-mail: ${change.email}` : null,
    change.username ? `username: ${change.username}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const who = by ? `por ${by}` : 'por usted, con el enlace de confirmación';
  const whoEn = by ? `by ${by}` : 'by you, through the confirmation link';
  return {
    to: oldEmail,
    subject: 'Amparo: sus datos de acceso cambiaron / your sign-in details changed',
    text: cancel
      ? `Hola ${fullName}:\n\nLos datos de acceso de su cuenta de Amparo cambiaron (${what}) ${who}. Se cerraron las sesiones abiertas.\nSi usted no hizo este cambio, abra este enlace (válido ${cancel.hours} horas): devuelve su correo anterior y bloquea la cuenta ${cancel.hours} horas mientras un administrador lo revisa.\n${cancel.link}\n\n--\nThe sign-in details of your Amparo account changed (${whatEn}) ${whoEn}. Open sessions were closed. If you did not make this change, open the link above (valid ${cancel.hours} hours): it restores your previous address and locks the account for ${cancel.hours} hours while an administrator looks into it.`
      : `Hola ${fullName}:\n\nLos datos de acceso de su cuenta de Amparo cambiaron (${what}) ${who}. Se cerraron las sesiones abiertas.\nSi usted no lo esperaba, avise de inmediato a un administrador.\n\n--\nThe sign-in details of your Amparo account changed (${whatEn}) ${whoEn}. Open sessions were closed. If you did not expect this, tell an administrator at once.`,
    ...(cancel ? { secret: cancel.secret } : {}),
  };
}

/** Sets a user's photo; 403 `user_outranks_you` when they hold a key the editor lacks (issue 9 item 1). */
export async function setUserPhoto(
  db: Db,
  actor: UserActor,
  id: string,
  mime: string,
  data: Buffer,
): Promise<UserItem> {
  return db.transaction(async (tx) => {
    const row = await repo.findUserById(tx, id);
    if (!row) throw notFound();
    assertNotOutranked(actor, row);
    await repo.savePhoto(tx, id, mime, data);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'user',
      entityId: id,
      changes: { photo: { before: null, after: `${mime}, ${data.length} bytes` } },
    });
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

/** The raw user row (password hash included: account checks the current password), or null. */
export function findUserRecord(db: Executor, id: string) {
  return repo.findUserRecord(db, id);
}

/** Whether a mail address is in use (optionally by someone other than `exceptId`). */
export function emailTaken(db: Executor, email: string, exceptId?: string) {
  return repo.emailTaken(db, email, exceptId);
}

/** Creates a user who registered through an invitation; returns their id. */
export function insertRegisteredUser(
  db: Executor,
  values: { username: string; email: string; fullName: string; passwordHash: string; roleId: string | null },
) {
  return repo.insertUser(db, values);
}

/** Stores a new argon2id password hash and when it changed (sessions are revoked by the caller). */
export function setPasswordHash(db: Executor, id: string, passwordHash: string) {
  return repo.updateUser(db, id, { passwordHash, passwordChangedAt: new Date() });
}

/**
 * Sets the user's own e-mail once confirmed from the new address (account, issue 9 item 1), bumps the version,
 * and keeps the change with the SHA-256 of the cancel link mailed to the old address, live until
 * `cancelExpiresAt` (issue 23 item 1).
 */
export async function setConfirmedEmail(
  db: Executor,
  change: { userId: string; oldEmail: string; newEmail: string; cancelTokenHash: string; cancelExpiresAt: Date },
) {
  await repo.setEmail(db, change.userId, change.newEmail, change.userId);
  await repo.insertEmailChange(db, { ...change, kind: 'owner', changedBy: change.userId });
}

/**
 * Where a password reset of this user goes (issue 23 item 1): the address the account had before its earliest
 * e-mail change of the last `hours` (EMAIL_CHANGE_GUARD_HOURS), else its current one. A taken-over address
 * thus receives no link until the owner's old address had `hours` to cancel.
 */
export async function resetAddress(db: Executor, userId: string, currentEmail: string, hours: number) {
  return (await repo.addressBeforeChangesSince(db, userId, hours)) ?? currentEmail;
}

/** Ids of users whose e-mail was `email` until a change in the last `hours` (a reset asked for by the old address). */
export function usersWhoseAddressWas(db: Executor, email: string, hours: number) {
  return repo.usersWhoseAddressWas(db, email, hours);
}

/**
 * The owner cancels an e-mail change from the link mailed to the old address
 * (issue 23 item 1), in the caller's transaction: the link is spent (null when
 * unknown, used or expired); the user's row is locked; the old address comes
 * back unless another account took it meanwhile (kept as a `restored` change);
 * sign-in is locked for `hours`. Returns what the caller audits and mails.
 */
export async function cancelOwnEmailChange(db: Executor, tokenHash: string, hours: number) {
  const change = await repo.consumeCancelToken(db, tokenHash);
  if (!change) return null;
  const user = await repo.lockUserRow(db, change.userId);
  if (!user) return null;
  let email = user.email;
  const restorable =
    user.email.toLowerCase() !== change.oldEmail.toLowerCase() &&
    !(await repo.emailTaken(db, change.oldEmail, change.userId));
  if (restorable) {
    await repo.setEmail(db, change.userId, change.oldEmail, change.userId);
    await repo.insertEmailChange(db, {
      userId: change.userId,
      oldEmail: user.email,
      newEmail: change.oldEmail,
      kind: 'restored',
      changedBy: change.userId,
    });
    email = change.oldEmail;
  }
  const lockedUntil = await repo.setLock(db, change.userId, hours, change.userId);
  return { userId: change.userId, fullName: user.fullName, before: user.email, email, lockedUntil: lockedUntil! };
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Users named by username or e-mail (`logins`, compared in lower case: both
 * are unique, and a username holds no '@') or by id, for checks of many
 * records at once (a spreadsheet import, a copied plan): id and whether the
 * user is active, keyed by each lower-case username, e-mail and id.
 */
export async function usersByLoginOrId(
  db: Executor,
  logins: string[],
  ids: string[] = [],
): Promise<Map<string, { id: string; active: boolean }>> {
  const rows = await repo.usersByLoginOrId(
    db,
    [...new Set(logins.map((l) => l.toLowerCase()))],
    [...new Set(ids)].filter((id) => UUID.test(id)),
  );
  const out = new Map<string, { id: string; active: boolean }>();
  for (const u of rows)
    for (const key of [u.username.toLowerCase(), u.email.toLowerCase(), u.id])
      out.set(key, { id: u.id, active: u.active });
  return out;
}

/** Full names of these users (history: who was granted, who attended), by id. */
export async function userNames(db: Executor, ids: string[]): Promise<Map<string, string>> {
  return new Map((await repo.namesOf(db, ids)).map((u) => [u.id, u.fullName]));
}

/** The users as the workflow library's rules, delegations and names read them (`WorkflowPeople`, issue 25 section 1). */
export const workflowPeople = repo.workflowPeople;

/** The active users holding `key` (with its parents): a notification's "holders of key X". */
export const activeHolderIds = repo.activeHolderIds;

/** Whether a user is active and holds a key (with its parents): who may be named to a role in a record. */
export const isActiveHolder = repo.isActiveHolder;
