import type { z } from 'zod';
import {
  ASSIGNMENT_ITEMS_LIMIT,
  type AssignmentItemOption,
  type AssignmentRecordEntry,
  type ItemAssignment,
  type LineAssignment,
  type MonthFigures,
  type assignmentCopyInput,
  type assignmentTransactionInput,
  type assignmentTransferInput,
} from '@amparo/shared/modules/assignment.schema';
import type { FieldError } from '@amparo/shared/errors';
import { MONTHS } from '@amparo/shared/modules/budget.schema';
import { money, moneyString, sumMoney } from '@amparo/shared/money';
import type { UserActor } from '../../../lib/actor.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { allOf } from '../../../db/sql.ts';
import { writeAudit } from '../../../lib/audit.ts';
import { AppError, invalidField, notFound } from '../../../lib/errors.ts';
import { inTransaction } from '../../../lib/transaction.ts';
import * as cooperating from '../../cooperating/cooperating.service.ts';
import type { ItemTerms } from '../../cooperating/cooperating.service.ts';
import * as repo from './assignment.repository.ts';
import * as planning from '../planning/planning.service.ts';
import * as plans from '../plan/plan.service.ts';

/*
 * Assignment of planning lines to cooperating items (issue 13 section 4, spec section 3
 * 'assignment/{expense}'). Every figure is a sum over the append-only ledgers (`budget_assignments`,
 * `budget_commitments`), computed in SQL. A write locks, in this order, the planning line's row
 * (`repo.lockLine`) and the item's cooperating row (`cooperating.lockItemTerms`, the lock the cooperating's
 * own amount changes take), then checks its limits against sums read after the locks, in the same
 * transaction as its insert, so two users assigning the last quetzales of an item cannot both succeed:
 * - per line and month: what all items pay ≤ the month's planned amount (`month_exceeded`);
 * - per item: what is assigned of it over every line ≤ its current amount (`item_exceeded`);
 * - per (line, item, month): a decrease or a transfer leaves at least what is committed and executed there
 *   (`below_assigned`, `below_committed`).
 * No money moves on a closed year (409 `year_closed`). A refused write answers 409 `limit_exceeded` with a field error per broken limit whose params say the limit
 * and the excess in Q, and writes nothing.
 */

type Line = { id: string; year: number };

const limitExceeded = (errors: FieldError[]) => new AppError(409, 'limit_exceeded', errors);
const ZERO = '0.00';

/** 'YYYY-MM-DD' of the first and last day of a month. */
function monthSpan(year: number, month: number): { first: string; last: string } {
  const mm = String(month).padStart(2, '0');
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { first: `${year}-${mm}-01`, last: `${year}-${mm}-${lastDay}` };
}

/** Field error when a month of the line's year lies wholly outside the cooperating's agreement period. */
function outsideAgreement(field: string, year: number, month: number, terms: ItemTerms): FieldError | null {
  const { first, last } = monthSpan(year, month);
  return last < terms.startDate || first > terms.endDate
    ? { field, code: 'outside_agreement', params: { start: terms.startDate, end: terms.endDate } }
    : null;
}

/** Locks the line then the item's cooperating; 404 when either is missing. */
async function lockLineAndItem(tx: Executor, lineId: string, itemId: string) {
  const line = await repo.lockLine(tx, lineId);
  if (!line) throw notFound();
  await plans.assertOpen(tx, line.year);
  const terms = await cooperating.lockItemTerms(tx, itemId);
  if (!terms) throw notFound();
  return { line, terms };
}

/**
 * Adds `amounts` (month → Q > 0) to what `terms`' item pays of the line, after the per-month and per-item
 * limits (the caller holds the locks). `fields` names each month's field for the errors. Refuses a
 * deactivated cooperating (409 `cooperating_inactive`) and months outside its agreement (400
 * `outside_agreement`). Writes ledger rows of `kind`.
 */
