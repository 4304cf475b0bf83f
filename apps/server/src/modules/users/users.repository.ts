import { and, asc, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { roles, userEmailChanges, userPhotos, users } from '../../db/schema.ts';
import { col } from '../../db/sql.ts';
import type { ItemAge } from '@amparo/shared/validation';
import { requiredKeys, type PermissionKey } from '@amparo/shared/permissions';
import { createdWithin } from '../../lib/item-age.ts';
import { holdsSql } from '../../lib/workflow/people.ts';

const hasPhoto = sql<boolean>`exists (select 1 from ${userPhotos} where ${col(userPhotos.userId)} = ${col(users.id)})`;

/** Columns of a user as the API shows them (never the password hash). */
const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  fullName: users.fullName,
  phone: users.phone,
  nit: users.nit,
  roleId: users.roleId,
  roleSlug: roles.slug,
  roleName: roles.name,
  rolePermissions: roles.permissions,
  responsibility: users.responsibility,
  workgroup: users.workgroup,
  active: users.active,
  extraPermissions: users.extraPermissions,
  lastLoginAt: users.lastLoginAt,
  lockedUntil: users.lockedUntil,
  version: users.version,
  hasPhoto,
};
export type UserRow = Awaited<ReturnType<typeof findUserById>> & {};

/**
 * One user with role slug, name and keys and the photo flag (never the password hash), or null.
 */
