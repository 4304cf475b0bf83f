import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { invitations, loginFailures, passwordResets, roles, sessions, users } from '../../db/schema.ts';

export interface SessionRow {
  sessionId: string;
  userId: string;
  roleId: string | null;
  active: boolean;
  rolePermissions: string[] | null;
  extraPermissions: string[];
  lastSeenAt: Date;
  expiresAt: Date;
}

function liveSessionQuery(db: Executor) {
  return db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      roleId: users.roleId,
      active: users.active,
      rolePermissions: roles.permissions,
      extraPermissions: users.extraPermissions,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
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
export async function findLiveSession(
  db: Executor,
  tokenHash: string,
  idleMinutes: number,
): Promise<SessionRow | null> {
  let query = prepared.get(db);
  if (!query) {
    query = liveSessionQuery(db);
    prepared.set(db, query);
  }
  const rows = await query.execute({ tokenHash, idleMinutes });
  return rows[0] ?? null;
}

/**
 * Moves a session's `last_seen_at` to now (sliding idle expiry; the auth plugin calls it at most once a minute).
 */
export async function touchSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(eq(sessions.id, sessionId));
}

/**
 * Inserts a session (the token is stored only as its SHA-256).
 */
export async function insertSession(db: Executor, values: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(values);
}

/**
 * Revokes one session (sign-out); a revoked one stays revoked.
 */
export async function revokeSession(db: Executor, sessionId: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a user, except `keepSessionId` when given. */
export async function revokeUserSessions(db: Executor, userId: string, keepSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
      ),
    );
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

/**
 * The user whose username or e-mail is `login` (without case): id, password hash, active flag; or null.
 */
export async function findUserForLogin(db: Executor, login: string) {
  const rows = await db
    .select({ id: users.id, passwordHash: users.passwordHash, active: users.active, lockedUntil: users.lockedUntil })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${login}) or lower(${users.email}) = lower(${login})`)
    .limit(1);
  return rows[0] ?? null;
}

const resetColumns = {
  id: users.id,
  email: users.email,
  fullName: users.fullName,
  active: users.active,
  lockedUntil: users.lockedUntil,
};

/**
 * The user with this e-mail (without case): id, e-mail, full name, active flag; or null.
 */
export async function findUserByEmail(db: Executor, email: string) {
  const rows = await db
    .select(resetColumns)
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0] ?? null;
}

/** The same columns for a user by id (a reset asked for by an address the account had until lately), or null. */
export async function findUserForReset(db: Executor, id: string) {
  const rows = await db.select(resetColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

/** What `takeAttempt` decides: go on (after `waitMs`), or refused (by the account or the address) for about `retryAfterMs`. */
export type AttemptDecision = { id: number; waitMs: number } | { refused: 'account' | 'address'; retryAfterMs: number };

/**
 * Takes one attempt of `kind` for an account key and an address, in a
 * sliding window of `windowMinutes`; a transaction-scoped advisory lock per
 * account key and per address (always in that order) makes count-then-insert
 * atomic, so parallel attempts are counted exactly like sequential ones (issue
 * 9 item 3). A null `accountKey` counts per address only.
 * - An account key at `limits.account` is refused for the window.
 * - Per address, without `addressDelay`: refused at `limits.address`.
 * - Per address, with `addressDelay` (sign-in; issue 23 item 4, decision
 *   0005): never locked out. From the `limits.address`-th attempt in the
 *   window each further one waits `baseMs × 2^(n − limits.address)`, at most
 *   `maxMs`, after the address's previous one, so parallel requests queue
 *   rather than all waiting the same time. An attempt that would wait longer
 *   than `maxMs` is refused (its `retryAfterMs` says how long to wait).
 * Returns the attempt's id (its row's `at` is when it may proceed) and how long to wait, in ms.
 */
export async function takeAttempt(
  db: Db,
  kind: string,
  accountKey: string | null,
  ip: string,
  limits: {
    account: number;
    address: number;
    windowMinutes: number;
    addressDelay?: { baseMs: number; maxMs: number };
  },
): Promise<AttemptDecision> {
  return db.transaction(async (tx) => {
    if (accountKey !== null)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attempt:${kind}:account:${accountKey}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`attempt:${kind}:ip:${ip}`}))`);
    const since = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
    const [row] = await tx
      .select({
        account:
          accountKey === null
            ? sql<number>`0`
            : sql<number>`count(*) filter (where ${loginFailures.accountKey} = ${accountKey})::int`,
        address: sql<number>`count(*) filter (where ${loginFailures.ip} = ${ip})::int`,
        // When the address's latest attempt proceeds, in ms from now (negative: in the past).
        lastMs: sql<
          number | null
        >`(extract(epoch from max(${loginFailures.at}) filter (where ${loginFailures.ip} = ${ip}) - now()) * 1000)::float8`,
      })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.kind, kind),
          gt(loginFailures.at, since),
          accountKey === null
            ? eq(loginFailures.ip, ip)
            : sql`(${loginFailures.accountKey} = ${accountKey} or ${loginFailures.ip} = ${ip})`,
        ),
      );
    const window = limits.windowMinutes * 60_000;
    const address = Number(row?.address ?? 0);
    if (Number(row?.account ?? 0) >= limits.account) return { refused: 'account' as const, retryAfterMs: window };
    let waitMs = 0;
    if (address >= limits.address) {
      const delay = limits.addressDelay;
      if (!delay) return { refused: 'address' as const, retryAfterMs: window };
      const step = Math.min(delay.maxMs, delay.baseMs * 2 ** Math.min(address - limits.address, 30));
      waitMs = Math.max(0, Number(row?.lastMs ?? 0) + step);
      if (waitMs > delay.maxMs) return { refused: 'address' as const, retryAfterMs: waitMs - delay.maxMs };
    }
    const [inserted] = await tx
      .insert(loginFailures)
      .values({
        kind,
        accountKey: accountKey ?? '',
        ip,
        ...(waitMs > 0 ? { at: sql`now() + make_interval(secs => ${waitMs / 1000})` } : {}),
      })
      .returning({ id: loginFailures.id });
    return { id: inserted!.id, waitMs };
  });
}

