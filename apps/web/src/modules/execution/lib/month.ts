import { todayInGuatemala } from '@amparo/shared/format';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from '@amparo/shared/modules/budget.constants';
import type { RequestType } from '@amparo/shared/modules/execution.schema';

/** A planned month of a request. */
export interface PlannedMonth {
  year: number;
  month: number;
}

/** This month in America/Guatemala: a new request is planned on it unless chosen otherwise. */
export function currentMonth(): PlannedMonth {
  const today = todayInGuatemala();
  return { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
}

/** A planned month as the URL carries it: '2026-03'. */
export const monthParam = ({ year, month }: PlannedMonth) => `${year}-${String(month).padStart(2, '0')}`;

/** The URL's 'YYYY-MM' as a month of a plannable year, or null when it is not one. */
export function parseMonthParam(value: string): PlannedMonth | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year < PLAN_YEAR_MIN || year > PLAN_YEAR_MAX || month < 1 || month > 12) return null;
  return { year, month };
}

/** The years a new request may be planned on: last year, this one and the next. */
export function requestYearOptions(chosen?: number): number[] {
  const now = currentMonth().year;
  const years = new Set([now - 1, now, now + 1, ...(chosen ? [chosen] : [])]);
  return [...years].filter((y) => y >= PLAN_YEAR_MIN && y <= PLAN_YEAR_MAX).sort((a, b) => a - b);
}

/** Each type's sub-form path segment ('purchase-order'). */
export const TYPE_SLUGS = {
  purchase_order: 'purchase-order',
  reserve: 'reserve',
  petty_cash: 'petty-cash',
  travel_expenses: 'travel-expenses',
} as const satisfies Record<RequestType, string>;
