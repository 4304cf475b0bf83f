import { and, asc, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { providers } from '../providers/providers.table.ts';
import { expenseRequestInvoices as I } from './invoices.table.ts';
import { requestNumberSql } from './requests.repository.ts';
import { expenseRequests } from './requests.table.ts';

/** An invoice's columns but its DTE XML (kept as evidence, read only by its download): what every read takes. */
const { dteXml: _xml, ...LISTED } = getTableColumns(I);
export type InvoiceRow = Omit<typeof I.$inferSelect, 'dteXml'>;

/** A request's invoices, oldest first, with their provider's name. */
export function invoicesOf(db: Executor, requestId: string) {
  return db
    .select({ invoice: LISTED, providerName: providers.name })
    .from(I)
    .innerJoin(providers, eq(providers.id, I.providerId))
    .where(eq(I.requestId, requestId))
    .orderBy(asc(I.createdAt), asc(I.id));
}

/** A request's invoices as stored, oldest first. */
export function rowsOf(db: Executor, requestId: string): Promise<InvoiceRow[]> {
  return db.select(LISTED).from(I).where(eq(I.requestId, requestId)).orderBy(asc(I.createdAt), asc(I.id));
}

/** One invoice of the request, locked for a change, or null. */
export async function findInvoice(db: Executor, requestId: string, id: string): Promise<InvoiceRow | null> {
  const [row] = await db
    .select(LISTED)
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
  const [row] = await db.insert(I).values(values).returning(LISTED);
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
    .returning(LISTED);
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

/** The active provider whose NIT (normalised) is `nit`: its id, or null. */
export async function activeProviderByNit(db: Executor, nit: string): Promise<string | null> {
  const [row] = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(eq(providers.nit, nit), eq(providers.active, true)));
  return row?.id ?? null;
}

/** The invoice of the request with the FEL `authorization` (upper case), or null. */
export async function invoiceByAuthorization(db: Executor, requestId: string, authorization: string) {
  const [row] = await db
    .select({ id: I.id })
    .from(I)
    .where(and(eq(I.requestId, requestId), eq(I.authorization, authorization)));
  return row?.id ?? null;
}

/** An invoice's DTE XML as uploaded, or null (typed or paper, or not the request's). */
export async function dteXmlOf(db: Executor, requestId: string, id: string): Promise<string | null> {
  const [row] = await db
    .select({ xml: I.dteXml })
    .from(I)
    .where(and(eq(I.requestId, requestId), eq(I.id, id)));
  return row?.xml ?? null;
}

/** Marks a FEL invoice checked at SAT (not voided) now, by `userId`; the version moves on. */
export async function markSatChecked(db: Executor, id: string, version: number, userId: string) {
  const [row] = await db
    .update(I)
    .set({ satCheckedAt: sql`now()`, satCheckedBy: userId, version: sql`${I.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(I.id, id), eq(I.version, version)))
    .returning(LISTED);
  return row ?? null;
}
