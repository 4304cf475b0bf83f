import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { workflowStageTimes } from '../../lib/workflow/workflow.table.ts';
import { matches, wordsText } from '../../lib/search.ts';
import { planningLines } from '../budget/planning/planning.table.ts';
import { providers } from '../providers/providers.table.ts';
import { users } from '../users/users.table.ts';
import {
  expenseRequestApprovals,
  expenseRequestPayments,
  expenseRequestQuotePrices,
  expenseRequestQuotes,
  expenseRequestItems,
  expenseRequestNumbers,
  expenseRequestProviders,
  expenseRequests,
  expenseRequestTravellers,
  requestSearchVector,
  type ExpenseRequestRow,
} from './requests.table.ts';

export type { ExpenseRequestRow };

/**
 * The next number of `year`, without gaps: the counter row is written (and so locked) in the caller's
 * transaction until it ends, so parallel requests take consecutive numbers and a rolled-back one gives its
 * number back.
 */
export async function nextSequence(db: Executor, year: number): Promise<number> {
  const n = expenseRequestNumbers;
  const [row] = await db
    .insert(n)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: n.year, set: { last: sql`${n.last} + 1` } })
    .returning({ last: n.last });
  return row!.last;
}

export async function insertRequest(db: Executor, values: typeof expenseRequests.$inferInsert): Promise<string> {
  const [row] = await db.insert(expenseRequests).values(values).returning({ id: expenseRequests.id });
  return row!.id;
}

/** One request, or null; `lock` takes its row for update. */
export async function findRequest(db: Executor, id: string, lock = false): Promise<ExpenseRequestRow | null> {
  const query = db.select().from(expenseRequests).where(eq(expenseRequests.id, id)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Updates a request's columns (the caller has locked it and checked its version); bumps the version. */
export async function updateRequest(
  db: Executor,
  id: string,
  values: Omit<Partial<typeof expenseRequests.$inferInsert>, 'version' | 'updatedAt'>,
) {
  await db
    .update(expenseRequests)
    .set({ ...values, version: sql`${expenseRequests.version} + 1`, updatedAt: sql`now()` })
    .where(eq(expenseRequests.id, id));
}

type ItemValues = Omit<typeof expenseRequestItems.$inferInsert, 'requestId' | 'position' | 'id'>;

/** Writes a request's items, providers and travellers as given (replacing what it had). */
export async function replaceParts(
  db: Executor,
  requestId: string,
  parts: { items: ItemValues[]; providerIds: string[]; travellerIds: string[] },
) {
  await db.delete(expenseRequestItems).where(eq(expenseRequestItems.requestId, requestId));
  await db.delete(expenseRequestProviders).where(eq(expenseRequestProviders.requestId, requestId));
  await db.delete(expenseRequestTravellers).where(eq(expenseRequestTravellers.requestId, requestId));
  await db.insert(expenseRequestItems).values(parts.items.map((item, position) => ({ ...item, requestId, position })));
  if (parts.providerIds.length)
    await db
      .insert(expenseRequestProviders)
      .values(parts.providerIds.map((providerId, position) => ({ requestId, providerId, position })));
  if (parts.travellerIds.length)
    await db
      .insert(expenseRequestTravellers)
      .values(parts.travellerIds.map((userId, position) => ({ requestId, userId, position })));
}

/** A request's items with their line's description, in order. */
export function itemsOf(db: Executor, requestId: string) {
  return db
    .select({ item: expenseRequestItems, lineDescription: planningLines.description })
    .from(expenseRequestItems)
    .innerJoin(planningLines, eq(planningLines.id, expenseRequestItems.lineId))
    .where(eq(expenseRequestItems.requestId, requestId))
    .orderBy(asc(expenseRequestItems.position));
}

/** A request's providers, in the order added. */
export function providersOf(db: Executor, requestId: string) {
  return db
    .select({ id: providers.id, name: providers.name, nit: providers.nit })
    .from(expenseRequestProviders)
    .innerJoin(providers, eq(providers.id, expenseRequestProviders.providerId))
    .where(eq(expenseRequestProviders.requestId, requestId))
    .orderBy(asc(expenseRequestProviders.position));
}

/** A request's travellers, in order. */
export function travellersOf(db: Executor, requestId: string) {
  return db
    .select({ id: users.id, name: users.fullName })
    .from(expenseRequestTravellers)
    .innerJoin(users, eq(users.id, expenseRequestTravellers.userId))
    .where(eq(expenseRequestTravellers.requestId, requestId))
    .orderBy(asc(expenseRequestTravellers.position));
}

/** The providers of `ids` that exist, with their active flag. */
export function providerStates(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: providers.id, active: providers.active }).from(providers).where(inArray(providers.id, ids));
}

