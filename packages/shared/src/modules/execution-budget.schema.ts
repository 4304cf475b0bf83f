import { z } from 'zod';
import { envelope, paged, pageQuery, uuid } from '../validation.ts';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from './budget.constants.ts';
import { REQUEST_STATUSES } from './execution.schema.ts';

/**
 * The budget's execution (issue 27 section 3, module `execution`, `/execution/budget`): what the plan's lines and
 * the funders' items hold for a year or a range of its months, by strategic axis, program, expense type,
 * cooperating or item, with the requests behind each figure. Amounts in Q as decimal strings, summed in SQL.
 */

export const EXECUTION_BUDGET_DIMENSIONS = ['axis', 'program', 'expense_type', 'cooperating', 'item'] as const;
export type ExecutionBudgetDimension = (typeof EXECUTION_BUDGET_DIMENSIONS)[number];

const month = (fallback: number) => z.coerce.number().int().min(1, 'invalid').max(12, 'invalid').default(fallback);
const code = z.string().trim().toUpperCase().max(20).optional();

/**
 * The filters: the plan's `year` and its months `fromMonth`–`toMonth` (1–12; 400 `invalid` on `toMonth` before
 * `fromMonth`), and the codes and ids a drill-down narrows to (the row clicked).
 */
const filterShape = z.object({
  year: z.coerce.number().int().min(PLAN_YEAR_MIN, 'invalid').max(PLAN_YEAR_MAX, 'invalid'),
  fromMonth: month(1),
  toMonth: month(12),
  axis: code,
  program: code,
  expenseType: code,
  cooperatingId: uuid.optional(),
  itemId: uuid.optional(),
});
const monthsInOrder = (v: { fromMonth: number; toMonth: number }, ctx: z.RefinementCtx) => {
  if (v.toMonth < v.fromMonth) ctx.addIssue({ code: 'custom', path: ['toMonth'], message: 'invalid' });
};
export const executionBudgetFilters = filterShape.superRefine(monthsInOrder);
export type ExecutionBudgetFilters = z.output<typeof executionBudgetFilters>;

const by = z.enum(EXECUTION_BUDGET_DIMENSIONS).default('axis');
/** `GET /api/execution/budget`: the filters and the dimension the rows are by. */
export const executionBudgetQuery = filterShape.extend({ by }).superRefine(monthsInOrder);
export type ExecutionBudgetQuery = z.output<typeof executionBudgetQuery>;

/** `GET /api/execution/budget/export`: the view as xlsx or PDF in `lang`. */
export const executionBudgetExportQuery = filterShape
  .extend({ by, lang: z.enum(['es', 'en']).default('es'), format: z.enum(['xlsx', 'pdf']) })
  .superRefine(monthsInOrder);

/**
 * Figures of a row (Q): planned (null by cooperating or item, or filtered by one: a plan is not planned per
 * funder), assigned, committed, executed, available (assigned − committed − executed), and executed over
 * assigned (%, one decimal; null when nothing is assigned).
 */
export const executionFigures = z.object({
  planned: z.string().nullable(),
  assigned: z.string(),
  committed: z.string(),
  executed: z.string(),
  available: z.string(),
  executedPercent: z.string().nullable(),
});

/**
 * A row: `key` the code (axis, program, expense type; the web names it from the catalogs) or the id
 * (cooperating, item); `name` the cooperating's or item's code and name ('FA – Fundación Amiga', 'FA / R1 –
 * Rubro'), null for a catalog code. `axis` is a program's own axis (the drill-down filters by both).
 */
export const executionBudgetRow = executionFigures.extend({
  key: z.string(),
  name: z.string().nullable(),
  axis: z.string().nullable(),
  cooperatingId: uuid.nullable(),
});
export const executionBudget = z.object({
  year: z.number().int(),
  fromMonth: z.number().int(),
  toMonth: z.number().int(),
  by: z.enum(EXECUTION_BUDGET_DIMENSIONS),
  rows: z.array(executionBudgetRow),
  total: executionFigures,
});
export type ExecutionBudget = z.infer<typeof executionBudget>;
export const executionBudgetResponse = envelope(executionBudget);

/** `GET /api/execution/budget/requests`: the requests behind the filters' figures, newest first. */
export const executionBudgetRequestsQuery = filterShape
  .extend(pageQuery.omit({ order: true }).shape)
  .superRefine(monthsInOrder);
export const executionBudgetRequest = z.object({
  id: uuid,
  number: z.string(),
  description: z.string(),
  status: z.enum(REQUEST_STATUSES),
  requesterName: z.string(),
  /** Within the filters (Q): what it holds committed and what it executed. */
  committed: z.string(),
  executed: z.string(),
  invoices: z.number().int(),
});
export type ExecutionBudgetRequest = z.infer<typeof executionBudgetRequest>;
export const executionBudgetRequestsResponse = envelope(paged(executionBudgetRequest));
