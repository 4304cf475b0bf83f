import { money, moneyString, roundMoney, type Money } from '@amparo/shared/money';
import type { Actor, UserActor } from '../../lib/actor.ts';
import type { Executor } from '../../db/client.ts';
import { release, type SpendCell } from '../budget/spending/spending.ts';
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
