import { money, roundMoney, type Money } from '@amparo/shared/money';

/**
 * The periods Guatemalan labour law accrues its yearly benefits over, and what a stretch of work earns of them
 * (issue 28 sections 4 and 5). Dates are 'YYYY-MM-DD' calendar days in America/Guatemala; both ends count.
 *
 * - Aguinaldo: one month of salary for the year from 1 December to 30 November, paid in December (Decreto 76-78,
 *   arts. 1 and 2); less than a full year earns its part.
 * - Bono 14: one month of salary for the year from 1 July to 30 June, paid in the first half of July (Decreto 42-92,
 *   arts. 1 and 2); less than a full year earns its part.
 *
 * The part is the days worked within the period over the period's days: 365, or 366 when it holds a 29 February.
 */

export interface Period {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T12:00:00Z`) - Date.parse(`${from}T12:00:00Z`)) / 86_400_000) + 1;
}

/** The aguinaldo's period holding `day`: 1 December of the year before (or of its year, in December) to 30 November. */
export function aguinaldoPeriod(day: string): Period {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const start = m === 12 ? y : y - 1;
  return { from: ymd(start, 12, 1), to: ymd(start + 1, 11, 30) };
}

/** The bono 14's period holding `day`: 1 July (of its year from July, else of the year before) to 30 June. */
export function bono14Period(day: string): Period {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const start = m >= 7 ? y : y - 1;
  return { from: ymd(start, 7, 1), to: ymd(start + 1, 6, 30) };
}

/** The days of `worked` that fall within `period` (0 when they do not meet). */
export function daysWithin(period: Period, worked: Period): number {
  const from = worked.from > period.from ? worked.from : period.from;
  const to = worked.to < period.to ? worked.to : period.to;
  return to < from ? 0 : daysBetween(from, to);
}

/**
 * What `worked` earns of a benefit of `months` months of `salary` (Q a month) accrued over `period`: salary × months
 * × days worked within the period ÷ the period's days, half up to the centavo.
 */
export function accrued(salary: string | Money, months: number, period: Period, worked: Period): Money {
  const days = daysWithin(period, worked);
  return roundMoney(money(salary).times(months).times(days).dividedBy(daysBetween(period.from, period.to)));
}
