import type { Decimal } from 'decimal.js';
import { Money, money, roundMoney } from './money.ts';

/**
 * Splitting amounts and taking percentages of them (issue 25 section 7). Every split returns parts in quetzales
 * with two decimals that add up exactly to the amount split: the parts are truncated to the centavo and the
 * centavos left over go to one chosen part (the largest weight's for shares, the last month's for monthly amounts),
 * never spread by floats or lost. Shares are computed in whole centavos (bigint), so nothing but that truncation
 * rounds. Percentages of an amount round once, half-up, with the rule of money.ts.
 */

/** An amount to split as a Money: finite, at most two decimals (a third could not add back exactly), else RangeError. */
function splittable(amount: string | Decimal, fn: string): Money {
  const value = money(amount);
  if (!value.isFinite()) throw new RangeError(`${fn}(): not a finite amount`);
  if (value.decimalPlaces() > 2) throw new RangeError(`${fn}(): the amount has more than two decimals`);
  return value;
}

/** An amount with at most two decimals in whole centavos ('-12.34' → -1234n); exact, whatever its size. */
function toCentavos(value: Decimal): bigint {
  return BigInt(value.toFixed(2).replace('.', ''));
}

/** Whole centavos back to quetzales (-1234n → −Q 12.34). */
function fromCentavos(centavos: bigint): Money {
  return new Money(centavos.toString()).dividedBy(100);
}

/**
 * Parts of `amount` (Q, at most two decimals) proportional to `weights` (non-negative numbers of any scale: 1, 2, 3
 * or '0.25', '0.75'), one part a weight, in the same order, each with two decimals. Each part is the exact share
 * truncated toward zero to the centavo; the centavos left over all go to the part of the largest weight (the first
 * of equal largest ones), issue 25 section 7's rule, so the parts always add up exactly to the amount:
 * Q 100.00 by [1, 1, 1] → 33.34, 33.33, 33.33; Q 1.00 by [1, 2] → 0.33, 0.67. A zero weight gets Q 0.00. A negative
 * amount splits its absolute value and negates every part (−Q 0.05 by [1, 1] → −0.03, −0.02).
 * Throws a RangeError for no weights, a negative or non-finite weight, weights that add up to 0, or an amount with
 * more than two decimals.
 */
export function splitByShares(amount: string | Decimal, weights: (string | Decimal)[]): Money[] {
  const value = splittable(amount, 'splitByShares');
  const ws = weights.map((w) => money(w));
  if (ws.some((w) => !w.isFinite() || w.isNegative()))
    throw new RangeError('splitByShares(): every weight must be a finite number ≥ 0');
  // The weights as whole numbers over one power of ten (0.25, 0.75 → 25, 75), so the shares below are exact.
  const places = Math.max(0, ...ws.map((w) => w.decimalPlaces()));
  const scaled = ws.map((w) => BigInt(w.toFixed(places).replace('.', '')));
  const totalWeight = scaled.reduce((a, b) => a + b, 0n);
  if (totalWeight === 0n) throw new RangeError('splitByShares(): the weights must add up to more than 0');
  const centavos = toCentavos(value.abs());
  // Bigint division truncates, which is the rule: each share toward zero to the centavo.
  const parts = scaled.map((w) => (centavos * w) / totalWeight);
  let largest = 0;
  scaled.forEach((w, i) => {
    if (w > (scaled[largest] ?? 0n)) largest = i;
  });
  parts[largest] = (parts[largest] ?? 0n) + centavos - parts.reduce((a, b) => a + b, 0n);
  const sign = value.isNegative() ? -1n : 1n;
  return parts.map((p) => fromCentavos(sign * p));
}

/**
 * Parts of `amount` (Q) by `percents`, which must add up to exactly 100 (RangeError otherwise, and for a negative
 * percentage): the rule of `splitByShares`, each part truncated to the centavo and the centavos left over to the
 * largest percentage, so the parts add up exactly to the amount: Q 0.03 by [50, 50] → 0.02, 0.01.
 */
export function splitByPercentages(amount: string | Decimal, percents: (string | Decimal)[]): Money[] {
  const total = percents.reduce<Money>((sum, p) => sum.plus(p), new Money(0));
  if (!total.equals(100)) throw new RangeError(`splitByPercentages(): the percentages add up to ${total}, not 100`);
  return splitByShares(amount, percents);
}

/**
 * `percent` % of `amount` (Q): amount × percent ÷ 100, computed exactly and rounded once, half-up to the centavo
 * (half away from zero below zero; the rule of money.ts): 5 % of Q 100.10 = Q 5.005 → Q 5.01. The percentage is
 * a number of percent ('12' for 12 %), any number of decimals.
 */
export function percentOf(amount: string | Decimal, percent: string | Decimal): Money {
  return roundMoney(money(amount).times(percent).dividedBy(100));
}

/**
 * A retention (ISR, IVA) of `rate` % on `base` (Q, at most two decimals): `retained` = percentOf(base, rate),
 * half-up to the centavo, and `net` = base − retained, what is paid, so retained + net = base exactly:
 * 5 % of Q 1,234.56 → retained Q 61.73, net Q 1,172.83. The rate is the caller's (the law's rates change; none is
 * written here). Throws a RangeError for a rate outside 0 to 100 or a base with more than two decimals.
 */
export function retention(base: string | Decimal, rate: string | Decimal): { retained: Money; net: Money } {
  const amount = splittable(base, 'retention');
  const r = money(rate);
  if (!(r.greaterThanOrEqualTo(0) && r.lessThanOrEqualTo(100)))
    throw new RangeError('retention(): the rate must be from 0 to 100 %');
  const retained = percentOf(amount, r);
  return { retained, net: amount.minus(retained) };
}

/**
 * `total` (Q, at most two decimals) in `months` equal monthly amounts, as a depreciation books it: every month is
 * total ÷ months truncated toward zero to the centavo, and the centavos left over go to the LAST month, so the
 * months add up exactly to the total: Q 1,000.00 over 12 → 83.33 × 11 and 83.37. A negative total gives negative
 * months. Throws a RangeError when `months` is not a whole number ≥ 1 or the total has more than two decimals.
 */
export function monthlySplit(total: string | Decimal, months: number): Money[] {
  if (!Number.isSafeInteger(months) || months < 1)
    throw new RangeError('monthlySplit(): months must be a whole number ≥ 1');
  const centavos = toCentavos(splittable(total, 'monthlySplit'));
  const each = centavos / BigInt(months);
  const last = centavos - each * BigInt(months - 1);
  return Array.from({ length: months }, (_, i) => fromCentavos(i === months - 1 ? last : each));
}
