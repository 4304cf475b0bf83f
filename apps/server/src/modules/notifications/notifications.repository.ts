import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { notificationPreferences, notifications } from './notifications.table.ts';

const own = (userId: string) => eq(notifications.recipientId, userId);

/** A page of the user's notifications, newest first, and how many there are (unread only when asked). */
export async function listOwn(db: Executor, userId: string, opts: { unread: boolean; page: number; pageSize: number }) {
  const where = opts.unread ? and(own(userId), isNull(notifications.readAt)) : own(userId);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db.select({ n: count() }).from(notifications).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function unreadCount(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(own(userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; false when it is not theirs (or does not exist). */
export async function markRead(db: Executor, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), own(userId)))
    .returning({ id: notifications.id });
  return rows.length === 1;
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(own(userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export function preferencesOf(db: Executor, userId: string) {
  return db
    .select({ kind: notificationPreferences.kind, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
}

export async function upsertPreferences(db: Executor, userId: string, rows: { kind: string; email: string }[]) {
  if (rows.length === 0) return;
  await db
    .insert(notificationPreferences)
    .values(rows.map((r) => ({ userId, ...r })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.kind],
      set: { email: sql`excluded.email` },
    });
  // Unmailed notifications of those kinds follow the new choice: one update per choice, not per kind.
  const kindsByChoice = new Map<string, string[]>();
  for (const r of rows) kindsByChoice.set(r.email, [...(kindsByChoice.get(r.email) ?? []), r.kind]);
  for (const [email, kinds] of kindsByChoice) {
    await db
      .update(notifications)
      .set({ email })
      .where(and(own(userId), inArray(notifications.kind, kinds), isNull(notifications.emailedAt)));
  }
}

/** Of `ids`, the active users, each with their own e-mail choice for `kind` (null: none, the kind's default holds). */
export function activeRecipients(db: Executor, ids: readonly string[], kind: string) {
  return db
    .select({ id: users.id, email: notificationPreferences.email })
    .from(users)
    .leftJoin(
      notificationPreferences,
      and(eq(notificationPreferences.userId, users.id), eq(notificationPreferences.kind, kind)),
    )
    .where(and(inArray(users.id, [...ids]), eq(users.active, true)));
}

/** Writes notifications (one row per recipient). */
export async function insertNotifications(db: Executor, rows: (typeof notifications.$inferInsert)[]) {
  if (rows.length) await db.insert(notifications).values(rows);
}

/**
 * Unread notifications not mailed yet whose choice is `choice`, of active users, with the recipient's address,
 * by recipient then oldest first (at most 5,000: the next run takes the rest).
 */
export function pendingMail(db: Executor, choice: string) {
  return db
    .select({ id: notifications.id, kind: notifications.kind, to: users.email })
    .from(notifications)
    .innerJoin(users, and(eq(users.id, notifications.recipientId), eq(users.active, true)))
    .where(and(eq(notifications.email, choice), isNull(notifications.emailedAt), isNull(notifications.readAt)))
    .orderBy(notifications.recipientId, notifications.createdAt)
    .limit(5_000);
}

/** Marks notifications mailed now. */
export async function markEmailed(db: Executor, ids: readonly string[]) {
  await db
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(inArray(notifications.id, [...ids]));
}