async function increase(
  tx: Executor,
  actor: UserActor,
  line: Line,
  terms: ItemTerms,
  amounts: { month: number; amount: string; field: string }[],
  kind: 'increase' | 'copy' | 'transfer',
  reason: string,
  transferId: string | null = null,
) {
  if (!terms.active) throw new AppError(409, 'cooperating_inactive');
  const outside = amounts
    .map((a) => outsideAgreement(a.field.replace(/\.amount$/, '.month'), line.year, a.month, terms))
    .filter((e): e is FieldError => e !== null);
  if (outside.length) throw new AppError(400, 'validation', outside);
  const errors: FieldError[] = [];
  const { planned, assigned, onItem } = await repo.monthFigures(tx, line.id, terms.itemId);
  for (const a of amounts) {
    const available = money(planned[a.month - 1]!).minus(assigned[a.month - 1]!);
    if (money(a.amount).greaterThan(available))
      errors.push({
        field: a.field,
        code: 'month_exceeded',
        params: {
          planned: planned[a.month - 1]!,
          assigned: assigned[a.month - 1]!,
          available: moneyString(available),
          excess: moneyString(money(a.amount).minus(available)),
        },
      });
  }
  if (kind !== 'transfer') {
    const room = money(terms.currentAmount).minus(onItem);
    const total = sumMoney(amounts.map((a) => a.amount));
    if (total.greaterThan(room))
      errors.push({
        field: amounts.length === 1 ? amounts[0]!.field : 'months',
        code: 'item_exceeded',
        params: {
          itemAmount: terms.currentAmount,
          assigned: onItem,
          available: moneyString(room),
          excess: moneyString(total.minus(room)),
        },
      });
  }
  if (errors.length) throw limitExceeded(errors);
  await repo.insertAssignments(
    tx,
    amounts.map((a) => ({
      lineId: line.id,
      itemId: terms.itemId,
      cooperatingId: terms.cooperatingId,
      month: a.month,
      amount: a.amount,
      kind,
      reason,
      transferId,
      authorId: actor.userId,
    })),
  );
}

/**
 * Takes `amounts` (month → Q > 0) from what the item pays of the line: never below what is assigned there
 * (`below_assigned`) nor below what requests committed and executed there (`below_committed`).
 */
async function decrease(
  tx: Executor,
  actor: UserActor,
  line: Line,
  terms: ItemTerms,
  amounts: { month: number; amount: string; field: string }[],
  kind: 'decrease' | 'transfer',
  reason: string,
  transferId: string | null = null,
) {
  const cells = await repo.lineCells(tx, line.id, terms.itemId);
  const errors: FieldError[] = [];
  for (const a of amounts) {
    const c = cells.find((x) => x.itemId === terms.itemId && x.month === a.month);
    const assigned = c?.assigned ?? ZERO;
    const drawn = money(c?.committed ?? ZERO).plus(c?.executed ?? ZERO);
    const after = money(assigned).minus(a.amount);
    if (after.lessThan(0))
      errors.push({ field: a.field, code: 'below_assigned', params: { assigned, excess: moneyString(after.neg()) } });
    else if (after.lessThan(drawn))
      errors.push({
        field: a.field,
        code: 'below_committed',
        params: { committed: moneyString(drawn), excess: moneyString(drawn.minus(after)) },
      });
  }
  if (errors.length) throw limitExceeded(errors);
  await repo.insertAssignments(
    tx,
    amounts.map((a) => ({
      lineId: line.id,
      itemId: terms.itemId,
      cooperatingId: terms.cooperatingId,
      month: a.month,
      amount: moneyString(money(a.amount).neg()),
      kind,
      reason,
      transferId,
      authorId: actor.userId,
    })),
  );
}

const figures = (month: number, assigned: string, committed: string, executed: string): MonthFigures => ({
  month,
  assigned,
  committed,
  executed,
  available: moneyString(money(assigned).minus(committed).minus(executed)),
});

const totalOf = (months: MonthFigures[]) => ({
  assigned: moneyString(sumMoney(months.map((m) => m.assigned))),
  committed: moneyString(sumMoney(months.map((m) => m.committed))),
  executed: moneyString(sumMoney(months.map((m) => m.executed))),
  available: moneyString(sumMoney(months.map((m) => m.available))),
});

