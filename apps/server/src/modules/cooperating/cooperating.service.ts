import type { z } from 'zod';
import type {
  Cooperating,
  CooperatingItem,
  CooperatingItemSummary,
  Currency,
  Disbursement,
  DisbursementTotals,
  Transaction,
  TransactionType,
  cooperatingInput,
  cooperatingItemInput,
  cooperatingItemUpdate,
  cooperatingListQuery,
  cooperatingUpdate,
  disbursementInput,
  transactionInput,
} from '@amparo/shared/modules/cooperating.schema';
import type { FieldError } from '@amparo/shared/errors';
import { averageRate, Money, MONEY_MAX, money, moneyString, rateString, toQuetzales } from '@amparo/shared/money';
import type { UserActor } from '../../lib/actor.ts';
import type { ItemCommitments } from '../../lib/item-commitments.ts';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, invalidField, isUniqueViolation, notFound, versionConflict } from '../../lib/errors.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { cooperating } from '../../db/schema.ts';
import * as repo from './cooperating.repository.ts';

/*
 * Cooperating (funders), their items, goals and transactions: issue 13 section 2, spec sections 2 and 3
 * 'Cooperating'. Every amount is in quetzales (Q): decimal strings with two decimals, numeric(14,2) in SQL,
 * decimal.js in code (decision 0016). The money limits are checked in the transaction of the write, after
 * locking the cooperating's row (`repo.lockCooperating`), against sums computed in SQL from the rows:
 * - the items' current amounts together never pass the cooperating's ceiling (`ceiling_exceeded`);
 * - an item's current amount never falls below what other modules hold on it (`below_committed`; the budget's
 *   assignments, registered in `app.itemCommitments`);
 * - the ceiling is never lowered below the items' total (`ceiling_below_items`).
 * - the disbursements received never pass the agreed amount, in the agreement's currency (`agreed_exceeded`),
 *   and the agreed amount is never lowered below them (`agreed_below_received`).
 * A refused write answers 409 `limit_exceeded` with one field error whose params say the limit and the excess.
 *
 * Disbursements (money the funder sent) are in the agreement's currency with the exchange rate the user entered
 * (Q per unit, six decimals); their value in Q is computed here once, round half-up(amount × rate, 2) with
 * decimal.js, and stored, so a report in Q reads the same every time it is printed.
 */

type CooperatingInput = z.output<typeof cooperatingInput>;
type ItemInput = z.output<typeof cooperatingItemInput>;

/** 409 `limit_exceeded` with the field, the limit's code and its params (amounts in Q, 'NNN.NN'). */
function limitExceeded(field: string, code: FieldError['code'], params: Record<string, string>): AppError {
  return new AppError(409, 'limit_exceeded', [{ field, code, params }]);
}

function duplicateCode(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError(409, 'duplicate', [{ field: 'code', code: 'duplicate' }]);
  throw err;
}

/** What is still to be received of an agreed amount, in its currency; null without one. */
const pendingOf = (agreed: string | null, received: string) =>
  agreed === null ? null : moneyString(money(agreed).minus(received));

function toCooperating(row: repo.CooperatingRow): Cooperating {
  return {
    ...row,
    currency: row.currency as Currency,
    controlMode: row.controlMode as Cooperating['controlMode'],
    available: moneyString(money(row.ceiling).minus(row.itemsTotal)),
    pendingAmount: pendingOf(row.agreedAmount, row.receivedAmount),
  };
}

const auditableCooperating = (c: Cooperating) => ({
  code: c.code,
  name: c.name,
  country: c.country,
  contactName: c.contactName,
  contactEmail: c.contactEmail,
  contactPhone: c.contactPhone,
  startDate: c.startDate,
  endDate: c.endDate,
  currency: c.currency,
  ceiling: c.ceiling,
  controlMode: c.controlMode,
  agreedAmount: c.agreedAmount,
  active: c.active,
});

/**
 * A page of cooperating (Configuración › Cooperantes), each with its ceiling, items' total and available room
 * in Q; filtered and sorted as `cooperatingListQuery` says; exact total.
 */
export async function listCooperating(db: Db, query: z.output<typeof cooperatingListQuery>) {
  const { items, total } = await repo.listCooperating(db, query);
  return {
    items: items.map(toCooperating),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalCapped: false,
  };
}

