import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { providers } from '../providers/providers.table.ts';
import { expenseRequestInvoices as I } from './invoices.table.ts';
import { requestNumberSql } from './requests.repository.ts';
import { expenseRequests } from './requests.table.ts';

export type InvoiceRow = typeof I.$inferSelect;

/** A request's invoices, oldest first, with their provider's name. */
export function invoicesOf(db: Executor, requestId: string) {
  return db
    .select({ invoice: I, providerName: providers.name })
    .from(I)
    .innerJoin(providers, eq(providers.id, I.providerId))
    .where(eq(I.requestId, requestId))
    .orderBy(asc(I.createdAt), asc(I.id));
}

/** A request's invoices as stored, oldest first. */
export function rowsOf(db: Executor, requestId: string): Promise<InvoiceRow[]> {
  return db.select().from(I).where(eq(I.requestId, requestId)).orderBy(asc(I.createdAt), asc(I.id));
}

/** One invoice of the request, locked for a change, or null. */
export async function findInvoice(db: Executor, requestId: string, id: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select()
    .from(I)
    .where(and(eq(I.requestId, requestId), eq(I.id, id)))
    .for('update');
  return row ?? null;
}

/** The number ('SOL-2027-00042') of the request holding the invoice of `key`, other than `exceptId`, or null. */
export async function requestHoldingKey(db: Executor, key: string, exceptId: string | null): Promise<string | null> {
  const [row] = await db
    .select({ number: requestNumberSql })
    .from(I)
    .innerJoin(expenseRequests, eq(expenseRequests.id, I.requestId))
    .where(exceptId ? and(eq(I.invoiceKey, key), ne(I.id, exceptId)) : eq(I.invoiceKey, key));
  return row?.number ?? null;
}

export async function insertInvoice(db: Executor, values: typeof I.$inferInsert): Promise<InvoiceRow> {
  const [row] = await db.insert(I).values(values).returning();
  return row!;
}

/** Writes an invoice at `version` (the next); null when another change came first. */
export async function updateInvoice(
  db: Executor,
  id: string,
  version: number,
  values: Partial<typeof I.$inferInsert>,
): Promise<InvoiceRow | null> {
  const [row] = await db
    .update(I)
    .set({ ...values, version: sql`${I.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(I.id, id), eq(I.version, version)))
    .returning();
  return row ?? null;
}

export async function deleteInvoice(db: Executor, id: string): Promise<void> {
  await db.delete(I).where(eq(I.id, id));
}

/** What an invoice needs of its provider: whether active, its NIT and tax terms; null when unknown. */
export async function providerTerms(db: Executor, id: string) {
  const [row] = await db
    .select({
      active: providers.active,
      nit: providers.nit,
      taxRegime: providers.taxRegime,
      hasRetention: providers.hasRetention,
    })
    .from(providers)
    .where(eq(providers.id, id));
  return row ?? null;
}
