import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Provider, providerInput, providerUpdate } from '@amparo/shared/modules/providers.schema';
import { api } from '../../../shared/lib/api';
import { providerKeys, providerPath } from './queries';

/** A write refreshes every provider query (the lists and the record). */
function useInvalidateProviders() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: providerKeys.all });
}

export function useCreateProvider() {
  const invalidate = useInvalidateProviders();
  return useMutation({
    mutationFn: (body: z.input<typeof providerInput>) => api.post<Provider>('providers', body),
    onSuccess: invalidate,
  });
}

export function useUpdateProvider(id: string) {
  const invalidate = useInvalidateProviders();
  return useMutation({
    mutationFn: (body: z.input<typeof providerUpdate>) => api.put<Provider>(providerPath(id), body),
    onSuccess: invalidate,
  });
}