/** One cooperating with its items' total (Q). 404 `not_found`. */
export async function getCooperating(db: Executor, id: string): Promise<Cooperating> {
  const row = await repo.findCooperating(db, id);
  if (!row) throw notFound();
  return toCooperating(row);
}

/**
 * Creates a cooperating (issue 13 section 2): unique code (409 `duplicate` on `code`), end ≥ start (the
 * contract's `date_order`), ceiling in Q ≥ 0. Audited (`create`, entity `cooperating`).
 */
export async function createCooperating(db: Db, actor: UserActor, body: CooperatingInput): Promise<Cooperating> {
  try {
    return await db.transaction(async (tx) => {
      const id = await repo.insertCooperating(tx, { ...body, createdBy: actor.userId, updatedBy: actor.userId });
      const created = await getCooperating(tx, id);
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'cooperating',
        entityId: id,
        changes: diff(null, auditableCooperating(created)),
      });
      return created;
    });
  } catch (err) {
    duplicateCode(err);
  }
}

/**
 * Edits a cooperating under its row lock (issue 13 section 2). 404; 409 `version_conflict` on a stale version;
 * 400 `transactions_outside` / `disbursements_outside` (on `startDate` or `endDate`, params first/last) when the
 * agreement period would leave recorded transactions or disbursements outside it; 400 `disbursements_recorded`
 * on `currency` (params count) when the currency would change under recorded disbursements; 409
 * `limit_exceeded` with `ceiling: ceiling_below_items` (params itemsTotal, excess in Q) when the ceiling would
 * be lower than the items' total, or `agreedAmount: agreed_below_received` (params currency, received, excess
 * in that currency) when the agreed amount would be lower than what was received; 409 `duplicate` code.
 * Audited with before/after.
 */
export async function updateCooperating(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof cooperatingUpdate>,
): Promise<Cooperating> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await repo.lockCooperating(tx, id);
      if (!locked) throw notFound();
      if (locked.version !== body.version) throw versionConflict();
      const { first, last } = await repo.transactionDateRange(tx, id);
      if (first && first < body.startDate)
        throw invalidField('startDate', 'transactions_outside', { first, last: last! });
      if (last && last > body.endDate) throw invalidField('endDate', 'transactions_outside', { first: first!, last });
      const received = await repo.disbursementTotals(tx, id);
      if (received.count > 0) {
        if (body.currency !== locked.currency)
          throw invalidField('currency', 'disbursements_recorded', { count: received.count });
        if (received.first! < body.startDate)
          throw invalidField('startDate', 'disbursements_outside', { first: received.first, last: received.last });
        if (received.last! > body.endDate)
          throw invalidField('endDate', 'disbursements_outside', { first: received.first, last: received.last });
        if (body.agreedAmount !== null && money(body.agreedAmount).lessThan(received.amount))
          throw limitExceeded('agreedAmount', 'agreed_below_received', {
            currency: body.currency,
            received: received.amount,
            excess: moneyString(money(received.amount).minus(body.agreedAmount)),
          });
      }
      const total = await repo.itemsTotal(tx, id);
      if (money(body.ceiling).lessThan(total))
        throw limitExceeded('ceiling', 'ceiling_below_items', {
          itemsTotal: total,
          excess: moneyString(money(total).minus(body.ceiling)),
        });
      const before = await getCooperating(tx, id);
      const { version, ...values } = body;
      await updateVersioned(tx, cooperating, id, version, { ...values, updatedBy: actor.userId });
      const after = await getCooperating(tx, id);
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'cooperating',
        entityId: id,
        changes: diff(auditableCooperating(before), auditableCooperating(after)),
      });
      return after;
    });
  } catch (err) {
    duplicateCode(err);
  }
}

// ---------------------------------------------------------------- items

/** Room left under the ceiling when `delta` is added to the items' total; refuses with `ceiling_exceeded`. */
function checkCeiling(field: string, ceiling: string, total: string, delta: string) {
  const after = money(total).plus(delta);
  if (after.greaterThan(ceiling))
    throw limitExceeded(field, 'ceiling_exceeded', {
      ceiling,
      available: moneyString(money(ceiling).minus(total)),
      excess: moneyString(after.minus(ceiling)),
    });
}

