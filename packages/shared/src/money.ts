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

// ---------------------------------------------------------------- exchange rates (issue 13 section 2)

/**
 * Exchange rates: quetzales per unit of an agreement's currency (USD, EUR), as the Banco de Guatemala publishes
 * its reference rate (five decimals today), stored as `numeric(12,6)`: up to six decimals, at most
 * 999,999.999999. A rate is never rounded when read; a seventh decimal is an error (`max_six_decimals`).
 */
export const RATE_DECIMALS = 6;
/** The largest rate a `numeric(12,6)` column holds. */
export const RATE_MAX = '999999.999999';

/** Why a text is not a rate: `not_a_number`, `max_six_decimals`, `too_big` (over RATE_MAX). */
export type RateProblem = 'not_a_number' | 'max_six_decimals' | 'too_big';

/**
 * Reads a rate typed as text ('7.66012', ' 8.5 '): plain digits, a point, at most six decimals, no sign, no
 * exponent, no separators. Returns the rate or why it is not one; never rounds.
 */
export function parseRate(text: string): { ok: true; value: Money } | { ok: false; problem: RateProblem } {
  const s = text.trim();
  if (!/^\d+(\.\d+)?$/.test(s)) return { ok: false, problem: 'not_a_number' };
  const value = new Money(s);
  if (value.decimalPlaces() > RATE_DECIMALS) return { ok: false, problem: 'max_six_decimals' };
  if (value.greaterThan(RATE_MAX)) return { ok: false, problem: 'too_big' };
  return { ok: true, value };
}

/** The rate as the API and SQL carry it: six decimals ('7.750000'), rounded half-up when longer. */
export function rateString(value: Decimal): string {
  return new Money(value).toFixed(RATE_DECIMALS, Decimal.ROUND_HALF_UP);
}

/**
 * An amount in an agreement's currency converted to quetzales at `rate` (Q per unit): the exact product,
 * rounded once, half-up to the centavo (decision 0016): USD 67.00 × 7.665 = Q 513.555 → Q 513.56, where a
 * float product (513.55499…) gives Q 513.55.
 */
export function toQuetzales(amount: string | Decimal, rate: string | Decimal): Money {
  return roundMoney(new Money(amount).times(rate));
}

/**
 * The weighted average rate of disbursements: quetzales received over units received (each disbursement
 * weighs by its amount), to six decimals half-up; null when nothing was received.
 */
export function averageRate(totalInCurrency: string | Decimal, totalInQuetzales: string | Decimal): Money | null {
  const units = new Money(totalInCurrency);
  if (units.isZero()) return null;
  return new Money(totalInQuetzales).dividedBy(units).toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_HALF_UP);
}

/**
 * A rate field of a contract: a decimal string, > 0, at most six decimals, at most RATE_MAX, normalised to six
 * decimals ('7.5' → '7.500000'). Field error codes: `required`, `not_a_number`, `max_six_decimals`,
 * `too_small:0.000001`, `too_big::999999.999999`.
 */
export function exchangeRate() {
  return z
    .string()
    .trim()
    .min(1)
    .transform((text, ctx) => {
      const parsed = parseRate(text);
      if (!parsed.ok) {
        ctx.addIssue({
          code: 'custom',
          message: parsed.problem === 'too_big' ? `too_big::${RATE_MAX}` : parsed.problem,
        });
        return z.NEVER;
      }
      if (parsed.value.lessThanOrEqualTo(0)) {
        ctx.addIssue({ code: 'custom', message: 'too_small:0.000001' });
        return z.NEVER;
      }
      return parsed.value.toFixed(RATE_DECIMALS);
    });
}
