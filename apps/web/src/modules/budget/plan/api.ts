import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PlanYear, planTransitionInput } from '@amparo/shared/modules/plan.schema';
import { api } from '../../../shared/lib/api';

/** Query keys of a year's plan: under ['budget', 'plans'], so any budget-wide refresh reloads them too. */
export const planKeys = {
  all: ['budget', 'plans'] as const,
  one: (year: number) => ['budget', 'plans', year] as const,
};

export const getPlanYearQueryOptions = (year: number) =>
  queryOptions({
    queryKey: planKeys.one(year),
    queryFn: ({ signal }) => api.get<PlanYear>(`budget/plans/${year}`, { signal }),
  });

/**
 * GET /api/budget/plans/:year: the year's status, revision in force, the transitions the user may take, the
 * approved revisions and the history. `enabled` false while no valid year is chosen.
 */
export function usePlanYear(year: number | null) {
  return useQuery({ ...getPlanYearQueryOptions(year ?? 0), enabled: year !== null });
}

/**
 * POST /api/budget/plans/:year/transition with the version read (409 `stale_transition` when someone moved the
 * plan first). The answer is the plan as it now stands; the summaries of the year are refreshed.
 */
export function useTransitionPlan(year: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof planTransitionInput>) =>
      api.post<PlanYear>(`budget/plans/${year}/transition`, body),
    onSuccess: (plan) => {
      queryClient.setQueryData(planKeys.one(year), plan);
      void queryClient.invalidateQueries({ queryKey: ['budget', 'summary'] });
    },
  });
}

/** Whether lines of the year may change now (a draft); unknown (still loading) counts as editable. */
export const isEditable = (plan: PlanYear | undefined) => !plan || plan.status === 'draft';
