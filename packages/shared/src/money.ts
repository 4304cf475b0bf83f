import { Decimal } from 'decimal.js';
import { z } from 'zod';

/**
 * Quetzal arithmetic (issue 13 section 0, decision 0016). Amounts travel as
 * decimal strings with at most two decimals ('1234.56', as PostgreSQL returns
 * `numeric(14,2)`), are computed with decimal.js, never JS floats, and are
 * stored as `numeric(14,2)`: at most 12 digits before the point, so at most
 * Q 999,999,999,999.99. Sums are made in SQL where the rows are; this module is
 * for what code must add, compare or split. Display: `formatMoney` in
 * format.ts ('Q 1,234.56').
 *
 * Rounding rule: half-up to the centavo, half away from zero for negative
 * amounts (Q 1.005 → Q 1.01, −Q 1.005 → −Q 1.01), the rule Guatemalan
 * invoices and the SAT's FEL totals follow. Only `roundMoney` rounds; every
 * other function keeps full precision, so rounding happens once, at the end.
 */
export const Money = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });
export type Money = Decimal;

/** Digits before the point that `numeric(14,2)` holds. */
export const MONEY_INTEGER_DIGITS = 12;
/** The largest amount a `numeric(14,2)` column holds. */
export const MONEY_MAX = '999999999999.99';

const MONEY_PATTERN = /^-?\d+(\.\d+)?$/;

/** Why a text is not an amount: `not_a_number`, `max_two_decimals`, `too_big` (over MONEY_MAX). */
export type MoneyProblem = 'not_a_number' | 'max_two_decimals' | 'too_big';

/**
 * Reads an amount typed or imported as text ('1234.5', ' 1234.56 ', '-3').
 * No thousands separators, no currency sign, no exponent: a spreadsheet cell
 * or a form gives plain digits. Returns the amount or why it is not one; never
 * rounds (a third decimal is an error, not a rounding).
 */
export function parseMoney(text: string): { ok: true; value: Money } | { ok: false; problem: MoneyProblem } {
  const s = text.trim();
  if (!MONEY_PATTERN.test(s)) return { ok: false, problem: 'not_a_number' };
  const value = new Money(s);
  if (value.decimalPlaces() > 2) return { ok: false, problem: 'max_two_decimals' };
  if (value.abs().greaterThan(MONEY_MAX)) return { ok: false, problem: 'too_big' };
  return { ok: true, value };
}

/** An amount from a decimal string, a whole number or an amount (a float with decimals is refused). */
export function money(value: string | number | Decimal): Money {
  if (typeof value === 'number' && !Number.isInteger(value))
    throw new TypeError('money(): a number with decimals is a float; pass the decimal string');
  return new Money(value);
}

/** The amount rounded half-up to the centavo (see the rule above). */
export function roundMoney(value: Decimal): Money {
  return new Money(value).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
}

/** The amount as the API and SQL carry it: '1234.50', rounded half-up to the centavo. */
export function moneyString(value: Decimal): string {
  return roundMoney(value).toFixed(2);
}

/** The exact sum of amounts given as strings or amounts; '0' for none. */
export function sumMoney(values: Iterable<string | Decimal>): Money {
  let total = new Money(0);
  for (const v of values) total = total.plus(v);
  return total;
}

/**
 * A money field of a contract: a decimal string with at most two decimals,
 * between `min` and `max` (defaults: 0 and MONEY_MAX), normalised to two
 * decimals ('12.5' → '12.50'). Field error codes: `required`, `not_a_number`,
 * `max_two_decimals`, `too_small:min`, `too_big::max`.
 */
export function moneyAmount(options: { min?: string; max?: string; positive?: boolean } = {}) {
  const min = new Money(options.min ?? '0');
  const max = new Money(options.max ?? MONEY_MAX);
  return z
    .string()
    .trim()
    .min(1)
    .transform((text, ctx) => {
      const parsed = parseMoney(text);
      if (!parsed.ok) {
        ctx.addIssue({
          code: 'custom',
          message: parsed.problem === 'too_big' ? `too_big::${max.toFixed(2)}` : parsed.problem,
        });
        return z.NEVER;
      }
      const v = parsed.value;
      if (options.positive ? v.lessThanOrEqualTo(0) : v.lessThan(min)) {
        ctx.addIssue({ code: 'custom', message: `too_small:${options.positive ? '0.01' : min.toFixed(2)}` });
        return z.NEVER;
      }
      if (v.greaterThan(max)) {
        ctx.addIssue({ code: 'custom', message: `too_big::${max.toFixed(2)}` });
        return z.NEVER;
      }
      return v.toFixed(2);
    });
}
