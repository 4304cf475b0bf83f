import type { z } from 'zod';
import { todayInGuatemala } from '@amparo/shared/format';
import { money, moneyString } from '@amparo/shared/money';
import type {
  PettyCashCount,
  PettyCashExpense,
  PettyCashFund,
  PettyCashFundDetail,
  PettyCashRequest,
  pettyCashCountInput,
  pettyCashExpenseInput,
  pettyCashFundInput,
  pettyCashFundUpdate,
  pettyCashRequestInput,
} from '@amparo/shared/modules/petty-cash.schema';
import { hasPermission } from '@amparo/shared/permissions';
import type { Db, Executor } from '../../db/client.ts';
import type { Actor, UserActor } from '../../lib/actor.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { AppError, invalidField, isUniqueViolation, notFound, versionConflict } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { headquarterNames } from '../headquarters/headquarters.service.ts';
import { userNames } from '../users/users.service.ts';
import { getRange, issueVouchers, releaseVouchers, vouchersHeldBy } from '../vouchers/vouchers.service.ts';
import * as repo from './petty-cash.repository.ts';
import { REQUEST_SOURCE } from './requests.budget.ts';

/**
 * Petty cash as an imprest fund per headquarter (issue 26 section 3): administration (`ejecucion_administracion`)
 * sets each fund's amount (Q) and custodian; the custodian records the expenses paid from it and counts the
 * cash; a replenishment is an expense request of type `petty_cash` for the fund minus the counted cash (not the
 * sum of the receipts), so what a count found missing is asked for and stays on record as its difference.
 * Administration's approval of the request reserves its voucher number from a petty-cash range.
 */

const ENTITY = 'petty_cash_fund';
const isAdministration = (actor: UserActor) => hasPermission(actor.permissions, 'ejecucion_administracion');

type FundRow = NonNullable<Awaited<ReturnType<typeof repo.findFund>>>;

function toFund(r: FundRow): PettyCashFund {
  return {
    id: r.fund.id,
    headquarterId: r.fund.headquarterId,
    headquarterName: r.headquarterName,
    custodianId: r.fund.custodianId,
    custodianName: r.custodianName,
    amount: r.fund.amount,
    active: r.fund.active,
    notes: r.fund.notes,
    pendingReceipts: money(r.pendingReceipts).toFixed(2),
    expectedCash: moneyString(money(r.fund.amount).minus(r.pendingReceipts)),
    lastCountAt: r.lastCountAt ? new Date(r.lastCountAt).toISOString() : null,
    version: r.fund.version,
  };
}

function toCount(c: Awaited<ReturnType<typeof repo.countsOf>>[number]): PettyCashCount {
  return {
    id: c.count.id,
    fundAmount: c.count.fundAmount,
    cash: c.count.cash,
    receipts: c.count.receipts,
    difference: c.count.difference,
    notes: c.count.notes,
    countedByName: c.countedByName,
    countedAt: c.count.countedAt.toISOString(),
    replenishment: moneyString(money(c.count.fundAmount).minus(c.count.cash)),
    requestId: c.requestId,
    requestNumber: c.requestNumber,
  };
}

function toExpense(e: Awaited<ReturnType<typeof repo.expensesOf>>[number]): PettyCashExpense {
  return {
    id: e.expense.id,
    spentOn: e.expense.spentOn,
    description: e.expense.description,
    receipt: e.expense.receipt,
    amount: e.expense.amount,
    requestId: e.expense.replenishmentRequestId,
    requestNumber: e.requestNumber,
    createdAt: e.expense.createdAt.toISOString(),
  };
}

/** A fund the caller may open: administration any, a custodian theirs; 404 otherwise. */
async function visibleFund(db: Executor, actor: UserActor, id: string, lock = false) {
  const row = await repo.findFund(db, id, lock);
  if (!row || (!isAdministration(actor) && row.fund.custodianId !== actor.userId)) throw notFound();
  return row;
}

