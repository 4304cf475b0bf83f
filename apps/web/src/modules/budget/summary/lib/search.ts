import { z } from 'zod';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from '@amparo/shared/modules/budget.schema';
import { uuid } from '@amparo/shared/validation';
import { currentYear } from '../../shared/years';

const year = z.coerce.number().int().min(PLAN_YEAR_MIN).max(PLAN_YEAR_MAX);

/** The POA summary's URL state: the year (this one by default) and an approved revision (none: the lines as they are). */
export const poaSummarySearch = z.object({
  year: year.default(currentYear()).catch(currentYear()),
  revision: z.coerce.number().int().min(1).optional().catch(undefined),
});
export type PoaSummarySearch = z.output<typeof poaSummarySearch>;

/** The funder summary's URL state: an optional year, cooperating and day; a value that does not fit is dropped. */
export const funderSummarySearch = z.object({
  year: year.optional().catch(undefined),
  cooperatingId: uuid.optional().catch(undefined),
  /** YYYY-MM-DD: the figures as written up to the end of that day (a donor report rerun as of a date). */
  asOf: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
});
export type FunderSummarySearch = z.output<typeof funderSummarySearch>;
