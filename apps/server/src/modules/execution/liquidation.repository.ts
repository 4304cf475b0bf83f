import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { money } from '@amparo/shared/money';
import type { Executor } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { expenseRequestInvoices as I } from './invoices.table.ts';
import {
  expenseRequestLiquidatorChanges as C,
  expenseRequestRefunds as F,
  type ExpenseRequestRefundRow,
} from './liquidation.table.ts';

export type { ExpenseRequestRefundRow };

/** The request's refund, or null; `lock` takes its row for update. */
export async function refundOf(db: Executor, requestId: string, lock = false): Promise<ExpenseRequestRefundRow | null> {
  const query = db.select().from(F).where(eq(F.requestId, requestId));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Sets what the request gives back (Q ≥ 0): a new refund `pending` (none at 0), or the standing one's amount; one
 * not yet deposited turns `void` at 0 and `pending` above it, a deposited or received one keeps its status.
 */
export async function setRefundDue(db: Executor, requestId: string, due: string, actorId: string) {
  const owed = money(due).greaterThan(0);
  if (!owed && !(await refundOf(db, requestId))) return;
  const open = sql`case when ${F.status} in ('pending', 'void') then (case when ${due}::numeric > 0 then 'pending' else 'void' end) else ${F.status} end`;
  await db
    .insert(F)

    .values({ requestId, amount: due, status: owed ? 'pending' : 'void', createdBy: actorId, updatedBy: actorId })
    .onConflictDoUpdate({
      target: F.requestId,
      set: {
        amount: due,
        status: open,
        version: sql`${F.version} + 1`,
        updatedAt: sql`now()`,
        updatedBy: actorId,
      },
    });
}

/** Writes the refund at `version` (the next); null when another change came first. */
export async function updateRefund(
  db: Executor,
  id: string,
  version: number,
  values: Partial<typeof F.$inferInsert>,
): Promise<ExpenseRequestRefundRow | null> {
  const [row] = await db
    .update(F)
    .set({ ...values, version: sql`${F.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(F.id, id), eq(F.version, version)))
    .returning();
  return row ?? null;
}

/**
 * What administration accepted of each invoice: `sanctions` (invoice id → amount, reason), the others whole
 * (their sanction cleared: an approval decides them all).
 */
export async function setSanctions(
  db: Executor,
  requestId: string,
  sanctions: { invoiceId: string; amount: string; reason: string }[],
) {
  await db
    .update(I)
    .set({ sanctionedAmount: null, sanctionReason: null })
    .where(and(eq(I.requestId, requestId), sql`${I.sanctionedAmount} is not null`));
  for (const s of sanctions)
    await db
      .update(I)
      .set({ sanctionedAmount: s.amount, sanctionReason: s.reason })
      .where(and(eq(I.requestId, requestId), eq(I.id, s.invoiceId)));
}

/** The credit notes (NCRE) standing against `invoiceIds`: their ids, amounts and the invoice each reduces. */
export function creditsOf(db: Executor, invoiceIds: string[]) {
  if (!invoiceIds.length) return Promise.resolve([]);
  return db.select({ id: I.id, creditOf: I.creditOf, amount: I.amount }).from(I).where(inArray(I.creditOf, invoiceIds));
}

export async function insertLiquidatorChange(db: Executor, values: typeof C.$inferInsert) {
  await db.insert(C).values(values);
}

/** A request's liquidator changes, oldest first, with the names of the people in them. */
export function liquidatorChangesOf(db: Executor, requestId: string) {
  const from = alias(users, 'from_user');
  const to = alias(users, 'to_user');
  const by = alias(users, 'changed_by_user');
  return db
    .select({ fromName: from.fullName, toName: to.fullName, reason: C.reason, changedByName: by.fullName, at: C.at })
    .from(C)
    .innerJoin(from, eq(from.id, C.fromUserId))
    .innerJoin(to, eq(to.id, C.toUserId))
    .innerJoin(by, eq(by.id, C.changedBy))
    .where(eq(C.requestId, requestId))
    .orderBy(asc(C.at), asc(C.id));
}