/** Forgets one attempt (it succeeded). */
export async function forgetAttempt(db: Executor, id: number) {
  await db.delete(loginFailures).where(eq(loginFailures.id, id));
}

/** Forgets every attempt of `kind` on an account (a successful sign-in or password check). */
export async function clearAttempts(db: Executor, kind: string, accountKey: string) {
  await db.delete(loginFailures).where(and(eq(loginFailures.kind, kind), eq(loginFailures.accountKey, accountKey)));
}

/**
 * Inserts a reset token (stored as its SHA-256, with its expiry).
 */
export async function insertPasswordReset(db: Executor, values: typeof passwordResets.$inferInsert) {
  await db.insert(passwordResets).values(values);
}

/** A reset token (by hash) that is unused and unexpired. */
const liveReset = (tokenHash: string) =>
  and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, sql`now()`));

/** Whether a reset token (by hash) is unused and unexpired, without spending it. */
export async function liveResetExists(db: Executor, tokenHash: string): Promise<boolean> {
  const rows = await db.select({ id: passwordResets.userId }).from(passwordResets).where(liveReset(tokenHash)).limit(1);
  return rows.length > 0;
}

/** Marks a live reset token used and returns its user, atomically (single use). */
export async function consumePasswordReset(db: Executor, tokenHash: string): Promise<string | null> {
  const rows = await db
    .update(passwordResets)
    .set({ usedAt: sql`now()` })
    .where(liveReset(tokenHash))
    .returning({ userId: passwordResets.userId });
  return rows[0]?.userId ?? null;
}

/**
 * An unused, unexpired invitation with its role's name, or null.
 */
export async function findLiveInvitation(db: Executor, id: string) {
  const rows = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      roleId: invitations.roleId,
      roleName: roles.name,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .leftJoin(roles, eq(roles.id, invitations.roleId))
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt), gt(invitations.expiresAt, sql`now()`)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Marks an invitation used; false when it was used already (single use under concurrency).
 */
export async function useInvitation(db: Executor, id: string): Promise<boolean> {
  const rows = await db
    .update(invitations)
    .set({ usedAt: sql`now()` })
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt)))
    .returning({ id: invitations.id });
  return rows.length === 1;
}

/**
 * Inserts an invitation; returns the row (its id is the registration link's).
 */
export async function insertInvitation(db: Executor, values: typeof invitations.$inferInsert) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}
