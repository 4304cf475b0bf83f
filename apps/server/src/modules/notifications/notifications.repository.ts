import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { notificationPreferences, notifications } from '../../lib/notifications/notifications.table.ts';

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
