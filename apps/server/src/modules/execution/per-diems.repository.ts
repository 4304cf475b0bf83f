import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { expenseRequestPerDiems, type ExpenseRequestPerDiemRow } from './liquidation.table.ts';

export type { ExpenseRequestPerDiemRow };

/** A request's per diems, oldest first, with their travellers' names. */
export function perDiemsOf(db: Executor, requestId: string) {
  return db
    .select({ perDiem: expenseRequestPerDiems, travellerName: users.fullName })
    .from(expenseRequestPerDiems)
    .innerJoin(users, eq(users.id, expenseRequestPerDiems.travellerId))
    .where(eq(expenseRequestPerDiems.requestId, requestId))
    .orderBy(asc(expenseRequestPerDiems.createdAt), asc(expenseRequestPerDiems.id));
}

/** What a request's per diems add up to (Q, as text). */
export async function perDiemTotal(db: Executor, requestId: string): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${expenseRequestPerDiems.amount}), 0)::text` })
    .from(expenseRequestPerDiems)
    .where(eq(expenseRequestPerDiems.requestId, requestId));
  return row?.total ?? '0';
}

export async function findPerDiem(db: Executor, requestId: string, id: string) {
  const [row] = await db
    .select()
    .from(expenseRequestPerDiems)
    .where(and(eq(expenseRequestPerDiems.id, id), eq(expenseRequestPerDiems.requestId, requestId)));
  return row ?? null;
}

export async function insertPerDiem(db: Executor, values: typeof expenseRequestPerDiems.$inferInsert) {
  const [row] = await db.insert(expenseRequestPerDiems).values(values).returning();
  return row!;
}

/** Rewrites a per diem at `version` (its version + 1); null when another write came first. */
export async function updatePerDiem(
  db: Executor,
  id: string,
  version: number,
  values: Partial<typeof expenseRequestPerDiems.$inferInsert>,
) {
  const [row] = await db
    .update(expenseRequestPerDiems)
    .set({ ...values, version: version + 1, updatedAt: new Date() })
    .where(and(eq(expenseRequestPerDiems.id, id), eq(expenseRequestPerDiems.version, version)))
    .returning();
  return row ?? null;
}

export async function deletePerDiem(db: Executor, id: string) {
  await db.delete(expenseRequestPerDiems).where(eq(expenseRequestPerDiems.id, id));
}
