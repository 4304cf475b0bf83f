import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CarryForward,
  carryForwardInput,
  carryForwardTransitionInput,
} from '@amparo/shared/modules/assignment.schema';
import type { FunderSummary } from '@amparo/shared/modules/budget-summary.schema';
import { api } from '../../../shared/lib/api';

export type { CarryForward };

/** Query keys under ['budget', 'carry-forwards']: a request or a decision refreshes every list. */
export const carryForwardKeys = {
  all: ['budget', 'carry-forwards'] as const,
  list: (year: number | undefined) => ['budget', 'carry-forwards', 'list', year ?? null] as const,
  funders: (year: number) => ['budget', 'carry-forwards', 'funders', year] as const,
};

/** GET /api/budget/carry-forwards?year=: from or to that year (every year without), newest first. */
export const getCarryForwardsQueryOptions = (year: number | undefined) =>
  queryOptions({
    queryKey: carryForwardKeys.list(year),
    queryFn: ({ signal }) => api.get<CarryForward[]>('budget/carry-forwards', { query: { year }, signal }),
  });

export function useCarryForwards(year: number | undefined) {
  return useQuery(getCarryForwardsQueryOptions(year));
}

/**
 * The cooperating and their items with what each has left in `year` (GET /api/budget/summary/funders, key
 * asignacion, which asignacion_transacciones implies): the request form's item picker.
 */
export function useFunderItems(year: number | null) {
  return useQuery({
    queryKey: carryForwardKeys.funders(year ?? 0),
    queryFn: ({ signal }) => api.get<FunderSummary>('budget/summary/funders', { query: { year: year ?? 0 }, signal }),
    enabled: year !== null,
    staleTime: 30_000,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: carryForwardKeys.all });
}

/** POST /api/budget/carry-forwards: 400 year_not_closed / outside_agreement, 409 carry_exceeded on the amount. */
export function useRequestCarryForward() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: z.output<typeof carryForwardInput>) => api.post<CarryForward>('budget/carry-forwards', body),
    onSuccess: invalidate,
  });
}

/**
 * POST /api/budget/carry-forwards/:id/transition: approve or reject (reason), by another approver (else 403), or for
 * whoever delegated to the caller (`actingFor`); 409 `stale_transition` when it moved since `version`.
 */
export function useDecideCarryForward() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.input<typeof carryForwardTransitionInput> }) =>
      api.post<CarryForward>(`budget/carry-forwards/${encodeURIComponent(id)}/transition`, body),
    onSuccess: invalidate,
  });
}

/** Refetches every carry-forward list (a stale decision's reload). */
export function useReloadCarryForwards() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: carryForwardKeys.all });
}
