import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { planningLineOptionsResponse } from '@amparo/shared/modules/population-activities.schema';
import { api } from '../../../../shared/lib/api';

/** A planning line an activity or attention may execute: `value` its id, `label` 'AXIS / PROGRAM – description'. */
export type PlanningLineOption = z.infer<typeof planningLineOptionsResponse>['data'][number];

/** Query keys under ['population', 'planning-lines'] (the module's prefix: a population-wide refresh reaches them). */
export const planningLineKeys = {
  all: ['population', 'planning-lines'] as const,
  search: (year: number, q: string) => ['population', 'planning-lines', year, q] as const,
};

/** GET /api/population/planning-lines?year=&q=: at most 20 lines of `year` matching `q` (the first 20 without). */
export const getPlanningLineOptionsQueryOptions = (year: number, q: string) =>
  queryOptions({
    queryKey: planningLineKeys.search(year, q),
    queryFn: ({ signal }) =>
      api.get<PlanningLineOption[]>('population/planning-lines', { query: { year, q: q || undefined }, signal }),
    staleTime: 60_000,
  });

/** The lines of `year` matching `q`; idle while the year is unknown (no valid date yet). */
export function usePlanningLineOptions(year: number | null, q: string) {
  return useQuery({ ...getPlanningLineOptionsQueryOptions(year ?? 0, q), enabled: year !== null });
}

/** 'YYYY-MM-DD…' → its year; null while the date is not complete. */
export function yearOfDate(date: string | null | undefined): number | null {
  const match = date ? /^(\d{4})-\d{2}-\d{2}/.exec(date) : null;
  return match ? Number(match[1]) : null;
}
