import { money, moneyString, roundMoney, type Money } from '@amparo/shared/money';
import type { Actor, UserActor } from '../../lib/actor.ts';
import type { Executor } from '../../db/client.ts';
import { splitByShares } from '@amparo/shared/money-shares';
import { splitCapped } from '../budget/spending/allocation.ts';
import { commit, execute, release, type SpendCell, type SpendOptions } from '../budget/spending/spending.ts';
import { releaseVouchers } from '../vouchers/vouchers.service.ts';
import * as repo from './requests.repository.ts';

/**
 * What an expense request holds on the budget (issue 26 sections 3 and 4): its items' amounts, summed per
 * planning line, committed on the request's month under the budget's source `expense_request`.
 */

/** The budget ledger's (and the vouchers') source type of a request. */
export const REQUEST_SOURCE = 'expense_request';

/** An item's amount: quantity × unit price, rounded half up to the centavo (Q). */
export const itemAmount = (quantity: string, unitPrice: string): Money => roundMoney(money(quantity).times(unitPrice));

/** What the request commits on each line of its month: its items' amounts summed per line, in first-use order. */
export function cellsOf(items: { lineId: string; amount: Money | string }[], month: number): SpendCell[] {
  const byLine = new Map<string, Money>();
  for (const i of items) byLine.set(i.lineId, (byLine.get(i.lineId) ?? money(0)).plus(i.amount));
  return [...byLine].map(([lineId, amount]) => ({ lineId, month, amount: moneyString(amount) }));
}

/** The key of a committed cell. */
const cellKey = (c: { lineId: string; month: number }) => `${c.lineId}|${c.month}`;

/**
 * What changes in the budget when a request's cells go from `before` to `after`: what grows is committed, what
 * shrinks (or goes: another line or month) is released, per line and month.
 */
export function cellChanges(before: SpendCell[], after: SpendCell[]) {
  const delta = new Map<string, { lineId: string; month: number; amount: Money }>();
  const add = (c: SpendCell, sign: 1 | -1) => {
    const d = delta.get(cellKey(c)) ?? { lineId: c.lineId, month: c.month, amount: money(0) };
    d.amount = d.amount.plus(money(c.amount).times(sign));
    delta.set(cellKey(c), d);
  };
  before.forEach((c) => add(c, -1));
  after.forEach((c) => add(c, 1));
  const cells = [...delta.values()];
  const as = (c: (typeof cells)[number]) => ({ lineId: c.lineId, month: c.month, amount: moneyString(c.amount.abs()) });
  return {
    grow: cells.filter((c) => c.amount.greaterThan(0)).map(as),
    shrink: cells.filter((c) => c.amount.lessThan(0)).map(as),
  };
}

/**
 * The selected quote's prices become the request's (issue 26 section 4: "an approval holds for what was
 * approved"): what shrinks is released, what grows is committed under the budget's control (its refusals as a
 * request's), then the items and the total are written. Returns the new total (Q).
 */
export async function repriceRequest(
  tx: Executor,
  actor: Actor,
  id: string,
  items: { id: string; unitPrice: string; amount: string }[],
  total: string,
) {
  const row = (await repo.findRequest(tx, id))!;
  const current = (await repo.itemsOf(tx, id)).map(({ item }) => item);
  const amounts = new Map(items.map((i) => [i.id, i.amount]));
  const { grow, shrink } = cellChanges(
    cellsOf(current, row.month),
    cellsOf(
      current.map((i) => ({ lineId: i.lineId, amount: amounts.get(i.id) ?? i.amount })),
      row.month,
    ),
  );
  const source = { type: REQUEST_SOURCE, id };
  if (shrink.length) await release(tx, actor as UserActor, source, shrink);
  if (grow.length) await commit(tx, actor as UserActor, source, grow);
  await repo.applyPrices(tx, id, items, total);
}

/**
 * A final rejection (issue 26 section 4): gives back everything the request holds committed on its lines and the
 * vouchers it holds reserved, in the caller's transaction. A rejection is taken by a user.
 */
export async function releaseRequest(tx: Executor, actor: Actor, id: string, reason: string | null) {
  if (!actor.userId) throw new TypeError('releaseRequest(): a user rejects a request');
  const row = (await repo.findRequest(tx, id))!;
  const items = await repo.itemsOf(tx, id);
  const cells = cellsOf(
    items.map(({ item }) => ({ lineId: item.lineId, amount: item.amount })),
    row.month,
  );
  await release(tx, actor as UserActor, { type: REQUEST_SOURCE, id }, cells);
  await releaseVouchers(tx, actor, { type: REQUEST_SOURCE, id }, reason);
}

/**
 * What a liquidation's approval executes on each of the request's cells (issue 27 section 3): `liquidated` (Q > 0)
 * in proportion to what each line holds committed in the request's month, exact to the centavo. Up to the
 * commitment no line takes more than it holds (`splitCapped`); past it, each line holds its whole commitment and
 * the difference is split by the same proportion (`splitByShares`).
 */
export function executionParts(cells: SpendCell[], liquidated: Money): Money[] {
  const held = cells.map((c) => money(c.amount));
  const total = held.reduce((a, b) => a.plus(b), money(0));
  if (liquidated.lessThanOrEqualTo(total)) return splitCapped(liquidated, held, held);
  const over = splitByShares(liquidated.minus(total), held);
  return held.map((h, i) => h.plus(over[i]!));
}

/**
 * Executes an approved liquidation in the caller's transaction (issue 27 section 3): each cell's part
 * (`executionParts`) is executed against the line's month and the items that hold the commitment (what passes it
 * is drawn anew under the control, `options`), and what each cell held beyond its part is released, so the
 * request then holds nothing committed. The budget's refusals (409 `budget_stop` / `budget_warning`) are the
 * approval's.
 */
export async function executeRequest(
  tx: Executor,
  actor: UserActor,
  id: string,
  liquidated: Money,
  options: SpendOptions,
) {
  const row = (await repo.findRequest(tx, id))!;
  const items = await repo.itemsOf(tx, id);
  const cells = cellsOf(
    items.map(({ item }) => ({ lineId: item.lineId, amount: item.amount })),
    row.month,
  );
  const parts = executionParts(cells, liquidated);
  const source = { type: REQUEST_SOURCE, id };
  const at = (c: SpendCell, amount: Money) => ({ lineId: c.lineId, month: c.month, amount: moneyString(amount) });
  const executed = cells.map((c, i) => at(c, parts[i]!)).filter((c) => money(c.amount).greaterThan(0));
  if (executed.length) await execute(tx, actor, source, executed, options);
  const rest = cells
    .map((c, i) => at(c, money(c.amount).minus(parts[i]!)))
    .filter((c) => money(c.amount).greaterThan(0));
  if (rest.length) await release(tx, actor, source, rest);
}
