import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  VoucherRange,
  voucherRangeInput,
  voucherRangeUpdate,
  voucherVoidInput,
} from '@amparo/shared/modules/vouchers.schema';
import { api } from '../../../shared/lib/api';
import { voucherKeys, voucherRangePath } from './queries';

/** A write refreshes every voucher query (the lists, the range and its movements). */
function useInvalidateVouchers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: voucherKeys.all });
}

export function useCreateVoucherRange() {
  const invalidate = useInvalidateVouchers();
  return useMutation({
    mutationFn: (body: z.input<typeof voucherRangeInput>) => api.post<VoucherRange>('vouchers', body),
    onSuccess: invalidate,
  });
}

export function useUpdateVoucherRange(id: string) {
  const invalidate = useInvalidateVouchers();
  return useMutation({
    mutationFn: (body: z.input<typeof voucherRangeUpdate>) => api.put<VoucherRange>(voucherRangePath(id), body),
    onSuccess: invalidate,
  });
}

/** Voids one available number of the range (lost or damaged), with the reason. */
export function useVoidVoucher(id: string) {
  const invalidate = useInvalidateVouchers();
  return useMutation({
    mutationFn: (body: z.input<typeof voucherVoidInput>) =>
      api.post<VoucherRange>(`${voucherRangePath(id)}/void`, body),
    onSuccess: invalidate,
  });
}
