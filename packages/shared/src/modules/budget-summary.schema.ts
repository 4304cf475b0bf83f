import { z } from 'zod';
import { envelope, isoDate, uuid } from '../validation.ts';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from './budget.schema.ts';

/**
 * Budget views (issue 13 section 5): the POA summary (planned against executed by strategic axis, program and
 * month for a year) and the funder summary (per cooperating and item: amount, assigned, committed, executed,
 * available). Amounts in Q as decimal strings; summed in SQL from the plan and the ledgers.
 */

const year = z.coerce.number().int().min(PLAN_YEAR_MIN, 'invalid').max(PLAN_YEAR_MAX, 'invalid');
const lang = z.enum(['es', 'en']).default('es');

/** Planned, assigned, committed, executed (Q) and executed over planned (%, one decimal; null when nothing is planned). */
export const budgetFigures = z.object({
  planned: z.string(),
  assigned: z.string(),
  committed: z.string(),
  executed: z.string(),
  executedPercent: z.string().nullable(),
});
export type BudgetFigures = z.infer<typeof budgetFigures>;

/** `revision`: the figures as that approved revision of the year's plan stood (donor reports rerun as of then). */
export const poaSummaryQuery = z.object({ year, revision: z.coerce.number().int().min(1, 'invalid').optional() });
const withMonths = budgetFigures.extend({ months: z.array(budgetFigures).length(12) });
export const poaSummary = z.object({
  year: z.number().int(),
  revision: z.number().int().nullable(),
  lineCount: z.number().int(),
  /** Axes by code, each with its programs by code (codes of the planning catalogs). */
  axes: z.array(
    withMonths.extend({
      code: z.string(),
      programs: z.array(withMonths.extend({ code: z.string(), lineCount: z.number().int() })),
    }),
  ),
  total: withMonths,
});
export type PoaSummary = z.infer<typeof poaSummary>;
export const poaSummaryResponse = envelope(poaSummary);

/** Figures of a cooperating's item or of the cooperating (Q): available = assigned − committed − executed. */
const funderFigures = z.object({
  amount: z.string(),
  assigned: z.string(),
  unassigned: z.string(),
  committed: z.string(),
  executed: z.string(),
  available: z.string(),
});
export type FunderFigures = z.infer<typeof funderFigures>;

/** `year` limits assigned, committed and executed to that year's lines; the items' amounts are the agreement's. */
/** `asOf` (YYYY-MM-DD): the figures as written up to the end of that day in America/Guatemala (donor reports rerun as of a date). */
export const funderSummaryQuery = z.object({
  year: year.optional(),
  cooperatingId: uuid.optional(),
  asOf: isoDate.optional(),
});
export const funderSummaryExportQuery = funderSummaryQuery.extend({ lang, format: z.enum(['xlsx', 'pdf']) });
/** The POA summary's export (issue 24 section 6, item 9): its year and revision, the file's language and format. */
export const poaSummaryExportQuery = poaSummaryQuery.extend({ lang, format: z.enum(['xlsx', 'pdf']) });
export const funderSummary = z.object({
  year: z.number().int().nullable(),
  asOf: z.string().nullable(),
  cooperating: z.array(
    funderFigures.extend({
      id: uuid,
      code: z.string(),
      name: z.string(),
      currency: z.string(),
      ceiling: z.string(),
      active: z.boolean(),
      items: z.array(funderFigures.extend({ id: uuid, code: z.string(), name: z.string() })),
    }),
  ),
  total: funderFigures.extend({ ceiling: z.string() }),
});
export type FunderSummary = z.infer<typeof funderSummary>;
export const funderSummaryResponse = envelope(funderSummary);
