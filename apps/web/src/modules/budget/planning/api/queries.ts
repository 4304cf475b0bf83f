import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanningLine, planningListResponse } from '@amparo/shared/modules/budget.schema';
import { api } from '../../../../shared/lib/api';
import type { PlanningSearch } from './list-search';

/** The list's query (`planningListQuery`'s fields) as the URL holds it. */
type PlanningListQuery = PlanningSearch;
/** A page of lines with `totals` (amount per month and total, Q, over every match). */
export type PlanningPage = z.infer<typeof planningListResponse>['data'];

export const planningPath = (id: string) => `budget/planning/${encodeURIComponent(id)}`;
/** The line form's user pickers (presupuesto_planificacion is enough). */
export const BUDGET_USERS_PATH = 'budget/lookup/users';

/** Query keys: everything under ['budget', 'planning'] (a write refreshes the lists and the line). */
export const planningKeys = {
  all: ['budget', 'planning'] as const,
  list: (query: PlanningListQuery) => ['budget', 'planning', 'list', query] as const,
  one: (id: string) => ['budget', 'planning', id] as const,
};

export const getPlanningListQueryOptions = (query: PlanningListQuery) =>
  queryOptions({
    queryKey: planningKeys.list(query),
    queryFn: ({ signal }) => api.get<PlanningPage>('budget/planning', { query, signal }),
    // Keep the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** GET /api/budget/planning with the list's filters, sort and page. */
export function usePlanningList(query: PlanningListQuery) {
  return useQuery(getPlanningListQueryOptions(query));
}

export const getPlanningLineQueryOptions = (id: string) =>
  queryOptions({
    queryKey: planningKeys.one(id),
    queryFn: ({ signal }) => api.get<PlanningLine>(planningPath(id), { signal }),
  });

/** GET /api/budget/planning/:id: the line with its 12 months and totals. */
export function usePlanningLine(id: string) {
  return useQuery(getPlanningLineQueryOptions(id));
}

/** The scope of a planned total: a year, and within it a program or a strategic axis. */
export interface PlannedScope {
  year: number;
  program?: string;
  strategicAxis?: string;
}

/**
 * The planned total (Q) of every saved line of a scope: GET /api/budget/planning with its filters and one row,
 * read from `totals.total`. Under the planning keys, so any write refreshes it. `null`: not asked yet.
 */
export function usePlannedTotal(scope: PlannedScope | null) {
  return useQuery({
    queryKey: [...planningKeys.all, 'total', scope] as const,
    queryFn: ({ signal }) =>
      api
        .get<PlanningPage>('budget/planning', { query: { ...scope, page: 1, pageSize: 1 }, signal })
        .then((page) => page.totals.total),
    enabled: scope !== null,
  });
}