/** The users of `ids` that exist, with their active flag. */
export function userStates(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.select({ id: users.id, active: users.active }).from(users).where(inArray(users.id, ids));
}

/** The planning lines of `ids` that exist, with their year and description. */
export function lineFacts(db: Executor, ids: string[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ id: planningLines.id, year: planningLines.year, description: planningLines.description })
    .from(planningLines)
    .where(inArray(planningLines.id, ids));
}

export interface RequestFilter {
  requesterId?: string;
  q?: string;
  status?: string;
  type?: string;
  year?: number;
  month?: number;
  lineId?: string;
  urgent?: 'true' | 'false';
}

function listWhere(f: RequestFilter): SQL | undefined {
  const r = expenseRequests;
  const number = f.q ? /^(?:SOL-)?(\d{4})-0*(\d{1,9})$/i.exec(f.q.trim()) : null;
  return and(
    f.requesterId ? eq(r.requesterId, f.requesterId) : undefined,
    f.q
      ? or(
          matches(requestSearchVector(r), wordsText(f.q)),
          number ? and(eq(r.year, Number(number[1])), eq(r.sequence, Number(number[2]))) : undefined,
        )
      : undefined,
    f.status ? eq(r.status, f.status) : undefined,
    f.type ? eq(r.type, f.type) : undefined,
    f.year ? eq(r.year, f.year) : undefined,
    f.month ? eq(r.month, f.month) : undefined,
    f.urgent ? eq(r.urgent, f.urgent === 'true') : undefined,
    f.lineId
      ? sql`exists (select 1 from ${expenseRequestItems} i where i.request_id = ${r.id} and i.line_id = ${f.lineId}::uuid)`
      : undefined,
  );
}