/** Refuses an item's current amount below what is committed on it, with `below_committed`. */
async function checkCommitted(
  tx: Executor,
  commitments: ItemCommitments,
  field: string,
  itemId: string,
  current: string,
) {
  const committed = await commitments.floor(tx, itemId);
  if (money(current).lessThan(committed))
    throw limitExceeded(field, 'below_committed', {
      committed,
      excess: moneyString(money(committed).minus(current)),
    });
}

const auditableItem = (i: CooperatingItem) => ({
  code: i.code,
  name: i.name,
  initialAmount: i.initialAmount,
  goals: i.goals.map((g) => ({ start: g.start, end: g.end, description: g.description })),
});

/** A cooperating's items with their amounts in Q (initial, sums, subtractions, current), by code. 404. */
export async function listItems(db: Db, cooperatingId: string): Promise<CooperatingItemSummary[]> {
  if (!(await repo.findCooperating(db, cooperatingId))) throw notFound();
  return repo.listItems(db, cooperatingId);
}

/** One item of a cooperating with its amounts (Q) and goals; 404 when missing or of another cooperating. */
export async function getItem(db: Executor, cooperatingId: string, itemId: string): Promise<CooperatingItem> {
  const row = await repo.findItem(db, cooperatingId, itemId);
  if (!row) throw notFound();
  return { ...row, goals: await repo.goalsOf(db, itemId) };
}

/**
 * Adds an item (a budget line of the funder) with its goals, under the cooperating's row lock (issue 13
 * section 2). 404 unknown cooperating; 409 `duplicate` code within the cooperating; 409 `limit_exceeded` with
 * `initialAmount: ceiling_exceeded` (params ceiling, available, excess in Q) when the items would pass the
 * ceiling; overlapping goal ranges are refused by the contract (`goal_overlap`). Audited (`cooperating_item`).
 */
export async function createItem(
  db: Db,
  actor: UserActor,
  cooperatingId: string,
  body: ItemInput,
): Promise<CooperatingItem> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await repo.lockCooperating(tx, cooperatingId);
      if (!locked) throw notFound();
      checkCeiling('initialAmount', locked.ceiling, await repo.itemsTotal(tx, cooperatingId), body.initialAmount);
      const itemId = await repo.insertItem(tx, {
        cooperatingId,
        code: body.code,
        name: body.name,
        initialAmount: body.initialAmount,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      await repo.replaceGoals(tx, itemId, body.goals, actor.userId);
      const created = await getItem(tx, cooperatingId, itemId);
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'cooperating_item',
        entityId: itemId,
        changes: diff(null, { cooperatingId, ...auditableItem(created) }),
      });
      return created;
    });
  } catch (err) {
    duplicateCode(err);
  }
}

/**
 * Edits an item and replaces its goals, under the cooperating's row lock (issue 13 section 2). 404 when the
 * item is not the cooperating's; 409 `version_conflict`; 409 `limit_exceeded` on `initialAmount` with
 * `below_committed` (the current amount, initial + sums − subtractions, would fall below what is committed:
 * params committed, excess) or `ceiling_exceeded` (params ceiling, available, excess); 409 `duplicate` code.
 * Audited with before/after (goals included).
 */
export async function updateItem(
  db: Db,
  commitments: ItemCommitments,
  actor: UserActor,
  cooperatingId: string,
  itemId: string,
  body: z.output<typeof cooperatingItemUpdate>,
): Promise<CooperatingItem> {
  try {
    return await db.transaction(async (tx) => {
      const locked = await repo.lockCooperating(tx, cooperatingId);
      if (!locked) throw notFound();
      const before = await getItem(tx, cooperatingId, itemId);
      if (before.version !== body.version) throw versionConflict();
      const current = money(body.initialAmount).plus(before.sums).minus(before.subtractions);
      await checkCommitted(tx, commitments, 'initialAmount', itemId, moneyString(current));
      const delta = moneyString(current.minus(before.currentAmount));
      checkCeiling('initialAmount', locked.ceiling, await repo.itemsTotal(tx, cooperatingId), delta);
      await repo.updateItem(tx, cooperatingId, itemId, body.version, {
        code: body.code,
        name: body.name,
        initialAmount: body.initialAmount,
        updatedBy: actor.userId,
      });
      await repo.replaceGoals(tx, itemId, body.goals, actor.userId);
      const after = await getItem(tx, cooperatingId, itemId);
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'cooperating_item',
        entityId: itemId,
        changes: diff(auditableItem(before), auditableItem(after)),
      });
      return after;
    });
  } catch (err) {
    duplicateCode(err);
  }
}

