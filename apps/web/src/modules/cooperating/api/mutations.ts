import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Cooperating,
  CooperatingItem,
  CooperatingItemSummary,
  cooperatingInput,
  cooperatingItemInput,
  cooperatingItemUpdate,
  cooperatingUpdate,
  Disbursement,
  DisbursementTotals,
  disbursementInput,
  Transaction,
  transactionInput,
} from '@amparo/shared/modules/cooperating.schema';
import { api } from '../../../shared/lib/api';
import { cooperatingKeys } from './queries';

const base = (id: string) => `cooperating/${encodeURIComponent(id)}`;

/** Any write may move a cooperating's totals: refresh every cooperating query. */
function useInvalidateCooperating() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: cooperatingKeys.all });
}

export function useCreateCooperating() {
  const invalidate = useInvalidateCooperating();
  return useMutation({
    mutationFn: (body: z.input<typeof cooperatingInput>) => api.post<Cooperating>('cooperating', body),
    onSuccess: invalidate,
  });
}

export function useUpdateCooperating(id: string) {
  const invalidate = useInvalidateCooperating();
  return useMutation({
    mutationFn: (body: z.input<typeof cooperatingUpdate>) => api.put<Cooperating>(base(id), body),
    onSuccess: invalidate,
  });
}

export function useCreateCooperatingItem(id: string) {
  const invalidate = useInvalidateCooperating();
  return useMutation({
    mutationFn: (body: z.input<typeof cooperatingItemInput>) => api.post<CooperatingItem>(`${base(id)}/items`, body),
    onSuccess: invalidate,
  });
}

export function useUpdateCooperatingItem(id: string, itemId: string) {
  const invalidate = useInvalidateCooperating();
  return useMutation({
    mutationFn: (body: z.input<typeof cooperatingItemUpdate>) =>
      api.put<CooperatingItem>(`${base(id)}/items/${encodeURIComponent(itemId)}`, body),
    onSuccess: invalidate,
  });
}

export function useAddTransaction(id: string, itemId: string) {
  const invalidate = useInvalidateCooperating();
  return useMutation({
    mutationFn: (body: z.input<typeof transactionInput>) =>
      api.post<{ transaction: Transaction; item: CooperatingItemSummary }>(
        `${base(id)}/items/${encodeURIComponent(itemId)}/transactions`,
        body,
      ),
    onSuccess: invalidate,
  });
}

export function useAddDisbursement(id: string) {
  const invalidate = useInvalidateCooperating();
  return useMutation({
    mutationFn: (body: z.input<typeof disbursementInput>) =>
      api.post<{ disbursement: Disbursement; totals: DisbursementTotals }>(`${base(id)}/disbursements`, body),
    onSuccess: invalidate,
  });
}
