import { z } from 'zod';
import { envelope } from '../validation.ts';

const count = z.object({ code: z.string(), count: z.number().int() });

/**
 * Why the population figures are empty (issue 24 section 6, item 7): `no_key`, the user lacks
 * `poblacion_poblacion`; `no_grants`, they hold it but no live grant on any person. Null: the figures are what
 * they can see.
 */
export const POPULATION_EMPTY_REASONS = ['no_key', 'no_grants'] as const;

/**
 * The dashboard (spec section 1 'dashboards'): counts over the persons the user may see (their grants), and a
 * card per other area the user holds (issue 24 section 6, item 7): support for support staff (`soporte_gestion`),
 * the year's POA for planners (`presupuesto_planificacion`); null for an area they do not hold.
 */
export const dashboardResponse = envelope(
  z.object({
    canSeePopulation: z.boolean(),
    populationEmpty: z.enum(POPULATION_EMPTY_REASONS).nullable(),
    total: z.number().int(),
    admitted: z.number().int(),
    departed: z.number().int(),
    bySex: z.array(count),
    byAgeGroup: z.array(count),
    byThematic: z.array(count),
    /** Open tickets (generado to pendiente) and open or resolved ones past a target now. */
    support: z.object({ open: z.number().int(), breached: z.number().int() }).nullable(),
    /** The current year's POA (America/Guatemala): its lines and planned and executed amounts (Q, decimal strings). */
    budget: z
      .object({ year: z.number().int(), lineCount: z.number().int(), planned: z.string(), executed: z.string() })
      .nullable(),
  }),
);
export type Dashboard = z.infer<typeof dashboardResponse>['data'];