// ---------------------------------------------------------------- transactions

const toTransaction = (row: Awaited<ReturnType<typeof repo.insertTransaction>>): Transaction => ({
  ...row,
  type: row.type as TransactionType,
  createdAt: row.createdAt.toISOString(),
});

/** An item's transactions (append-only), newest first, with their authors. 404 when not the cooperating's item. */
export async function listTransactions(db: Db, cooperatingId: string, itemId: string): Promise<Transaction[]> {
  if (!(await repo.findItem(db, cooperatingId, itemId))) throw notFound();
  return (await repo.listTransactions(db, itemId)).map(toTransaction);
}

/**
 * Records a `sum` (increase) or `subtraction` (decrease) of an item's amount, append-only, with date, amount
 * (Q, > 0), reason and the actor as author (issue 13 section 2). In one transaction, after locking the
 * cooperating's row: 404 when the item is not the cooperating's; 400 `outside_agreement` on `date` (params
 * start, end) outside the agreement period; a sum that would take the items past the ceiling → 409
 * `limit_exceeded`, `amount: ceiling_exceeded` (params ceiling, available, excess); a subtraction that would
 * take the item's current amount below what is committed on it (the largest amount a module holds on it: `ItemCommitments`, e.g. budget assignment) → 409
 * `limit_exceeded`, `amount: below_committed` (params committed, excess). Audited (`cooperating_transaction`,
 * with the item's current amount before and after). Returns the transaction and the item's amounts after it.
 */
export async function addTransaction(
  db: Db,
  commitments: ItemCommitments,
  actor: UserActor,
  cooperatingId: string,
  itemId: string,
  body: z.output<typeof transactionInput>,
): Promise<{ transaction: Transaction; item: CooperatingItemSummary }> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockCooperating(tx, cooperatingId);
    if (!locked) throw notFound();
    const item = await repo.findItem(tx, cooperatingId, itemId);
    if (!item) throw notFound();
    if (body.date < locked.startDate || body.date > locked.endDate)
      throw invalidField('date', 'outside_agreement', { start: locked.startDate, end: locked.endDate });
    if (body.type === 'sum') {
      checkCeiling('amount', locked.ceiling, await repo.itemsTotal(tx, cooperatingId), body.amount);
    } else {
      await checkCommitted(
        tx,
        commitments,
        'amount',
        itemId,
        moneyString(money(item.currentAmount).minus(body.amount)),
      );
    }
    const created = toTransaction(
      await repo.insertTransaction(tx, {
        cooperatingId,
        itemId,
        type: body.type,
        date: body.date,
        amount: body.amount,
        reason: body.reason,
        authorId: actor.userId,
      }),
    );
    const after = (await repo.findItem(tx, cooperatingId, itemId))!;
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'cooperating_transaction',
      entityId: created.id,
      changes: {
        ...diff(null, {
          cooperatingId,
          itemId,
          type: body.type,
          date: body.date,
          amount: body.amount,
          reason: body.reason,
        }),
        currentAmount: { before: item.currentAmount, after: after.currentAmount },
      },
    });
    return { transaction: created, item: after };
  });
}

// ---------------------------------------------------------------- for the budget

/** An item as the budget's limits see it: its current amount (Q) and its cooperating's terms. */
export interface ItemTerms {
  itemId: string;
  itemCode: string;
  itemName: string;
  /** Q: initial amount plus sums minus subtractions. */
  currentAmount: string;
  cooperatingId: string;
  cooperatingCode: string;
  cooperatingName: string;
  /** Agreement period, 'YYYY-MM-DD'. */
  startDate: string;
  endDate: string;
  controlMode: Cooperating['controlMode'];
  active: boolean;
}

