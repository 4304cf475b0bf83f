import { Money, money } from '@amparo/shared/money';
import { splitByShares } from '@amparo/shared/money-shares';

/*
 * Which items pay when a spending module draws on a planning line without naming an item (issue 25 section 2,
 * decision 0019 as amended): pure functions over the figures the budget read under the line's lock. Every
 * split is exact to the centavo (`splitByShares`: proportional, rounded toward zero, the remaining centavos to
 * the largest share) and never puts more on an item than it can take where a cap applies.
 */

/** One item's part of an amount (Q). */
export interface ItemPart {
  itemId: string;
  amount: Money;
}

/**
 * `amount` (Q ≥ 0, at most Σcaps) split by `weights`, no part above its cap: the proportional split first, then the
 * centavos rounding put past a cap move to the parts with room, largest weight first (ties: the first).
 */
export function splitCapped(amount: Money, weights: Money[], caps: Money[]): Money[] {
  if (amount.isZero()) return weights.map(() => money(0));
  const parts = splitByShares(amount, weights);
  let surplus = money(0);
  for (let i = 0; i < parts.length; i++) {
    if (parts[i]!.greaterThan(caps[i]!)) {
      surplus = surplus.plus(parts[i]!.minus(caps[i]!));
      parts[i] = caps[i]!;
    }
  }
  const order = weights.map((w, i) => ({ w, i })).sort((a, b) => b.w.comparedTo(a.w) || a.i - b.i);
  for (const { i } of order) {
    if (surplus.isZero()) break;
    const take = Money.min(caps[i]!.minus(parts[i]!), surplus);
    parts[i] = parts[i]!.plus(take);
    surplus = surplus.minus(take);
  }
  return parts;
}

/** An item's figures in one (line, month) cell (Q): what the allocation reads. */
export interface CellShare {
  itemId: string;
  assigned: Money;
  available: Money;
}

/**
 * A new commitment (Q > 0) on a line's month without a named item: it fills the items' available amounts in
 * proportion to them; what passes the line's available amount is split by what each item has assigned in that
 * month (so each item's control sees its share of the excess). Only items with an assignment in that month take
 * part; none (an empty list) is the caller's refusal (`not_assigned`). Items are taken in id order.
 */
export function commitParts(amount: Money, cells: CellShare[]): ItemPart[] {
  const taking = cells.filter((c) => c.assigned.greaterThan(0)).sort((a, b) => a.itemId.localeCompare(b.itemId));
  if (!taking.length) return [];
  const free = taking.map((c) => Money.max(c.available, 0));
  const freeTotal = free.reduce((a, b) => a.plus(b), money(0));
  if (amount.lessThanOrEqualTo(freeTotal)) return parts(taking, splitCapped(amount, free, free));
  const over = splitByShares(
    amount.minus(freeTotal),
    taking.map((c) => c.assigned),
  );
  return parts(
    taking,
    free.map((f, i) => f.plus(over[i]!)),
  );
}

/**
 * Part of what a source holds on a line's month (its open commitment, or its execution), taken back from the items
 * that hold it in proportion to what each holds, never more than an item holds. `amount` at most the total held
 * (the caller's refusal otherwise).
 */
export function heldParts(amount: Money, held: { itemId: string; amount: Money }[]): ItemPart[] {
  const holding = held.filter((h) => h.amount.greaterThan(0)).sort((a, b) => a.itemId.localeCompare(b.itemId));
  const amounts = holding.map((h) => h.amount);
  return parts(holding, splitCapped(amount, amounts, amounts));
}

const parts = (items: { itemId: string }[], amounts: Money[]): ItemPart[] =>
  items.map((c, i) => ({ itemId: c.itemId, amount: amounts[i]! })).filter((p) => !p.amount.isZero());
