import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { invitations, loginFailures, passwordResets, roles, sessions, users } from '../../db/schema.ts';

export interface SessionRow {
  sessionId: string;
  userId: string;
  active: boolean;
  rolePermissions: string[] | null;
  extraPermissions: string[];
  lastSeenAt: Date;
}

function liveSessionQuery(db: Executor) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      active: users.active,
      rolePermissions: roles.permissions,
      extraPermissions: users.extraPermissions,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(mins => ${sql.placeholder('idleMinutes')}::int)`),
      ),
    )
    .limit(1)
    .prepare('live_session');
}

// Every request runs this lookup: a named prepared statement spares its planning each time.
const prepared = new WeakMap<object, ReturnType<typeof liveSessionQuery>>();

/** The live session for a token hash (not revoked, within absolute and idle expiry). */
export async function findLiveSession(db: Executor, tokenHash: string, idleMinutes: number): Promise<SessionRow | null> {
  let query = prepared.get(db);
  if (!query) {
    query = liveSessionQuery(db);
    prepared.set(db, query);
  }
  const rows = await query.execute({ tokenHash, idleMinutes });
  return rows[0] ?? null;
}

export async function touchSession(db: Executor, sessionId: string) {
  await db.update(sessions).set({ lastSeenAt: sql`now()` }).where(eq(sessions.id, sessionId));
}

export async function insertSession(db: Executor, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

export async function revokeSession(db: Executor, sessionId: string) {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Executor, userId: string, keepSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), keepSessionId ? ne(sessions.id, keepSessionId) : undefined));
}

/** Spends every outstanding reset token of a user (issue 9 item 1: a changed e-mail leaves no link alive). Returns how many. */
export async function revokePasswordResets(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  return rows.length;
}

export async function findUserForLogin(db: Executor, login: string) {
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${login}) or lower(${users.email}) = lower(${login})`)
    .limit(1);
  return rows[0] ?? null;
}

export async function findUserByEmail(db: Executor, email: string) {
  const rows = await db.select({ id: users.id, email: users.email, fullName: users.fullName, active: users.active }).from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
  return rows[0] ?? null;
}

export async function countRecentFailures(db: Executor, accountKey: string, ip: string, windowMinutes: number) {
  const [row] = await db
    .select({
      account: sql<number>`count(*) filter (where ${loginFailures.accountKey} = ${accountKey})::int`,
      address: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
    })
    .from(loginFailures)
    .where(and(gt(loginFailures.at, sql`now() - make_interval(mins => ${windowMinutes})`), sql`(${loginFailures.accountKey} = ${accountKey} or ${loginFailures.ip} = ${ip})`));
  return row ?? { account: 0, address: 0 };
}

export async function recordFailure(db: Executor, accountKey: string, ip: string) {
  await db.insert(loginFailures).values({ accountKey, ip });
}

export async function clearFailures(db: Executor, accountKey: string) {
  await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey));
}

export async function insertPasswordReset(db: Executor, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

/** Marks a live reset token used and returns its user, atomically (single use). */
export async function consumePasswordReset(db: Executor, tokenHash: string): Promise<string | null> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`)))
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId ?? null;
}

export async function findLiveInvitation(db: Executor, id: string) {
  const rows = await db
    .select({ id: invitations.id, email: invitations.email, roleId: invitations.roleId, roleName: roles.name, expiresAt: invitations.expiresAt })
    .from(invitations)
    .leftJoin(roles, eq(roles.id, invitations.roleId))
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt), gt(invitations.expiresAt, sql`now()`)))
    .limit(1);
  return rows[0] ?? null;
}

export async function useInvitation(db: Executor, id: string): Promise<boolean> {
  const rows = await db.update(invitations).set({ usedAt: sql`now()` }).where(and(eq(invitations.id, id), isNull(invitations.usedAt))).returning({ id: invitations.id });
  return rows.length === 1;
}

export async function insertInvitation(db: Executor, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}