/**
 * A planning line's assignment (`GET /api/budget/assignment/:lineId`): per month the planned amount and, summed
 * over its items, assigned, committed, executed, available (= assigned − committed − executed) and unassigned
 * (= planned − assigned); per item the same per month with the item's own amount, what is assigned of it over
 * every line and what is left; totals. Q as decimal strings. 404 when the line does not exist.
 */
export async function getLineAssignment(db: Executor, lineId: string): Promise<LineAssignment> {
  // Independent reads side by side on the pool (one after the other inside a transaction): an assignment's answer
  // waits for two round trips, not 4 + one per item (issue 24 section 1, the mixed run's writes).
  const [line, planned, cells] = await allOf(db, [
    () => planning.getLineSummary(db, lineId),
    () => repo.plannedMonths(db, lineId),
    () => repo.lineCells(db, lineId),
  ]);
  const itemIds = [...new Set(cells.map((c) => c.itemId))];
  // The items' terms in one statement, not one per item.
  const [onItems, termsOf] = await allOf(db, [
    () => repo.assignedOnItems(db, itemIds),
    () => cooperating.itemsTerms(db, itemIds),
  ]);
  const items: ItemAssignment[] = [];
  for (const itemId of itemIds) {
    const terms = termsOf.get(itemId);
    if (!terms) continue;
    const months = MONTHS.map((m) => {
      const c = cells.find((x) => x.itemId === itemId && x.month === m);
      return figures(m, c?.assigned ?? ZERO, c?.committed ?? ZERO, c?.executed ?? ZERO);
    });
    const itemAssigned = onItems.get(itemId) ?? ZERO;
    items.push({
      itemId,
      itemCode: terms.itemCode,
      itemName: terms.itemName,
      cooperatingId: terms.cooperatingId,
      cooperatingCode: terms.cooperatingCode,
      cooperatingName: terms.cooperatingName,
      controlMode: terms.controlMode,
      itemAmount: terms.currentAmount,
      itemAssigned,
      itemUnassigned: moneyString(money(terms.currentAmount).minus(itemAssigned)),
      months,
      total: totalOf(months),
    });
  }
  items.sort((a, b) => a.cooperatingCode.localeCompare(b.cooperatingCode) || a.itemCode.localeCompare(b.itemCode));
  const months = MONTHS.map((m) => {
    const ofMonth = items.map((i) => i.months[m - 1]!);
    const f = figures(
      m,
      moneyString(sumMoney(ofMonth.map((x) => x.assigned))),
      moneyString(sumMoney(ofMonth.map((x) => x.committed))),
      moneyString(sumMoney(ofMonth.map((x) => x.executed))),
    );
    return { ...f, planned: planned[m - 1]!, unassigned: moneyString(money(planned[m - 1]!).minus(f.assigned)) };
  });
  const total = totalOf(months);
  const plannedTotal = moneyString(sumMoney(planned));
  return {
    line,
    months,
    total: { ...total, planned: plannedTotal, unassigned: moneyString(money(plannedTotal).minus(total.assigned)) },
    items,
  };
}

/**
 * An assignment transaction (`POST /api/budget/assignment/:lineId/transaction/:itemId`, issue 13 section 4):
 * `increase` or `decrease` what the item pays of the line, per month, with a reason; all months or none.
 * 404 line or item; 409 `cooperating_inactive` (increase); 400 `outside_agreement` on `months.N.month` for a
 * month of the line's year outside the agreement; 409 `limit_exceeded` with `months.N.amount`
 * `month_exceeded` / `below_assigned` / `below_committed`, or `item_exceeded` (on the only month's amount, else
 * on `months`). Audited (`budget_assignment`, keyed by the line). Returns the line's assignment after it.
 */
