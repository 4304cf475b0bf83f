import { z } from 'zod';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from '@amparo/shared/modules/budget.constants';
import { EXECUTION_BUDGET_DIMENSIONS } from '@amparo/shared/modules/execution-budget.schema';
import { uuid } from '@amparo/shared/validation';
import { todayInGuatemala } from '@amparo/shared/format';

const thisYear = () => Number(todayInGuatemala().slice(0, 4));
const month = (fallback: number) => z.coerce.number().int().min(1).max(12).default(fallback).catch(fallback);
const code = z.string().max(20).optional().catch(undefined);

/**
 * `/execution/budget`'s URL state: the year (this one by default), its months, the dimension the rows are by, and
 * the codes and ids a drill-down narrowed to, with the page of the requests behind them. A value that does not
 * fit is dropped.
 */
export const budgetViewSearch = z.object({
  year: z.coerce.number().int().min(PLAN_YEAR_MIN).max(PLAN_YEAR_MAX).default(thisYear()).catch(thisYear()),
  fromMonth: month(1),
  toMonth: month(12),
  by: z.enum(EXECUTION_BUDGET_DIMENSIONS).default('axis').catch('axis'),
  axis: code,
  program: code,
  expenseType: code,
  cooperatingId: uuid.optional().catch(undefined),
  itemId: uuid.optional().catch(undefined),
  page: z.coerce.number().int().min(1).default(1).catch(1),
});
export type BudgetViewSearch = z.output<typeof budgetViewSearch>;

/** The filters the server takes (the months in order), without the page. */
export function budgetFilters(s: BudgetViewSearch) {
  const { page: _page, ...rest } = s;
  return { ...rest, toMonth: Math.max(rest.fromMonth, rest.toMonth) };
}

/** A query string of the defined values. */
export function queryString(values: Record<string, unknown>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return params.toString();
}