/** The fund, for its custodian only (administration reads it; the custodian writes its expenses). */
async function custodiedFund(db: Executor, actor: UserActor, id: string) {
  const row = await visibleFund(db, actor, id, true);
  if (row.fund.custodianId !== actor.userId)
    throw new AppError(403, 'forbidden', [{ field: 'fundId', code: 'not_custodian' }]);
  if (!row.fund.active) throw new AppError(409, 'petty_cash_fund_inactive');
  return row;
}

/** The funds (`GET /api/execution/petty-cash`): every one for administration, the caller's as custodian else. */
export async function listFunds(db: Db, actor: UserActor): Promise<PettyCashFund[]> {
  return (await repo.listFunds(db, isAdministration(actor) ? undefined : actor.userId)).map(toFund);
}

/** One fund with its latest 200 expenses and 100 counts, newest first (404 when the caller may not open it). */
export async function getFund(db: Executor, actor: UserActor, id: string): Promise<PettyCashFundDetail> {
  const row = await visibleFund(db, actor, id);
  return {
    ...toFund(row),
    expenses: (await repo.expensesOf(db, id)).map(toExpense),
    counts: (await repo.countsOf(db, id)).map(toCount),
  };
}

/** The custodian is an active user (400 `unknown_code` / `inactive` on `custodianId`). */
async function checkCustodian(db: Executor, id: string) {
  if (!(await userNames(db, [id])).has(id)) throw invalidField('custodianId', 'unknown_code');
}

/**
 * Creates a headquarter's fund (`POST /api/execution/petty-cash`, administration): 400 `unknown_code` on an
 * unknown headquarter or custodian; 409 `petty_cash_fund_exists` when the headquarter has an active one (a unique
 * index, so two at once cannot both pass). Audited.
 */
export async function createFund(db: Db, actor: UserActor, body: z.output<typeof pettyCashFundInput>) {
  return inTransaction(db, async (tx) => {
    if (!(await headquarterNames(tx, [body.headquarterId])).has(body.headquarterId))
      throw invalidField('headquarterId', 'unknown_code');
    await checkCustodian(tx, body.custodianId);
    const id = await repo
      .insertFund(tx, {
        ...body,
        amount: moneyString(money(body.amount)),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new AppError(409, 'petty_cash_fund_exists');
        throw err;
      });
    const created = await getFund(tx, actor, id);
    await writeAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, changes: diff(null, pick(created)) });
    return created;
  });
}

const pick = (f: PettyCashFund) => ({
  headquarterId: f.headquarterId,
  custodianId: f.custodianId,
  amount: f.amount,
  active: f.active,
  notes: f.notes,
});

/**
 * Changes a fund's custodian, amount, notes or active flag (`PUT /api/execution/petty-cash/:id`, administration):
 * 409 `version_conflict` on a stale version; 409 `petty_cash_below_pending` (field amount, params pending) when
 * the amount would be less than the receipts pending replenishment; 409 `petty_cash_fund_exists` when reactivated
 * beside another active fund. Audited (before and after).
 */
export async function updateFund(db: Db, actor: UserActor, id: string, body: z.output<typeof pettyCashFundUpdate>) {
  return inTransaction(db, async (tx) => {
    const row = await visibleFund(tx, actor, id, true);
    if (row.fund.version !== body.version) throw versionConflict();
    await checkCustodian(tx, body.custodianId);
    const pending = await repo.pendingReceipts(tx, id);
    if (money(body.amount).lessThan(pending))
      throw new AppError(409, 'petty_cash_below_pending', [
        { field: 'amount', code: 'petty_cash_below_pending', params: { pending: moneyString(money(pending)) } },
      ]);
    const before = toFund(row);
    await repo
      .updateFund(tx, id, {
        custodianId: body.custodianId,
        amount: moneyString(money(body.amount)),
        notes: body.notes,
        active: body.active,
        updatedBy: actor.userId,
      })
      .catch((err: unknown) => {
        if (isUniqueViolation(err)) throw new AppError(409, 'petty_cash_fund_exists');
        throw err;
      });
    const after = await getFund(tx, actor, id);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      changes: diff(pick(before), pick(after)),
    });
    return after;
  });
}

