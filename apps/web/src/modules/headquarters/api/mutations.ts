import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Headquarter, headquarterInput, headquarterUpdate } from '@amparo/shared/modules/headquarters.schema';
import { api } from '../../../shared/lib/api';

/** Headquarters also feed the generic `headquarter` dropdown: refresh both. */
function useInvalidateHeadquarters() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['headquarters'] }),
      queryClient.invalidateQueries({ queryKey: ['catalog', 'headquarter'] }),
    ]);
}

export function useCreateHeadquarter() {
  const invalidate = useInvalidateHeadquarters();
  return useMutation({
    mutationFn: (body: z.input<typeof headquarterInput>) => api.post<Headquarter>('headquarters', body),
    onSuccess: invalidate,
  });
}

export function useUpdateHeadquarter(id: string) {
  const invalidate = useInvalidateHeadquarters();
  return useMutation({
    mutationFn: (body: z.input<typeof headquarterUpdate>) =>
      api.put<Headquarter>(`headquarters/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteHeadquarter() {
  const invalidate = useInvalidateHeadquarters();
  return useMutation({
    mutationFn: (id: string) => api.delete<object>(`headquarters/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
