import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { headquarters } from '../headquarters/headquarters.table.ts';
import { users } from '../users/users.table.ts';
import { pettyCashCounts, pettyCashExpenses, pettyCashFunds } from './petty-cash.table.ts';
import { requestNumberSql } from './requests.repository.ts';
import { expenseRequests } from './requests.table.ts';

export type PettyCashFundRow = typeof pettyCashFunds.$inferSelect;
export type PettyCashCountRow = typeof pettyCashCounts.$inferSelect;

/**
 * The statuses at which a replenishment has been paid: its receipts no longer wait in the box, the cash came
 * back. Before them (and never for a rejected one) they still count as pending receipts.
 */
export const PAID_STATUSES = ['emision_cheque', 'liquidado_temp', 'enviado_liquidacion', 'aprobar_liquidacion'];

/** SQL: the expense `e` still waits for its cash to come back (no request, or one not paid). */
const pendingSql = (e: { replenishmentRequestId: AnyPgColumn }) =>
  sql<boolean>`(${e.replenishmentRequestId} is null or not exists (select 1 from ${expenseRequests} r
    where r.id = ${e.replenishmentRequestId} and r.status in (${sql.join(
      PAID_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )})))`;

/** The pending receipts' total of each fund (Q, text). */
const pendingTotal = sql<string>`(select coalesce(sum(e.amount), 0)::text from ${pettyCashExpenses} e
  where e.fund_id = ${pettyCashFunds.id} and ${pendingSql(alias(pettyCashExpenses, 'e'))})`;

const fundColumns = {
  fund: pettyCashFunds,
  headquarterName: headquarters.name,
  custodianName: users.fullName,
  pendingReceipts: pendingTotal,
  lastCountAt: sql<
    Date | string | null
  >`(select max(c.counted_at) from ${pettyCashCounts} c where c.fund_id = ${pettyCashFunds.id})`,
};

/** The funds, by headquarter name; `custodianId`: only theirs. */
export function listFunds(db: Executor, custodianId?: string) {
  return db
    .select(fundColumns)
    .from(pettyCashFunds)
    .innerJoin(headquarters, eq(headquarters.id, pettyCashFunds.headquarterId))
    .innerJoin(users, eq(users.id, pettyCashFunds.custodianId))
    .where(custodianId ? eq(pettyCashFunds.custodianId, custodianId) : undefined)
    .orderBy(desc(pettyCashFunds.active), asc(headquarters.name), asc(pettyCashFunds.id));
}

/** One fund with its names and pending total; `lock`: its row locked until the transaction ends. */
export async function findFund(db: Executor, id: string, lock = false) {
  const q = db
    .select(fundColumns)
    .from(pettyCashFunds)
    .innerJoin(headquarters, eq(headquarters.id, pettyCashFunds.headquarterId))
    .innerJoin(users, eq(users.id, pettyCashFunds.custodianId))
    .where(eq(pettyCashFunds.id, id));
  const [row] = await (lock ? q.for('update', { of: pettyCashFunds }) : q);
  return row ?? null;
}

export async function insertFund(db: Executor, values: typeof pettyCashFunds.$inferInsert): Promise<string> {
  const [row] = await db.insert(pettyCashFunds).values(values).returning({ id: pettyCashFunds.id });
  return row!.id;
}

export async function updateFund(db: Executor, id: string, values: Partial<typeof pettyCashFunds.$inferInsert>) {
  await db
    .update(pettyCashFunds)
    .set({ ...values, version: sql`${pettyCashFunds.version} + 1`, updatedAt: new Date() })
    .where(eq(pettyCashFunds.id, id));
}

/** A fund's expenses, newest first (at most `limit`), with the request that includes each. */
export function expensesOf(db: Executor, fundId: string, limit = 200) {
  const e = pettyCashExpenses;
  return db
    .select({ expense: e, requestNumber: sql<string | null>`${requestNumberSql}` })
    .from(e)
    .leftJoin(expenseRequests, eq(expenseRequests.id, e.replenishmentRequestId))
    .where(eq(e.fundId, fundId))
    .orderBy(desc(e.spentOn), desc(e.createdAt), desc(e.id))
    .limit(limit);
}

export async function insertExpense(db: Executor, values: typeof pettyCashExpenses.$inferInsert) {
  const [row] = await db.insert(pettyCashExpenses).values(values).returning();
  return row!;
}