export async function transact(
  db: Db,
  actor: UserActor,
  lineId: string,
  itemId: string,
  body: z.output<typeof assignmentTransactionInput>,
): Promise<LineAssignment> {
  await inTransaction(db, async (tx) => {
    const { line, terms } = await lockLineAndItem(tx, lineId, itemId);
    const amounts = body.months.map((m, i) => ({ ...m, field: `months.${i}.amount` }));
    if (body.type === 'increase') await increase(tx, actor, line, terms, amounts, 'increase', body.reason);
    else await decrease(tx, actor, line, terms, amounts, 'decrease', body.reason);
    await writeAudit(tx, actor, {
      action: body.type,
      entity: 'budget_assignment',
      entityId: lineId,
      changes: {
        itemId: { before: null, after: itemId },
        months: { before: null, after: body.months },
        reason: { before: null, after: body.reason },
      },
    });
  });
  // Read after the commit: the locks are not held while the answer is built.
  return getLineAssignment(db, lineId);
}

/**
 * Copy (`POST /api/budget/assignment/:lineId/copy/:itemId`): what the item pays of the line in months
 * `fromMonth`..`toMonth` is assigned again to `targetItemId`, from `targetFromMonth` on (the same months by
 * default), under the same limits as an increase (their field errors on `targetFromMonth`); months the source
 * does not pay are skipped. The source keeps
 * its assignment. 400 `invalid` on `targetItemId` when target and months are the source's; 400 `required` on
 * `fromMonth` when the source pays nothing in the range. Audited (`copy`).
 */
export async function copy(
  db: Db,
  actor: UserActor,
  lineId: string,
  itemId: string,
  body: z.output<typeof assignmentCopyInput>,
): Promise<LineAssignment> {
  const shift = (body.targetFromMonth ?? body.fromMonth) - body.fromMonth;
  if (body.targetItemId === itemId && shift === 0) throw invalidField('targetItemId', 'invalid');
  await inTransaction(db, async (tx) => {
    const line = await repo.lockLine(tx, lineId);
    if (!line) throw notFound();
    await plans.assertOpen(tx, line.year);
    const cells = await repo.lineCells(tx, lineId, itemId);
    const amounts = cells
      .filter((c) => c.month >= body.fromMonth && c.month <= body.toMonth)
      .filter((c) => money(c.assigned).greaterThan(0))
      .sort((a, b) => a.month - b.month)
      .map((c) => ({ month: c.month + shift, amount: c.assigned, field: 'targetFromMonth' }));
    if (!amounts.length) throw invalidField('fromMonth', 'required');
    const terms = await cooperating.lockItemTerms(tx, body.targetItemId);
    if (!terms) throw invalidField('targetItemId', 'invalid');
    await increase(tx, actor, line, terms, amounts, 'copy', body.reason);
    await writeAudit(tx, actor, {
      action: 'copy',
      entity: 'budget_assignment',
      entityId: lineId,
      changes: {
        itemId: { before: itemId, after: body.targetItemId },
        months: { before: null, after: amounts.map(({ month, amount }) => ({ month, amount })) },
        reason: { before: null, after: body.reason },
      },
    });
  });
  // Read after the commit: the locks are not held while the answer is built.
  return getLineAssignment(db, lineId);
}

/**
 * Transfer document (`POST /api/budget/assignment/:lineId/transfer/:itemId`): `amount` of what the item pays in
 * `fromMonth` of this line moves to `toMonth` of `toLineId` (this line by default), with a reason; the document
 * and its two ledger rows are written together, the old figures stay in the ledger. Lines locked in id order.
 * 400 `other_year` on `toLineId` across years (a carry-forward moves money between years); 400 `invalid` on
 * `toMonth` for the same line and month; source limits as a decrease on `amount`, target limit
 * `month_exceeded` on `toMonth`. The item's total is unchanged. Audited (`transfer`).
 */