/** A page of the requester's requests, newest first (`asc`: oldest first), with the requester's name and line count. */
export async function listRequests(
  db: Executor,
  f: RequestFilter & { page: number; pageSize: number; order: 'asc' | 'desc' },
) {
  const r = expenseRequests;
  const where = listWhere(f);
  const items = await db
    .select({
      row: r,
      requesterName: users.fullName,
      lineCount: sql<number>`(select count(distinct i.line_id)::int from ${expenseRequestItems} i where i.request_id = ${r.id})`,
    })
    .from(r)
    .innerJoin(users, eq(users.id, r.requesterId))
    .where(where)
    .orderBy(f.order === 'asc' ? asc(r.createdAt) : desc(r.createdAt), desc(r.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(r)
    .where(where);
  return { items, total: count?.n ?? 0 };
}

/** Records an approval of a stage (what it approved: the amount, Q, and the request's version). */
export async function insertApproval(db: Executor, values: typeof expenseRequestApprovals.$inferInsert) {
  await db.insert(expenseRequestApprovals).values(values);
}

/** Voids the standing approvals of `stages` (a return to an earlier stage); returns what it voided. */
export function voidApprovals(db: Executor, requestId: string, stages: readonly string[], reason: string) {
  if (!stages.length) return Promise.resolve([]);
  return db
    .update(expenseRequestApprovals)
    .set({ voidedAt: sql`now()`, voidReason: reason })
    .where(
      and(
        eq(expenseRequestApprovals.requestId, requestId),
        inArray(expenseRequestApprovals.stage, [...stages]),
        isNull(expenseRequestApprovals.voidedAt),
      ),
    )
    .returning({ id: expenseRequestApprovals.id, stage: expenseRequestApprovals.stage });
}

/** A request's approvals, oldest first, with the names of who approved and for whom. */
export function approvalsOf(db: Executor, requestId: string) {
  const principal = alias(users, 'principal');
  return db
    .select({
      id: expenseRequestApprovals.id,
      stage: expenseRequestApprovals.stage,
      amount: expenseRequestApprovals.amount,
      requestVersion: expenseRequestApprovals.requestVersion,
      at: expenseRequestApprovals.at,
      voidedAt: expenseRequestApprovals.voidedAt,
      voidReason: expenseRequestApprovals.voidReason,
      approvedByName: users.fullName,
      actingForName: principal.fullName,
    })
    .from(expenseRequestApprovals)
    .innerJoin(users, eq(users.id, expenseRequestApprovals.approvedBy))
    .leftJoin(principal, eq(principal.id, expenseRequestApprovals.actingFor))
    .where(eq(expenseRequestApprovals.requestId, requestId))
    .orderBy(asc(expenseRequestApprovals.at), asc(expenseRequestApprovals.id));
}

/** Writes whether the request passes the superior-approval band (set at the boss's approval). */
export async function setNeedsSuperior(db: Executor, requestId: string, needsSuperior: boolean) {
  await db.update(expenseRequests).set({ needsSuperior }).where(eq(expenseRequests.id, requestId));
}

/**
 * Writes columns a workflow move decides alongside the state (the liquidation's excess reason and total), inside
 * the move's transaction: the library moves the version, so this does not.
 */
export async function updateColumns(
  db: Executor,
  requestId: string,
  values: Pick<Partial<typeof expenseRequests.$inferInsert>, 'excessReason' | 'liquidatedTotal'>,
) {
  await db.update(expenseRequests).set(values).where(eq(expenseRequests.id, requestId));
}

/** A request's printed number as SQL ('SOL-2027-00042', as `requestNumber`), for the inbox's title. */
export const requestNumberSql = sql<string>`'SOL-' || ${expenseRequests.year} || '-' || lpad(${expenseRequests.sequence}::text, 5, '0')`;

/** Clears the band's answer (a return to `solicitado`: the boss's next approval decides it again). */
export async function setNullNeedsSuperior(db: Executor, requestId: string) {
  await db.update(expenseRequests).set({ needsSuperior: null }).where(eq(expenseRequests.id, requestId));
}

/** Records a check or transfer (23505 `expense_request_payments_check_key` on a check number used on the account). */
export async function insertPayment(db: Executor, values: typeof expenseRequestPayments.$inferInsert) {
  await db.insert(expenseRequestPayments).values(values);
}

/** Whether the check number was ever used on the account (voided checks included). */
export async function checkNumberUsed(db: Executor, bankAccount: string, checkNumber: number): Promise<boolean> {
  const [row] = await db
    .select({ id: expenseRequestPayments.id })
    .from(expenseRequestPayments)
    .where(
      and(eq(expenseRequestPayments.bankAccount, bankAccount), eq(expenseRequestPayments.checkNumber, checkNumber)),
    )
    .limit(1);
  return !!row;
}

/** Voids a request's standing payments (kept in the register); returns what it voided. */
export function voidPayments(db: Executor, requestId: string, voidedBy: string | null, reason: string) {
  return db
    .update(expenseRequestPayments)
    .set({ voidedAt: sql`now()`, voidedBy, voidReason: reason })
    .where(and(eq(expenseRequestPayments.requestId, requestId), isNull(expenseRequestPayments.voidedAt)))
    .returning({
      id: expenseRequestPayments.id,
      method: expenseRequestPayments.method,
      checkNumber: expenseRequestPayments.checkNumber,
      transactionNumber: expenseRequestPayments.transactionNumber,
    });
}

const paymentColumns = {
  id: expenseRequestPayments.id,
  requestId: expenseRequestPayments.requestId,
  method: expenseRequestPayments.method,
  bankAccount: expenseRequestPayments.bankAccount,
  checkNumber: expenseRequestPayments.checkNumber,
  transactionNumber: expenseRequestPayments.transactionNumber,
  payeeName: expenseRequestPayments.payeeName,
  nonNegotiable: expenseRequestPayments.nonNegotiable,
  amount: expenseRequestPayments.amount,
  amountInWords: expenseRequestPayments.amountInWords,
  issuedByName: users.fullName,
  issuedAt: expenseRequestPayments.issuedAt,
  voidedAt: expenseRequestPayments.voidedAt,
  voidReason: expenseRequestPayments.voidReason,
};

/** A request's payments, oldest first, with the issuer's name. */
export function paymentsOf(db: Executor, requestId: string) {
  return db
    .select(paymentColumns)
    .from(expenseRequestPayments)
    .innerJoin(users, eq(users.id, expenseRequestPayments.issuedBy))
    .where(eq(expenseRequestPayments.requestId, requestId))
    .orderBy(asc(expenseRequestPayments.issuedAt), asc(expenseRequestPayments.id));
}

/** A page of the register of payments, newest first, with the request's number; by account and check number. */
export async function paymentRegister(
  db: Executor,
  f: { bankAccount?: string; checkNumber?: number; page: number; pageSize: number; order: 'asc' | 'desc' },
) {
  const p = expenseRequestPayments;
  const where = and(
    f.bankAccount ? eq(p.bankAccount, f.bankAccount.replace(/[\s-]+/g, '').toUpperCase()) : undefined,
    f.checkNumber ? eq(p.checkNumber, f.checkNumber) : undefined,
  );
  const items = await db
    .select({ ...paymentColumns, requestNumber: requestNumberSql })
    .from(p)
    .innerJoin(users, eq(users.id, p.issuedBy))
    .innerJoin(expenseRequests, eq(expenseRequests.id, p.requestId))
    .where(where)
    .orderBy(f.order === 'asc' ? asc(p.issuedAt) : desc(p.issuedAt), desc(p.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(p)
    .where(where);
  return { items, total: count?.n ?? 0 };
}

/** A request's quotes with their provider's name and prices, in the order of the request's providers. */
export async function quotesOf(db: Executor, requestId: string) {
  const quotes = await db
    .select({ quote: expenseRequestQuotes, providerName: providers.name, position: expenseRequestProviders.position })
    .from(expenseRequestQuotes)
    .innerJoin(providers, eq(providers.id, expenseRequestQuotes.providerId))
    .leftJoin(
      expenseRequestProviders,
      and(
        eq(expenseRequestProviders.requestId, expenseRequestQuotes.requestId),
        eq(expenseRequestProviders.providerId, expenseRequestQuotes.providerId),
      ),
    )
    .where(eq(expenseRequestQuotes.requestId, requestId))
    .orderBy(asc(expenseRequestProviders.position), asc(expenseRequestQuotes.id));
  const prices = quotes.length
    ? await db
        .select()
        .from(expenseRequestQuotePrices)
        .where(
          inArray(
            expenseRequestQuotePrices.quoteId,
            quotes.map((q) => q.quote.id),
          ),
        )
    : [];
  return quotes.map((q) => ({
    ...q.quote,
    providerName: q.providerName,
    prices: prices.filter((p) => p.quoteId === q.quote.id),
  }));
}

/** Writes a provider's quote for a request (replacing its prices); returns its id. */
export async function saveQuote(
  db: Executor,
  values: typeof expenseRequestQuotes.$inferInsert,
  prices: { itemId: string; unitPrice: string }[],
) {
  const [row] = await db
    .insert(expenseRequestQuotes)
    .values(values)
    .onConflictDoUpdate({
      target: [expenseRequestQuotes.requestId, expenseRequestQuotes.providerId],
      set: {
        deliveryDays: values.deliveryDays,
        warranty: values.warranty,
        validUntil: values.validUntil,
        agreementId: values.agreementId,
        updatedBy: values.updatedBy,
        updatedAt: sql`now()`,
        version: sql`${expenseRequestQuotes.version} + 1`,
      },
    })
    .returning({ id: expenseRequestQuotes.id });
  await db.delete(expenseRequestQuotePrices).where(eq(expenseRequestQuotePrices.quoteId, row!.id));
  if (prices.length) await db.insert(expenseRequestQuotePrices).values(prices.map((p) => ({ ...p, quoteId: row!.id })));
  return row!.id;
}

/** Removes a request's quotes (a return before its comparative table); returns what it removed. */
export async function deleteQuotes(db: Executor, requestId: string) {
  const quotes = await db
    .select({ id: expenseRequestQuotes.id, providerName: providers.name })
    .from(expenseRequestQuotes)
    .innerJoin(providers, eq(providers.id, expenseRequestQuotes.providerId))
    .where(eq(expenseRequestQuotes.requestId, requestId));
  if (quotes.length) {
    await db.delete(expenseRequestQuotePrices).where(
      inArray(
        expenseRequestQuotePrices.quoteId,
        quotes.map((q) => q.id),
      ),
    );
    await db.delete(expenseRequestQuotes).where(eq(expenseRequestQuotes.requestId, requestId));
  }
  return quotes;
}

/** Writes (or clears) the selected quote and its justification. */
export async function setSelection(
  db: Executor,
  requestId: string,
  quoteId: string | null,
  justification: string | null,
) {
  await db
    .update(expenseRequests)
    .set({ selectedQuoteId: quoteId, selectionJustification: justification })
    .where(eq(expenseRequests.id, requestId));
}

/** Writes the selected quote's prices into the items (their amounts) and the request's total (Q). */
export async function applyPrices(
  db: Executor,
  requestId: string,
  items: { id: string; unitPrice: string; amount: string }[],
  total: string,
) {
  for (const i of items)
    await db
      .update(expenseRequestItems)
      .set({ unitPrice: i.unitPrice, amount: i.amount })
      .where(and(eq(expenseRequestItems.id, i.id), eq(expenseRequestItems.requestId, requestId)));
  await db.update(expenseRequests).set({ total }).where(eq(expenseRequests.id, requestId));
}

/** Bumps a request's version (a quote written: a transition the user prepared on the old table is stale). */
export async function touchRequest(db: Executor, requestId: string) {
  await db
    .update(expenseRequests)
    .set({ version: sql`${expenseRequests.version} + 1`, updatedAt: sql`now()` })
    .where(eq(expenseRequests.id, requestId));
}

/**
 * The requests waiting at an approval stage (`states`), each with since when it waits there (its open stage's
 * entry, or its creation before its first move) and when its approvers were last reminded.
 */
export async function waitingRequests(db: Executor, states: readonly string[]) {
  const r = expenseRequests;
  return db
    .select({
      id: r.id,
      status: r.status,
      remindedAt: r.remindedAt,
      since: sql<Date>`coalesce((select max(st.entered_at) from ${workflowStageTimes} st
        where st.workflow = 'expense_request' and st.record_id = expense_requests.id and st.exited_at is null),
        expense_requests.created_at)`.mapWith((v: string | Date) => new Date(v)),
    })
    .from(r)
    .where(inArray(r.status, [...states]));
}

/** Records that the request's approvers were reminded at `at`. */
export async function setRemindedAt(db: Executor, requestId: string, at: Date) {
  await db.update(expenseRequests).set({ remindedAt: at }).where(eq(expenseRequests.id, requestId));
}