/**
 * The item with its current amount and its cooperating's terms, after locking the cooperating's row
 * (`SELECT … FOR UPDATE`) for the rest of the transaction: the same lock every write that moves the item's
 * amount takes, so an assignment and a subtraction on one item run one after the other (issue 13 section 4,
 * 'Arithmetic'). null when there is no such item. Use inside a transaction.
 */
export async function lockItemTerms(tx: Executor, itemId: string): Promise<ItemTerms | null> {
  if (!(await repo.lockCooperatingOfItem(tx, itemId))) return null;
  return itemTerms(tx, itemId);
}

/**
 * Locks the cooperatings of `itemIds` (the lock `lockItemTerms` takes), one after the other in cooperating id order
 * so two writers over the same cooperatings never deadlock, and returns every item's terms read under those locks
 * in one statement, by item id (an unknown item is absent). Used by spending over several lines and items.
 */
export async function lockItemsTerms(tx: Executor, itemIds: readonly string[]): Promise<Map<string, ItemTerms>> {
  const unlocked = await itemsTerms(tx, itemIds);
  const firstOf = new Map<string, string>();
  for (const t of unlocked.values()) if (!firstOf.has(t.cooperatingId)) firstOf.set(t.cooperatingId, t.itemId);
  for (const cooperatingId of [...firstOf.keys()].sort())
    await repo.lockCooperatingOfItem(tx, firstOf.get(cooperatingId)!);
  return itemsTerms(tx, [...unlocked.keys()]);
}

/** Like `lockItemTerms` without the lock (reads). */
export async function itemTerms(db: Executor, itemId: string): Promise<ItemTerms | null> {
  return (await itemsTerms(db, [itemId])).get(itemId) ?? null;
}

/** `itemTerms` of several items in one statement, by item id (an unknown id is absent). */
export async function itemsTerms(db: Executor, itemIds: readonly string[]): Promise<Map<string, ItemTerms>> {
  const rows = await repo.findItemsTerms(db, itemIds);
  return new Map(rows.map((r) => [r.itemId, { ...r, controlMode: r.controlMode as Cooperating['controlMode'] }]));
}

// ---------------------------------------------------------------- disbursements

const toDisbursement = (row: Awaited<ReturnType<typeof repo.insertDisbursement>>): Disbursement => ({
  ...row,
  currency: row.currency as Currency,
  createdAt: row.createdAt.toISOString(),
});

/** The totals of a cooperating's disbursements (in its currency and in Q), its weighted rate and what is pending. */
async function totalsOf(
  db: Executor,
  c: { id: string; currency: string; agreedAmount: string | null },
): Promise<DisbursementTotals> {
  const t = await repo.disbursementTotals(db, c.id);
  const rate = averageRate(t.amount, t.amountQuetzales);
  return {
    currency: c.currency as Currency,
    count: t.count,
    amount: t.amount,
    amountQuetzales: t.amountQuetzales,
    averageRate: rate ? rateString(rate) : null,
    agreedAmount: c.agreedAmount,
    pendingAmount: pendingOf(c.agreedAmount, t.amount),
  };
}

/**
 * A cooperating's disbursements, newest first, each in the agreement's currency with its rate (Q per unit), its
 * value in Q and its author; with the totals in the currency and in Q, the rate weighted by amount (Q received ÷
 * units received, six decimals) and the agreed and pending amounts. 404.
 */
export async function listDisbursements(
  db: Db,
  cooperatingId: string,
): Promise<{ items: Disbursement[]; totals: DisbursementTotals }> {
  const c = await repo.findCooperating(db, cooperatingId);
  if (!c) throw notFound();
  const items = (await repo.listDisbursements(db, cooperatingId)).map(toDisbursement);
  return { items, totals: await totalsOf(db, c) };
}

/**
 * Records money the funder sent (issue 13 section 2), append-only: `amount` in the agreement's currency, the
 * `exchangeRate` the user entered (Q per unit; the Banco de Guatemala reference rate is the usual source) and
 * the value in Q computed here, round half-up(amount × rate, 2) with decimal.js, stored with it. In one
 * transaction, after locking the cooperating's row:
 * - 404 when the cooperating does not exist; 409 `cooperating_inactive` when it is inactive;
 * - 400 `outside_agreement` on `date` (params start, end) outside the agreement period;
 * - 400 `rate_must_be_one` on `exchangeRate` for a GTQ agreement whose rate is not 1;
 * - 400 `too_big` on `amount` (params max, in the currency) when its value in Q would not fit numeric(14,2);
 * - 409 `limit_exceeded`, `amount: agreed_exceeded` (params currency, agreed, available, excess, in the
 *   currency) when the disbursements would pass the agreed amount.
 * Audited (`cooperating_disbursement`, with the totals received before and after). Returns the disbursement
 * and the totals after it.
 */
