import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agreement, agreementInput, agreementUpdate } from '@amparo/shared/modules/framework-agreements.schema';
import type { Provider, providerInput, providerUpdate } from '@amparo/shared/modules/providers.schema';
import { api } from '../../../shared/lib/api';
import { agreementPath, agreementsPath, providerKeys, providerPath } from './queries';

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

/** A write of an agreement refreshes every provider query too (its list and the record under the provider). */
export function useCreateAgreement(id: string) {
  const invalidate = useInvalidateProviders();
  return useMutation({
    mutationFn: (body: z.input<typeof agreementInput>) => api.post<Agreement>(agreementsPath(id), body),
    onSuccess: invalidate,
  });
}

export function useUpdateAgreement(id: string, agreementId: string) {
  const invalidate = useInvalidateProviders();
  return useMutation({
    mutationFn: (body: z.input<typeof agreementUpdate>) => api.put<Agreement>(agreementPath(id, agreementId), body),
    onSuccess: invalidate,
  });
}
