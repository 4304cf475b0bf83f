import { z } from 'zod';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN, PLANNING_SORTS } from '@amparo/shared/modules/budget.schema';
import { catalogCode, MAX_INT, uuid } from '@amparo/shared/validation';
import { PLANNING_PAGE_SIZES, PLANNING_SEARCH_DEFAULTS as D } from './list-url';

/**
 * The planning list's state as URL search params (reload and back keep it),
 * the fields of the `planningListQuery` contract: every field falls back to
 * its default instead of failing, so a hand-edited URL still opens the list.
 * The list page reads its route's raw search with `list-search.ts`, which
 * gives the same without zod (its test proves it against this schema).
 */
export const planningSearch = z.object({
  // Within the server contract's bound (planningListQuery): a larger page was sent on and refused with 400.
  page: z.coerce.number().int().min(1).max(MAX_INT).default(D.page).catch(D.page),
  pageSize: z.coerce
    .number()
    .int()
    .refine((v) => (PLANNING_PAGE_SIZES as readonly number[]).includes(v))
    .default(D.pageSize)
    .catch(D.pageSize),
  year: z.coerce.number().int().min(PLAN_YEAR_MIN).max(PLAN_YEAR_MAX).default(D.year).catch(D.year),
  strategicAxis: catalogCode.optional().catch(undefined),
  program: catalogCode.optional().catch(undefined),
  expenseType: catalogCode.optional().catch(undefined),
  responsibleId: uuid.optional().catch(undefined),
  headquarterId: uuid.optional().catch(undefined),
  cooperatingId: uuid.optional().catch(undefined),
  sort: z.enum(PLANNING_SORTS).default(D.sort).catch(D.sort),
  order: z.enum(['asc', 'desc']).default(D.order).catch(D.order),
});
export type PlanningSearch = z.output<typeof planningSearch>;
/** What a link to the list may pass. */
export type PlanningSearchInput = z.input<typeof planningSearch>;
