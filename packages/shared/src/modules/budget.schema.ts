import { z } from 'zod';
import { moneyAmount } from '../money.ts';
import { catalogCode, envelope, MAX_INT, optionalCatalogCode, paged, text, uuid, version } from '../validation.ts';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN, PLANNING_SORTS } from './budget.constants.ts';

export * from './budget.constants.ts';

/**
 * The annual operating plan (POA), issue 13 section 3 (spec section 3,
 * 'Planning'): a planning line says what the charity will do (strategic
 * axis, program, expense type, description), who answers for it and who
 * planned it, where, in which year, and for each of the 12 months a goal
 * (a quantity in the line's unit) and an amount in quetzales.
 */

/** A goal's quantity: a decimal string, at most two decimals, 0 or more (people, workshops, kits …). */
export const goalQuantity = moneyAmount({ max: '9999999999.99' });

/** One month of a line: its goal (quantity) and its amount (Q). */
export const planningMonthInput = z.object({
  month: z.number().int().min(1).max(12),
  goal: goalQuantity,
  amount: moneyAmount(),
});

export const planningLineInput = z.object({
  year: z.number().int().min(PLAN_YEAR_MIN).max(PLAN_YEAR_MAX),
  strategicAxis: catalogCode,
  program: catalogCode,
  expenseType: catalogCode,
  description: text(1000),
  /** What the monthly goals count ('talleres', 'kits', 'personas'). */
  goalUnit: text(60),
  responsibleId: uuid,
  plannerId: uuid,
  headquarterId: uuid,
  /** Where in the country, when the line is not at its headquarter (INE municipality code). */
  municipality: optionalCatalogCode,
  /** Exactly the 12 months, each once. */
  months: z
    .array(planningMonthInput)
    .length(12, 'invalid')
    .refine((months) => new Set(months.map((m) => m.month)).size === 12, 'invalid'),
});
export type PlanningLineInput = z.input<typeof planningLineInput>;
export const planningLineUpdate = planningLineInput.extend({ version });

export const planningMonth = z.object({ month: z.number().int(), goal: z.string(), amount: z.string() });

export const planningLine = z.object({
  id: uuid,
  year: z.number().int(),
  strategicAxis: z.string(),
  program: z.string(),
  expenseType: z.string(),
  description: z.string(),
  goalUnit: z.string(),
  responsibleId: uuid,
  responsibleName: z.string().nullable(),
  plannerId: uuid,
  plannerName: z.string().nullable(),
  headquarterId: uuid,
  headquarterName: z.string().nullable(),
  municipality: z.string().nullable(),
  /** The 12 months, January first. */
  months: z.array(planningMonth),
  /** Sum of the months' amounts (Q) and goals. */
  totalAmount: z.string(),
  totalGoal: z.string(),
  version: z.number().int(),
});
export type PlanningLine = z.infer<typeof planningLine>;

/** A line in the list: without its months, with its year's total. */
export const planningLineSummary = planningLine.omit({ months: true });
export type PlanningLineSummary = z.infer<typeof planningLineSummary>;

export const planningListQuery = z.object({
  year: z.coerce.number().int().min(PLAN_YEAR_MIN).max(PLAN_YEAR_MAX).optional(),
  strategicAxis: optionalCatalogCode,
  program: optionalCatalogCode,
  expenseType: optionalCatalogCode,
  responsibleId: uuid.optional(),
  headquarterId: uuid.optional(),
  /** Lines with any assignment from this cooperating. */
  cooperatingId: uuid.optional(),
  page: z.coerce.number().int().min(1).max(MAX_INT).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
  sort: z.enum(PLANNING_SORTS).default('year'),
  order: z.enum(['asc', 'desc']).default('asc'),
});

/** The list's page and, over every line the filters match, the amount per month and the year's total (Q). */
export const planningListResponse = envelope(
  paged(planningLineSummary).extend({
    totals: z.object({ months: z.array(z.string()).length(12), total: z.string() }),
  }),
);
export const planningLineResponse = envelope(planningLine);

/**
 * GET /api/budget/planning/export: the list's filters and sort, every matching
 * line, as xlsx in the caller's language (`lang`, default Spanish).
 */
export const planningExportQuery = planningListQuery.omit({ page: true, pageSize: true }).extend({
  lang: z.enum(['es', 'en']).default('es'),
});

/**
 * A line's goals against what executed it (issue 13 section 3, 'Goals achieved'): per month the goal (in the
 * line's unit) and the records that picked the line (group activities, attentions), counted per source.
 */
export const lineGoals = z.object({
  lineId: uuid,
  goalUnit: z.string(),
  months: z.array(
    z.object({
      month: z.number().int(),
      goal: z.string(),
      achieved: z.number().int(),
      /** Per source ('activities', 'attentions'): how many. */
      bySource: z.record(z.string(), z.number().int()),
    }),
  ),
  total: z.object({ goal: z.string(), achieved: z.number().int() }),
});
export type LineGoals = z.infer<typeof lineGoals>;
export const lineGoalsResponse = envelope(lineGoals);
