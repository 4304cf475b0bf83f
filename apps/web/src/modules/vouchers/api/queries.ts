import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  VoucherRange,
  voucherMovementListResponse,
  voucherMovementQuery,
  voucherRangeListQuery,
  voucherRangeListResponse,
} from '@amparo/shared/modules/vouchers.schema';
import { api } from '../../../shared/lib/api';

type VoucherRangeListQuery = z.output<typeof voucherRangeListQuery>;
type VoucherRangePage = z.infer<typeof voucherRangeListResponse>['data'];
type VoucherMovementQuery = z.output<typeof voucherMovementQuery>;
type VoucherMovementPage = z.infer<typeof voucherMovementListResponse>['data'];

export const voucherRangePath = (id: string) => `vouchers/${encodeURIComponent(id)}`;

/** Query keys: everything under ['vouchers'] (a write refreshes the lists, the range and its movements). */
export const voucherKeys = {
  all: ['vouchers'] as const,
  list: (query: VoucherRangeListQuery) => ['vouchers', 'list', query] as const,
  one: (id: string) => ['vouchers', id] as const,
  movements: (id: string, query: VoucherMovementQuery) => ['vouchers', id, 'movements', query] as const,
};

export const getVoucherRangeListQueryOptions = (query: VoucherRangeListQuery) =>
  queryOptions({
    queryKey: voucherKeys.list(query),
    queryFn: () => api.get<VoucherRangePage>('vouchers', { query }),
    // Keep the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useVoucherRangeList(query: VoucherRangeListQuery) {
  return useQuery(getVoucherRangeListQueryOptions(query));
}

export const getVoucherRangeQueryOptions = (id: string) =>
  queryOptions({ queryKey: voucherKeys.one(id), queryFn: () => api.get<VoucherRange>(voucherRangePath(id)) });

export function useVoucherRange(id: string) {
  return useQuery(getVoucherRangeQueryOptions(id));
}

export const getVoucherMovementsQueryOptions = (id: string, query: VoucherMovementQuery) =>
  queryOptions({
    queryKey: voucherKeys.movements(id, query),
    queryFn: () => api.get<VoucherMovementPage>(`${voucherRangePath(id)}/movements`, { query }),
    placeholderData: keepPreviousData,
  });

export function useVoucherMovements(id: string, query: VoucherMovementQuery) {
  return useQuery(getVoucherMovementsQueryOptions(id, query));
}