export async function addDisbursement(
  db: Db,
  actor: UserActor,
  cooperatingId: string,
  body: z.output<typeof disbursementInput>,
): Promise<{ disbursement: Disbursement; totals: DisbursementTotals }> {
  return db.transaction(async (tx) => {
    const locked = await repo.lockCooperating(tx, cooperatingId);
    if (!locked) throw notFound();
    if (!locked.active) throw new AppError(409, 'cooperating_inactive');
    if (body.date < locked.startDate || body.date > locked.endDate)
      throw invalidField('date', 'outside_agreement', { start: locked.startDate, end: locked.endDate });
    if (locked.currency === 'GTQ' && !money(body.exchangeRate).equals(1))
      throw invalidField('exchangeRate', 'rate_must_be_one');
    const quetzales = toQuetzales(body.amount, body.exchangeRate);
    if (quetzales.greaterThan(MONEY_MAX))
      throw invalidField('amount', 'too_big', {
        max: money(MONEY_MAX).dividedBy(body.exchangeRate).toDecimalPlaces(2, Money.ROUND_DOWN).toFixed(2),
      });
    const before = await totalsOf(tx, locked);
    if (locked.agreedAmount !== null) {
      const after = money(before.amount).plus(body.amount);
      if (after.greaterThan(locked.agreedAmount))
        throw limitExceeded('amount', 'agreed_exceeded', {
          currency: locked.currency,
          agreed: locked.agreedAmount,
          available: moneyString(money(locked.agreedAmount).minus(before.amount)),
          excess: moneyString(after.minus(locked.agreedAmount)),
        });
    }
    const created = toDisbursement(
      await repo.insertDisbursement(tx, {
        cooperatingId,
        currency: locked.currency,
        date: body.date,
        amount: body.amount,
        exchangeRate: body.exchangeRate,
        amountQuetzales: moneyString(quetzales),
        rateSource: body.rateSource,
        reference: body.reference,
        authorId: actor.userId,
      }),
    );
    const totals = await totalsOf(tx, locked);
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'cooperating_disbursement',
      entityId: created.id,
      changes: {
        ...diff(null, {
          cooperatingId,
          currency: created.currency,
          date: created.date,
          amount: created.amount,
          exchangeRate: created.exchangeRate,
          amountQuetzales: created.amountQuetzales,
          rateSource: created.rateSource,
          reference: created.reference,
        }),
        receivedAmount: { before: before.amount, after: totals.amount },
        receivedQuetzales: { before: before.amountQuetzales, after: totals.amountQuetzales },
      },
    });
    return { disbursement: created, totals };
  });
}

/** An item of an active cooperating with its current amount (Q), as the budget's item picker lists it. */
export interface ActiveItem {
  itemId: string;
  itemCode: string;
  itemName: string;
  cooperatingId: string;
  cooperatingCode: string;
  cooperatingName: string;
  currentAmount: string;
}

/**
 * Items of active cooperating whose code or name, or whose cooperating's code or name, contains `q` (any case),
 * or the one item `itemId`, with their current amounts (Q); by cooperating code and item code; at most `limit`.
 */
export async function searchActiveItems(
  db: Executor,
  search: { q?: string; itemId?: string },
  limit: number,
): Promise<ActiveItem[]> {
  return repo.searchActiveItems(db, search, limit);
}

/**
 * The cooperating as options of the generic catalog call (`/api/catalog/cooperating`): code, name, id as value,
 * active; deactivated ones only with `includeInactive` (list filters find old records by them). Issue 13 section 3:
 * the planning list filters by cooperating.
 */
export async function cooperatingOptions(db: Executor, opts: { includeInactive: boolean }) {
  return (await repo.cooperatingOptions(db)).filter((o) => opts.includeInactive || o.active);
}