/**
 * Records an expense paid from the fund (`POST /api/execution/petty-cash/:id/expenses`), by its custodian only
 * (403 `not_custodian`; 409 `petty_cash_fund_inactive`): not in the future (400 `date_out_of_range`), and never more
 * than the cash the box holds (409 `petty_cash_exceeds_fund`, params available, Q), under the fund's row lock so two
 * at once cannot overdraw it. Audited.
 */
export async function addExpense(
  db: Db,
  actor: UserActor,
  fundId: string,
  body: z.output<typeof pettyCashExpenseInput>,
): Promise<PettyCashExpense> {
  return inTransaction(db, async (tx) => {
    const row = await custodiedFund(tx, actor, fundId);
    const today = todayInGuatemala();
    if (body.spentOn > today) throw invalidField('spentOn', 'date_out_of_range', { max: today });
    const available = money(row.fund.amount).minus(await repo.pendingReceipts(tx, fundId));
    if (money(body.amount).greaterThan(available))
      throw new AppError(409, 'petty_cash_exceeds_fund', [
        { field: 'amount', code: 'petty_cash_exceeds_fund', params: { available: moneyString(available) } },
      ]);
    const e = await repo.insertExpense(tx, {
      fundId,
      spentOn: body.spentOn,
      description: body.description,
      receipt: body.receipt,
      amount: moneyString(money(body.amount)),
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'petty_cash_expense',
      entityId: e.id,
      changes: diff(null, {
        fundId,
        spentOn: e.spentOn,
        description: e.description,
        receipt: e.receipt,
        amount: e.amount,
      }),
    });
    return toExpense({ expense: e, requestNumber: null });
  });
}

/**
 * Removes an expense recorded by mistake (`DELETE /api/execution/petty-cash/:id/expenses/:expense`), by the
 * custodian, while no replenishment request includes it (409 `petty_cash_expense_replenished`). Audited.
 */
export async function removeExpense(db: Db, actor: UserActor, fundId: string, expenseId: string) {
  return inTransaction(db, async (tx) => {
    await custodiedFund(tx, actor, fundId);
    const e = await repo.findExpense(tx, fundId, expenseId);
    if (!e) throw notFound();
    if (e.replenishmentRequestId) throw new AppError(409, 'petty_cash_expense_replenished');
    await repo.deleteExpense(tx, expenseId);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: 'petty_cash_expense',
      entityId: expenseId,
      changes: diff(
        { fundId, spentOn: e.spentOn, description: e.description, receipt: e.receipt, amount: e.amount },
        null,
      ),
    });
  });
}

/**
 * Records a count of the fund (`POST /api/execution/petty-cash/:id/counts`), by its custodian or administration
 * (a surprise count): the cash found (Q), the receipts pending at that moment, and the difference
 * `cash + receipts − fund` (a shortage is negative), with a note required whenever it is not zero (400 `required`
 * on `notes`). Counts are never edited or removed (a database trigger). 409 `petty_cash_fund_inactive`.
 */
