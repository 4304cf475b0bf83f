import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { emailChanges } from '../../db/schema.ts';

/**
 * Inserts a pending e-mail change (token stored as its SHA-256, 24-hour expiry).
 */
export async function insertEmailChange(db: Executor, values: typeof emailChanges.$inferInsert) {
  await db.insert(emailChanges).values(values);
}

/** Spends every pending e-mail change of a user (a newer request, or a change that took effect). */
export async function cancelEmailChanges(db: Executor, userId: string) {
  await db
    .update(emailChanges)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailChanges.userId, userId), isNull(emailChanges.usedAt)));
}

/** Marks a live change token used and returns the change, atomically (single use). */
export async function consumeEmailChange(db: Executor, tokenHash: string) {
  const rows = await db
    .update(emailChanges)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(emailChanges.tokenHash, tokenHash), isNull(emailChanges.usedAt), gt(emailChanges.expiresAt, sql`now()`)),
    )
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail, sessionId: emailChanges.sessionId });
  return rows[0] ?? null;
}
