import { z } from 'zod';
import { envelope } from '../validation.ts';

const count = z.object({ code: z.string(), count: z.number().int() });

/** Counts over the persons the user may see (their grants), spec section 1 'dashboards'. */
export const dashboardResponse = envelope(
  z.object({
    canSeePopulation: z.boolean(),
    total: z.number().int(),
    admitted: z.number().int(),
    departed: z.number().int(),
    bySex: z.array(count),
    byAgeGroup: z.array(count),
    byThematic: z.array(count),
  }),
);