export async function recordCount(
  db: Db,
  actor: UserActor,
  fundId: string,
  body: z.output<typeof pettyCashCountInput>,
): Promise<PettyCashCount> {
  return inTransaction(db, async (tx) => {
    const row = await visibleFund(tx, actor, fundId, true);
    if (!row.fund.active) throw new AppError(409, 'petty_cash_fund_inactive');
    const receipts = money(await repo.pendingReceipts(tx, fundId));
    const cash = money(body.cash);
    const difference = cash.plus(receipts).minus(row.fund.amount);
    if (!difference.isZero() && !body.notes) throw invalidField('notes', 'required');
    const c = await repo.insertCount(tx, {
      fundId,
      fundAmount: row.fund.amount,
      cash: moneyString(cash),
      receipts: moneyString(receipts),
      difference: moneyString(difference),
      notes: body.notes,
      countedBy: actor.userId,
    });
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'petty_cash_count',
      entityId: c.id,
      changes: diff(null, { fundId, cash: c.cash, receipts: c.receipts, difference: c.difference, notes: c.notes }),
    });
    const names = await userNames(tx, [actor.userId]);
    return toCount({ count: c, countedByName: names.get(actor.userId) ?? null, requestId: null, requestNumber: null });
  });
}

/** A petty-cash request's checked fund facts, as `checkReplenishment` answers. */
export interface Replenishment {
  fundId: string;
  countId: string;
  voucherRangeId: string;
  countedAt: Date;
}

/**
 * What a petty-cash request (create, or edit while `solicitado`; `requestId` then) must be: the fund's custodian
 * asks (400 `not_custodian` on `pettyCash.fundId`; 409 `petty_cash_fund_inactive`), on the fund's latest count
 * (404-like 400 `unknown_code` on `pettyCash.countId` for another fund's; 409 `petty_cash_count_outdated`) that no
 * other open request replenishes (409 `petty_cash_count_replenished`, params number), for exactly the fund minus
 * the counted cash (400 `replenishment_amount` on `items`, params expected, Q; 409
 * `petty_cash_nothing_to_replenish` when that is zero); its voucher range a petty-cash one of the fund's
 * headquarter or of none (400 `voucher_range_kind` / `voucher_range_headquarter`), active, unexpired and with a
 * number left (409 `voucher_range_inactive` / `voucher_range_expired` / `voucher_range_exhausted`).
 */
export async function checkReplenishment(
  tx: Executor,
  actor: UserActor,
  input: z.output<typeof pettyCashRequestInput>,
  total: string,
  requestId?: string,
): Promise<Replenishment> {
  const fund = await repo.findFund(tx, input.fundId, true);
  if (!fund) throw invalidField('pettyCash.fundId', 'unknown_code');
  if (fund.fund.custodianId !== actor.userId) throw invalidField('pettyCash.fundId', 'not_custodian');
  if (!fund.fund.active) throw new AppError(409, 'petty_cash_fund_inactive');
  const count = await repo.findCount(tx, input.countId);
  if (!count || count.fundId !== input.fundId) throw invalidField('pettyCash.countId', 'unknown_code');
  if ((await repo.latestCount(tx, input.fundId))!.id !== count.id)
    throw new AppError(409, 'petty_cash_count_outdated', [
      { field: 'pettyCash.countId', code: 'petty_cash_count_outdated' },
    ]);
  const other = await repo.requestOnCount(tx, count.id, requestId);
  if (other) throw countReplenished(other.number);
  const expected = money(count.fundAmount).minus(count.cash);
  if (!expected.greaterThan(0))
    throw new AppError(409, 'petty_cash_nothing_to_replenish', [
      { field: 'pettyCash.countId', code: 'petty_cash_nothing_to_replenish' },
    ]);
  if (!money(total).equals(expected))
    throw invalidField('items', 'replenishment_amount', { expected: moneyString(expected), total });
  const range = await getRange(tx, input.voucherRangeId).catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404) throw invalidField('pettyCash.voucherRangeId', 'unknown_code');
    throw err;
  });
  const field = 'pettyCash.voucherRangeId';
  if (range.kind !== 'petty_cash') throw invalidField(field, 'voucher_range_kind');
  if (range.headquarterId && range.headquarterId !== fund.fund.headquarterId)
    throw invalidField(field, 'voucher_range_headquarter');
  if (range.state === 'inactive')
    throw new AppError(409, 'voucher_range_inactive', [{ field, code: 'voucher_range_inactive' }]);
  if (range.state === 'expired')
    throw new AppError(409, 'voucher_range_expired', [{ field, code: 'voucher_range_expired' }]);
  if (range.available < 1)
    throw new AppError(409, 'voucher_range_exhausted', [
      { field, code: 'voucher_range_exhausted', params: { available: range.available } },
    ]);
  return { fundId: fund.fund.id, countId: count.id, voucherRangeId: range.id, countedAt: count.countedAt };
}