export async function transfer(
  db: Db,
  actor: UserActor,
  lineId: string,
  itemId: string,
  body: z.output<typeof assignmentTransferInput>,
): Promise<LineAssignment> {
  const toLineId = body.toLineId ?? lineId;
  if (toLineId === lineId && body.toMonth === body.fromMonth) throw invalidField('toMonth', 'invalid');
  await inTransaction(db, async (tx) => {
    const locked = new Map<string, Line>();
    for (const id of [lineId, toLineId].sort()) {
      const l = locked.get(id) ?? (await repo.lockLine(tx, id));
      if (!l) throw id === lineId ? notFound() : invalidField('toLineId', 'invalid');
      locked.set(id, l);
    }
    const from = locked.get(lineId)!;
    const to = locked.get(toLineId)!;
    if (from.year !== to.year) throw invalidField('toLineId', 'other_year');
    await plans.assertOpen(tx, from.year);
    const terms = await cooperating.lockItemTerms(tx, itemId);
    if (!terms) throw notFound();
    const transferId = await repo.insertTransfer(tx, {
      itemId,
      cooperatingId: terms.cooperatingId,
      fromLineId: lineId,
      fromMonth: body.fromMonth,
      toLineId,
      toMonth: body.toMonth,
      amount: body.amount,
      reason: body.reason,
      authorId: actor.userId,
    });
    await decrease(
      tx,
      actor,
      from,
      terms,
      [{ month: body.fromMonth, amount: body.amount, field: 'amount' }],
      'transfer',
      body.reason,
      transferId,
    );
    await increase(
      tx,
      actor,
      to,
      { ...terms, active: true }, // moving what is already assigned is allowed on a deactivated cooperating
      [{ month: body.toMonth, amount: body.amount, field: 'toMonth' }],
      'transfer',
      body.reason,
      transferId,
    );
    await writeAudit(tx, actor, {
      action: 'transfer',
      entity: 'budget_assignment',
      entityId: lineId,
      changes: {
        transfer: {
          before: { lineId, month: body.fromMonth },
          after: { lineId: toLineId, month: body.toMonth, amount: body.amount, itemId, transferId },
        },
        reason: { before: null, after: body.reason },
      },
    });
  });
  // Read after the commit: the locks are not held while the answer is built.
  return getLineAssignment(db, lineId);
}

/**
 * The ledger of a line and item (`GET /api/budget/assignment/:lineId/record/:itemId`), oldest first: kind,
 * month, signed amount (Q), reason, transfer document, author's name, when. 404 line or item.
 */
export async function record(db: Executor, lineId: string, itemId: string): Promise<AssignmentRecordEntry[]> {
  await planning.getLineSummary(db, lineId);
  if (!(await cooperating.itemTerms(db, itemId))) throw notFound();
  const rows = await repo.record(db, lineId, itemId);
  return rows.map((r) => ({
    ...r,
    kind: r.kind as AssignmentRecordEntry['kind'],
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The items an assignment may draw on (`GET /api/budget/assignment-items`, the picker of the assignment screens):
 * items of active cooperating matching `q` (item or cooperating code or name) or the one item `itemId`, by cooperating and item code, at
 * most ASSIGNMENT_ITEMS_LIMIT, each with its current amount and what is not yet assigned of it over every line (Q).
 * Read through the cooperating module's service: the user needs `asignacion`, not the cooperating screen's key.
 */
export async function assignmentItems(
  db: Executor,
  search: { q?: string; itemId?: string },
): Promise<AssignmentItemOption[]> {
  const items = await cooperating.searchActiveItems(db, search, ASSIGNMENT_ITEMS_LIMIT);
  const assigned = await repo.assignedOnItems(
    db,
    items.map((i) => i.itemId),
  );
  return items.map((i) => ({
    ...i,
    unassigned: moneyString(money(i.currentAmount).minus(assigned.get(i.itemId) ?? ZERO)),
  }));
}

/**
 * What the budget holds on a cooperating item (Q), for the cooperating's limits (`app.itemCommitments`): the
 * larger of what is assigned of it and what is committed and executed on it.
 */
export async function heldOnItem(tx: Executor, itemId: string): Promise<string> {
  const assigned = await repo.assignedOnItem(tx, itemId);
  const drawn = await repo.drawnOnItem(tx, itemId);
  return money(assigned).greaterThan(drawn) ? assigned : drawn;
}
