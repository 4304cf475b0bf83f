/**
 * The budget contract's value lists that the planning list's first load reads, without zod (issue 24 section 4);
 * `budget.schema.ts` re-exports them beside its schemas.
 */

/** The months of a plan year, January first. */
export const MONTHS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
/** Planned years the plan accepts. */
export const PLAN_YEAR_MIN = 2000;
export const PLAN_YEAR_MAX = 2100;

/** Sort keys of the planning list. */
export const PLANNING_SORTS = ['year', 'strategicAxis', 'program', 'expenseType', 'totalAmount', 'createdAt'] as const;