const countReplenished = (number: string) =>
  new AppError(409, 'petty_cash_count_replenished', [
    { field: 'pettyCash.countId', code: 'petty_cash_count_replenished', params: { number } },
  ]);

/**
 * Writes a petty-cash request's link to its fund (after `checkReplenishment`): the request's columns are set by
 * the caller; here the fund's pending expenses recorded up to the count become the request's (an edit re-links
 * them). A second open request on the same count, written at once, fails on the unique index: 409
 * `petty_cash_count_replenished`.
 */
export async function linkReplenishment(tx: Executor, requestId: string, r: Replenishment) {
  await repo.unlinkExpenses(tx, requestId);
  await repo.linkExpenses(tx, r.fundId, r.countedAt, requestId);
}

/** Whether `err` is the count's unique index refusing a second request (translated by the caller). */
export function onCountTaken(err: unknown): never {
  if (isUniqueViolation(err, 'expense_requests_petty_cash_count_key')) throw countReplenished('');
  throw err;
}

/** A rejected replenishment gives its expenses back to pending and its count to a new request. */
export async function releaseReplenishment(tx: Executor, requestId: string) {
  await repo.unlinkExpenses(tx, requestId);
}

/**
 * Reserves a petty-cash request's voucher number at administration's approval (issue 26 sections 2 and 3), in
 * the transition's transaction: one number from the request's range, refused as `issueVouchers` refuses (409
 * `voucher_range_expired` / `voucher_range_inactive` / `voucher_range_exhausted`), nothing written then. A request
 * that already holds one (approved again after a return that kept it) takes none.
 */
export async function reserveVoucher(
  tx: Executor,
  actor: Actor,
  request: { id: string; voucherRangeId: string | null },
) {
  if (!request.voucherRangeId) return;
  const reference = { type: REQUEST_SOURCE, id: request.id };
  if ((await vouchersHeldBy(tx, reference)).length) return;
  await issueVouchers(tx, actor, { rangeId: request.voucherRangeId, count: 1, reference });
}

/**
 * A return to a stage before administration's approval releases the voucher that approval reserved: one `released`
 * movement each with the reason; the history's removed records name the numbers.
 */
export async function releaseVoucher(tx: Executor, actor: Actor, requestId: string, reason: string | null) {
  const reference = { type: REQUEST_SOURCE, id: requestId };
  const held = (await vouchersHeldBy(tx, reference)).filter((v) => v.status === 'reserved');
  if (!held.length) return [];
  await releaseVouchers(tx, actor, reference, reason);
  return held.map((v) => ({ kind: 'voucher', id: v.rangeId, label: v.label }));
}

/** The detail's petty-cash part of requests (null for the other types and for those raised before funds). */
export async function pettyCashOfRequest(db: Executor, requestId: string): Promise<PettyCashRequest | null> {
  const [f] = await repo.requestFacts(db, [requestId]);
  if (!f) return null;
  const [voucher] = await vouchersHeldBy(db, { type: REQUEST_SOURCE, id: requestId });
  return {
    fundId: f.fundId,
    headquarterName: f.headquarterName,
    countId: f.count.id,
    countedAt: f.count.countedAt.toISOString(),
    fundAmount: f.count.fundAmount,
    cash: f.count.cash,
    difference: f.count.difference,
    voucherRangeId: f.voucherRangeId,
    voucher: voucher?.label ?? null,
  };
}
