import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { perDiemInput, perDiemUpdate, RequestPerDiems } from '@amparo/shared/modules/per-diems.schema';
import { api } from '../../../shared/lib/api';
import { invoicesKey } from './invoices';
import { executionKeys, requestPath } from './queries';

const perDiemsKey = (id: string) => [...executionKeys.one(id), 'per-diems'] as const;
const perDiemsPath = (id: string) => `${requestPath(id)}/per-diems`;

/** A travel request's per diems, their total and the daily maximum in force on its departure (issue 27 section 1). */
export const getRequestPerDiemsQueryOptions = (id: string) =>
  queryOptions({ queryKey: perDiemsKey(id), queryFn: () => api.get<RequestPerDiems>(perDiemsPath(id)) });

export function useRequestPerDiems(id: string, enabled = true) {
  return useQuery({ ...getRequestPerDiemsQueryOptions(id), enabled });
}

/**
 * Records, rewrites or removes one per diem; each answers the request's per diems, which replace the cached ones,
 * and refetches the invoices' sums, whose refund and excess count the per diems.
 */
export function usePerDiemWrites(id: string) {
  const queryClient = useQueryClient();
  const onSuccess = async (data: RequestPerDiems) => {
    queryClient.setQueryData(perDiemsKey(id), data);
    await queryClient.invalidateQueries({ queryKey: invoicesKey(id) });
  };
  return {
    add: useMutation({
      mutationFn: (body: z.input<typeof perDiemInput>) => api.post<RequestPerDiems>(perDiemsPath(id), body),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: ({ perDiemId, body }: { perDiemId: string; body: z.input<typeof perDiemUpdate> }) =>
        api.put<RequestPerDiems>(`${perDiemsPath(id)}/${encodeURIComponent(perDiemId)}`, body),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (perDiemId: string) =>
        api.delete<RequestPerDiems>(`${perDiemsPath(id)}/${encodeURIComponent(perDiemId)}`),
      onSuccess,
    }),
  };
}
