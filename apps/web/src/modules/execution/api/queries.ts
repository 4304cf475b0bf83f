import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  ExpenseRequest,
  LineAvailability,
  requestInboxQuery,
  requestInboxResponse,
  requestListQuery,
  requestListResponse,
} from '@amparo/shared/modules/execution.schema';
import { api } from '../../../shared/lib/api';

type RequestListQuery = z.output<typeof requestListQuery>;
type RequestPage = z.infer<typeof requestListResponse>['data'];
type RequestInboxQuery = z.output<typeof requestInboxQuery>;
type RequestInboxPage = z.infer<typeof requestInboxResponse>['data'];
export interface ProviderOption {
  id: string;
  name: string;
  nit: string;
}

export const requestPath = (id: string) => `execution/requests/${encodeURIComponent(id)}`;

/** Query keys: everything under ['execution'] (a write refreshes the lists, the record and the lines' figures). */
export const executionKeys = {
  all: ['execution'] as const,
  list: (query: RequestListQuery) => ['execution', 'requests', 'list', query] as const,
  one: (id: string) => ['execution', 'requests', id] as const,
  inbox: (query: RequestInboxQuery) => ['execution', 'inbox', query] as const,
  lines: (year: number, month: number, q: string) => ['execution', 'lookup', 'lines', year, month, q] as const,
  providers: (q: string) => ['execution', 'lookup', 'providers', q] as const,
};

export const getRequestListQueryOptions = (query: RequestListQuery) =>
  queryOptions({
    queryKey: executionKeys.list(query),
    queryFn: () => api.get<RequestPage>('execution/requests', { query }),
    // Keep the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** The caller's own requests, newest first. */
export function useRequestList(query: RequestListQuery) {
  return useQuery(getRequestListQueryOptions(query));
}

/** The requests waiting for the caller's approval (or a principal's), urgent first, with counts per stage. */
export function useRequestInbox(query: RequestInboxQuery) {
  return useQuery({
    queryKey: executionKeys.inbox(query),
    queryFn: () => api.get<RequestInboxPage>('execution/inbox', { query }),
    placeholderData: keepPreviousData,
  });
}

export const getRequestQueryOptions = (id: string) =>
  queryOptions({ queryKey: executionKeys.one(id), queryFn: () => api.get<ExpenseRequest>(requestPath(id)) });

export function useExpenseRequest(id: string) {
  return useQuery(getRequestQueryOptions(id));
}

/** The year's planning lines (at most 50) with their planned, assigned and available amounts in the month. */
export function useLineLookup(year: number, month: number, q = '') {
  return useQuery({
    queryKey: executionKeys.lines(year, month, q),
    queryFn: ({ signal }) =>
      api.get<LineAvailability[]>('execution/lookup/lines', { query: { year, month, q }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Active providers (at most 20) matching `q` by name or NIT. */
export function useProviderLookup(q: string) {
  return useQuery({
    queryKey: executionKeys.providers(q),
    queryFn: ({ signal }) => api.get<ProviderOption[]>('execution/lookup/providers', { query: { q }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