export async function findUserById(db: Executor, id: string) {
  const rows = await db
    .select(userColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The raw user row, password hash included (for the current-password check), or null.
 */
export async function findUserRecord(db: Executor, id: string) {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/**
 * Whether a username is in use, compared without case.
 */
export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether an e-mail is in use by another user (`exceptId`), compared without case.
 */
export async function emailTaken(db: Executor, email: string, exceptId?: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, exceptId ? sql`${users.id} <> ${exceptId}` : undefined))
    .limit(1);
  return rows.length > 0;
}

/**
 * Inserts a user; returns its id (23505 on a taken username or e-mail).
 */
export async function insertUser(db: Executor, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

/**
 * Sets the given columns of a user and `updated_at` (no version check: callers that need one use updateVersioned).
 */
export async function updateUser(db: Executor, id: string, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Sets a user's e-mail and bumps `version`, so a form opened before answers 409. */
export async function setEmail(db: Executor, id: string, email: string, updatedBy: string) {
  await db
    .update(users)
    .set({ email, version: sql`${users.version} + 1`, updatedBy, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * A page of users with role names: `q` matches name, username or e-mail without case; `active` and `age` (the
 * account's age, spec section 9, `lib/item-age.ts`) filter; sorted by
 * `sort`/`order`; returns `{ items, total }` with an exact total.
 */
export async function listUsers(
  db: Executor,
  q: {
    q?: string;
    active: 'all' | 'active' | 'inactive';
    age?: ItemAge;
    sort: 'username' | 'fullName' | 'email' | 'createdAt';
    order: 'asc' | 'desc';
    page: number;
    pageSize: number;
  },
) {
  const filters: (SQL | undefined)[] = [];
  if (q.q) {
    const term = `%${q.q.replace(/[\\%_]/g, '\\$&')}%`;
    filters.push(or(ilike(users.username, term), ilike(users.fullName, term), ilike(users.email, term)));
  }
  if (q.active !== 'all') filters.push(eq(users.active, q.active === 'active'));
  if (q.age) filters.push(createdWithin(users.createdAt, q.age));
  const where = and(...filters);
  const sortCol = {
    username: users.username,
    fullName: users.fullName,
    email: users.email,
    createdAt: users.createdAt,
  }[q.sort];
  const items = await db
    .select(userColumns)
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(q.order === 'asc' ? asc(sortCol) : desc(sortCol), asc(users.id))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(where);
  return { items, total: count?.n ?? 0 };
}

/** Active users matching a term, for pickers (grants, professionals). */
export async function searchUserOptions(db: Executor, term: string | undefined, limit = 20) {
  const like = term ? `%${term.replace(/[\\%_]/g, '\\$&')}%` : null;
  return db
    .select({ id: users.id, fullName: users.fullName, username: users.username })
    .from(users)
    .where(and(eq(users.active, true), like ? or(ilike(users.fullName, like), ilike(users.username, like)) : undefined))
    .orderBy(asc(users.fullName))
    .limit(limit);
}

/**
 * Stores (or replaces) a user's profile photo bytes and MIME type.
 */
export async function savePhoto(db: Executor, userId: string, mime: string, data: Buffer) {
  await db
    .insert(userPhotos)
    .values({ userId, mime, data })
    .onConflictDoUpdate({ target: userPhotos.userId, set: { mime, data, updatedAt: sql`now()` } });
}

/**
 * A user's photo row (bytes, MIME, updated at), or null.
 */
export async function findPhoto(db: Executor, userId: string) {
  const rows = await db.select().from(userPhotos).where(eq(userPhotos.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/**
 * `{ id, fullName }` of the given users (empty input: no query).
 */
/** Users whose username or e-mail (lower case) is one of `logins`, with whether they are active, or by id. */
export async function usersByLoginOrId(db: Executor, logins: string[], ids: string[]) {
  if (logins.length === 0 && ids.length === 0) return [];
  return db
    .select({ id: users.id, username: users.username, email: users.email, active: users.active })
    .from(users)
    .where(
      or(
        logins.length ? inArray(sql`lower(${users.username})`, logins) : undefined,
        logins.length ? inArray(sql`lower(${users.email})`, logins) : undefined,
        ids.length ? inArray(users.id, ids) : undefined,
      ),
    );
}

export async function namesOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: users.id, fullName: users.fullName }).from(users).where(inArray(users.id, ids));
}

/** Records one change of a user's e-mail (issue 23 item 1); returns its id. */
export async function insertEmailChange(db: Executor, values: typeof userEmailChanges.$inferInsert) {
  const [row] = await db.insert(userEmailChanges).values(values).returning({ id: userEmailChanges.id });
  return row!.id;
}

/** The old address of the user's earliest e-mail change in the last `hours`, or null when none changed it. */
export async function addressBeforeChangesSince(db: Executor, userId: string, hours: number) {
  const rows = await db
    .select({ oldEmail: userEmailChanges.oldEmail })
    .from(userEmailChanges)
    .where(
      and(
        eq(userEmailChanges.userId, userId),
        gt(userEmailChanges.changedAt, sql`now() - make_interval(hours => ${hours}::int)`),
      ),
    )
    .orderBy(asc(userEmailChanges.changedAt), asc(userEmailChanges.id))
    .limit(1);
  return rows[0]?.oldEmail ?? null;
}

/** Users whose e-mail was `email` until a change in the last `hours` (lower-case match), newest change first. */
export async function usersWhoseAddressWas(db: Executor, email: string, hours: number) {
  const rows = await db
    .select({ userId: userEmailChanges.userId })
    .from(userEmailChanges)
    .where(
      and(
        sql`lower(${userEmailChanges.oldEmail}) = lower(${email})`,
        gt(userEmailChanges.changedAt, sql`now() - make_interval(hours => ${hours}::int)`),
      ),
    )
    .orderBy(desc(userEmailChanges.changedAt));
  return [...new Set(rows.map((r) => r.userId))];
}

/**
 * Spends a live cancel link of an e-mail change (single use, before `cancel_expires_at`) and returns the change,
 * atomically; null when unknown, used or expired.
 */
export async function consumeCancelToken(db: Executor, tokenHash: string) {
  const rows = await db
    .update(userEmailChanges)
    .set({ cancelledAt: sql`now()` })
    .where(
      and(
        eq(userEmailChanges.cancelTokenHash, tokenHash),
        isNull(userEmailChanges.cancelledAt),
        gt(userEmailChanges.cancelExpiresAt, sql`now()`),
      ),
    )
    .returning({
      userId: userEmailChanges.userId,
      oldEmail: userEmailChanges.oldEmail,
      newEmail: userEmailChanges.newEmail,
    });
  return rows[0] ?? null;
}

/** The user's row, locked FOR UPDATE until the transaction ends (an e-mail change or a lock decides on it). */
export async function lockUserRow(db: Executor, id: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, fullName: users.fullName, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, id))
    .for('update');
  return rows[0] ?? null;
}

/** Sets (`hours` from now) or lifts (null) the sign-in lock of a user and bumps the version. */
export async function setLock(db: Executor, id: string, hours: number | null, updatedBy: string | null) {
  const rows = await db
    .update(users)
    .set({
      lockedUntil: hours === null ? null : sql`now() + make_interval(hours => ${hours}::int)`,
      version: sql`${users.version} + 1`,
      updatedBy,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id))
    .returning({ lockedUntil: users.lockedUntil });
  return rows[0]?.lockedUntil ?? null;
}

/**
 * The users as the workflow library reads them (lib/workflow/people.ts, `WorkflowPeople`; issue 25 section 1):
 * one row per user with `user_id`, `name`, `active` and `permissions` (the role's keys and the extra ones), so
 * the library's rules, delegations and names never import this module's tables.
 */
export const workflowPeople = {
  relation: sql`(select ${users.id} as user_id, ${users.fullName} as name, ${users.active} as active,
    coalesce(${roles.permissions}, '{}'::text[]) || ${users.extraPermissions} as permissions,
    nullif(btrim(${users.workgroup}), '') as grp
    from ${users} left join ${roles} on ${roles.id} = ${users.roleId})`,
};

/**
 * The ids of the active users holding `key` with every parent key (`hasPermission`'s rule, spec section 6), by
 * their role's keys and their own extra keys: the recipients "holders of key X" of a notification.
 */
export async function activeHolderIds(db: Executor, key: PermissionKey): Promise<string[]> {
  const result = await db.execute<{ user_id: string }>(sql`
    select p.user_id from ${workflowPeople.relation} p
     where p.active and p.permissions @> array[${sql.join(
       requiredKeys(key).map((k) => sql`${k}`),
       sql`, `,
     )}]::text[]`);
  return result.rows.map((r) => r.user_id);
}

/** Whether `userId` is an active user holding `key` with every parent key (by role and extra keys). */
export async function isActiveHolder(db: Executor, userId: string, key: PermissionKey): Promise<boolean> {
  const result = await db.execute<{ ok: boolean }>(sql`select ${holdsSql(workflowPeople, userId, key)} as ok`);
  return result.rows[0]?.ok === true;
}
