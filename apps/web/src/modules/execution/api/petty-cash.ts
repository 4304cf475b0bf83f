import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PettyCashCount,
  PettyCashExpense,
  PettyCashFund,
  PettyCashFundDetail,
  pettyCashCountInput,
  pettyCashExpenseInput,
  pettyCashFundInput,
  pettyCashFundUpdate,
} from '@amparo/shared/modules/petty-cash.schema';
import { api } from '../../../shared/lib/api';
import { executionKeys } from './queries';

/** A petty-cash voucher range the request form offers (`GET /api/execution/lookup/voucher-ranges`). */
export interface VoucherRangeOption {
  id: string;
  series: string;
  start: number;
  end: number;
  available: number;
  expiresOn: string;
}

export const pettyCashPath = (id: string) => `execution/petty-cash/${encodeURIComponent(id)}`;

/** Under ['execution', ...]: a request's write (a replenishment) refreshes the funds too. */
export const pettyCashKeys = {
  all: [...executionKeys.all, 'petty-cash'] as const,
  list: () => [...executionKeys.all, 'petty-cash', 'list'] as const,
  one: (id: string) => [...executionKeys.all, 'petty-cash', id] as const,
  voucherRanges: (headquarterId: string) => [...executionKeys.all, 'lookup', 'voucher-ranges', headquarterId] as const,
};

export const getPettyCashFundsQueryOptions = () =>
  queryOptions({
    queryKey: pettyCashKeys.list(),
    queryFn: () => api.get<PettyCashFund[]>('execution/petty-cash'),
  });

/** The funds: every one for administration, the caller's as custodian otherwise. */
export function usePettyCashFunds() {
  return useQuery(getPettyCashFundsQueryOptions());
}

export const getPettyCashFundQueryOptions = (id: string) =>
  queryOptions({
    queryKey: pettyCashKeys.one(id),
    queryFn: () => api.get<PettyCashFundDetail>(pettyCashPath(id)),
  });

/** One fund with its expenses and counts, newest first; `null` id: nothing asked yet. */
export function usePettyCashFund(id: string | null) {
  return useQuery({ ...getPettyCashFundQueryOptions(id ?? ''), enabled: !!id });
}

/** The petty-cash voucher ranges a replenishment of the headquarter's fund may take its number from. */
export function useVoucherRangeLookup(headquarterId: string | null) {
  return useQuery({
    queryKey: pettyCashKeys.voucherRanges(headquarterId ?? ''),
    queryFn: () =>
      api.get<VoucherRangeOption[]>('execution/lookup/voucher-ranges', { query: { headquarterId: headquarterId! } }),
    enabled: !!headquarterId,
  });
}

/** A write refreshes every execution query (the funds, the fund and the requests). */
function useInvalidateExecution() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: executionKeys.all });
}

export function useCreatePettyCashFund() {
  const invalidate = useInvalidateExecution();
  return useMutation({
    mutationFn: (body: z.input<typeof pettyCashFundInput>) =>
      api.post<PettyCashFundDetail>('execution/petty-cash', body),
    onSuccess: invalidate,
  });
}

export function useUpdatePettyCashFund(id: string) {
  const invalidate = useInvalidateExecution();
  return useMutation({
    mutationFn: (body: z.input<typeof pettyCashFundUpdate>) => api.put<PettyCashFundDetail>(pettyCashPath(id), body),
    onSuccess: invalidate,
  });
}

export function useAddPettyCashExpense(id: string) {
  const invalidate = useInvalidateExecution();
  return useMutation({
    mutationFn: (body: z.input<typeof pettyCashExpenseInput>) =>
      api.post<PettyCashExpense>(`${pettyCashPath(id)}/expenses`, body),
    onSuccess: invalidate,
  });
}

export function useRemovePettyCashExpense(id: string) {
  const invalidate = useInvalidateExecution();
  return useMutation({
    mutationFn: (expenseId: string) =>
      api.delete<unknown>(`${pettyCashPath(id)}/expenses/${encodeURIComponent(expenseId)}`),
    onSuccess: invalidate,
  });
}

export function useRecordPettyCashCount(id: string) {
  const invalidate = useInvalidateExecution();
  return useMutation({
    mutationFn: (body: z.input<typeof pettyCashCountInput>) =>
      api.post<PettyCashCount>(`${pettyCashPath(id)}/counts`, body),
    onSuccess: invalidate,
  });
}
