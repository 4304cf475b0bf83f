import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  Cooperating,
  CooperatingItem,
  CooperatingItemSummary,
  cooperatingListQuery,
  cooperatingListResponse,
  disbursementListResponse,
  Transaction,
} from '@amparo/shared/modules/cooperating.schema';
import { api } from '../../../shared/lib/api';

type CooperatingListQuery = z.output<typeof cooperatingListQuery>;
type CooperatingPage = z.infer<typeof cooperatingListResponse>['data'];
type DisbursementList = z.infer<typeof disbursementListResponse>['data'];

const base = (id: string) => `cooperating/${encodeURIComponent(id)}`;
const itemPath = (id: string, itemId: string) => `${base(id)}/items/${encodeURIComponent(itemId)}`;

/** Query keys: everything under ['cooperating'] (a write refreshes the lists, the record and its items). */
export const cooperatingKeys = {
  all: ['cooperating'] as const,
  list: (query: CooperatingListQuery) => ['cooperating', 'list', query] as const,
  one: (id: string) => ['cooperating', id] as const,
  items: (id: string) => ['cooperating', id, 'items'] as const,
  item: (id: string, itemId: string) => ['cooperating', id, 'items', itemId] as const,
  transactions: (id: string, itemId: string) => ['cooperating', id, 'items', itemId, 'transactions'] as const,
  disbursements: (id: string) => ['cooperating', id, 'disbursements'] as const,
};

export const getCooperatingListQueryOptions = (query: CooperatingListQuery) =>
  queryOptions({
    queryKey: cooperatingKeys.list(query),
    queryFn: () => api.get<CooperatingPage>('cooperating', { query }),
    // Keep the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useCooperatingList(query: CooperatingListQuery) {
  return useQuery(getCooperatingListQueryOptions(query));
}

export const getCooperatingQueryOptions = (id: string) =>
  queryOptions({ queryKey: cooperatingKeys.one(id), queryFn: () => api.get<Cooperating>(base(id)) });

export function useCooperating(id: string) {
  return useQuery(getCooperatingQueryOptions(id));
}

export const getCooperatingItemsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: cooperatingKeys.items(id),
    queryFn: () => api.get<CooperatingItemSummary[]>(`${base(id)}/items`),
  });

export function useCooperatingItems(id: string) {
  return useQuery(getCooperatingItemsQueryOptions(id));
}

export const getCooperatingItemQueryOptions = (id: string, itemId: string) =>
  queryOptions({
    queryKey: cooperatingKeys.item(id, itemId),
    queryFn: () => api.get<CooperatingItem>(itemPath(id, itemId)),
  });

export function useCooperatingItem(id: string, itemId: string) {
  return useQuery(getCooperatingItemQueryOptions(id, itemId));
}

export const getTransactionsQueryOptions = (id: string, itemId: string) =>
  queryOptions({
    queryKey: cooperatingKeys.transactions(id, itemId),
    queryFn: () => api.get<Transaction[]>(`${itemPath(id, itemId)}/transactions`),
  });

export function useTransactions(id: string, itemId: string) {
  return useQuery(getTransactionsQueryOptions(id, itemId));
}

export const getDisbursementsQueryOptions = (id: string) =>
  queryOptions({
    queryKey: cooperatingKeys.disbursements(id),
    queryFn: () => api.get<DisbursementList>(`${base(id)}/disbursements`),
  });

/** A cooperating's disbursements, newest first, with their totals in its currency and in Q. */
export function useDisbursements(id: string) {
  return useQuery(getDisbursementsQueryOptions(id));
}