export async function findExpense(db: Executor, fundId: string, id: string) {
  const [row] = await db
    .select()
    .from(pettyCashExpenses)
    .where(and(eq(pettyCashExpenses.fundId, fundId), eq(pettyCashExpenses.id, id)));
  return row ?? null;
}

export async function deleteExpense(db: Executor, id: string) {
  await db.delete(pettyCashExpenses).where(eq(pettyCashExpenses.id, id));
}

/** A fund's counts, newest first (at most `limit`), with who counted and the request that replenishes each. */
export function countsOf(db: Executor, fundId: string, limit = 100) {
  const c = pettyCashCounts;
  return db
    .select({
      count: c,
      countedByName: users.fullName,
      requestId: expenseRequests.id,
      requestNumber: sql<string | null>`${requestNumberSql}`,
    })
    .from(c)
    .leftJoin(users, eq(users.id, c.countedBy))
    .leftJoin(
      expenseRequests,
      and(eq(expenseRequests.pettyCashCountId, c.id), sql`${expenseRequests.status} <> 'rechazado'`),
    )
    .where(eq(c.fundId, fundId))
    .orderBy(desc(c.countedAt), desc(c.id))
    .limit(limit);
}

export async function insertCount(db: Executor, values: typeof pettyCashCounts.$inferInsert) {
  const [row] = await db.insert(pettyCashCounts).values(values).returning();
  return row!;
}

export async function findCount(db: Executor, id: string) {
  const [row] = await db.select().from(pettyCashCounts).where(eq(pettyCashCounts.id, id));
  return row ?? null;
}

/** The fund's latest count (by time, then id). */
export async function latestCount(db: Executor, fundId: string) {
  const [row] = await db
    .select()
    .from(pettyCashCounts)
    .where(eq(pettyCashCounts.fundId, fundId))
    .orderBy(desc(pettyCashCounts.countedAt), desc(pettyCashCounts.id))
    .limit(1);
  return row ?? null;
}

/** The open or paid request on a count (a rejected one frees it), other than `except`. */
export async function requestOnCount(db: Executor, countId: string, except?: string) {
  const [row] = await db
    .select({ id: expenseRequests.id, number: requestNumberSql })
    .from(expenseRequests)
    .where(
      and(
        eq(expenseRequests.pettyCashCountId, countId),
        sql`${expenseRequests.status} <> 'rechazado'`,
        except ? sql`${expenseRequests.id} <> ${except}::uuid` : undefined,
      ),
    );
  return row ?? null;
}

/** Links the fund's pending, unlinked expenses recorded up to the count to the replenishment request. */
export async function linkExpenses(db: Executor, fundId: string, countedAt: Date, requestId: string) {
  await db
    .update(pettyCashExpenses)
    .set({ replenishmentRequestId: requestId, updatedAt: new Date() })
    .where(
      and(
        eq(pettyCashExpenses.fundId, fundId),
        isNull(pettyCashExpenses.replenishmentRequestId),
        lte(pettyCashExpenses.createdAt, countedAt),
      ),
    );
}

/** Gives a rejected replenishment's expenses back to pending. */
export async function unlinkExpenses(db: Executor, requestId: string) {
  await db
    .update(pettyCashExpenses)
    .set({ replenishmentRequestId: null, updatedAt: new Date() })
    .where(eq(pettyCashExpenses.replenishmentRequestId, requestId));
}

/** The fund's pending receipts (Q, text), read in the caller's transaction. */
export async function pendingReceipts(db: Executor, fundId: string): Promise<string> {
  const e = pettyCashExpenses;
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${e.amount}), 0)::text` })
    .from(e)
    .where(and(eq(e.fundId, fundId), pendingSql(e)));
  return row!.n;
}

/** Petty-cash facts of requests: their fund's headquarter and their count. */
export function requestFacts(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({
      requestId: expenseRequests.id,
      fundId: pettyCashFunds.id,
      headquarterName: headquarters.name,
      count: pettyCashCounts,
      voucherRangeId: expenseRequests.voucherRangeId,
    })
    .from(expenseRequests)
    .innerJoin(pettyCashFunds, eq(pettyCashFunds.id, expenseRequests.pettyCashFundId))
    .innerJoin(headquarters, eq(headquarters.id, pettyCashFunds.headquarterId))
    .innerJoin(pettyCashCounts, eq(pettyCashCounts.id, expenseRequests.pettyCashCountId))
    .where(inArray(expenseRequests.id, ids));
}
