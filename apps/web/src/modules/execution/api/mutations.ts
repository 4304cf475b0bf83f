import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ExpenseRequest,
  quoteInput,
  requestInput,
  requestTransitionInput,
  requestUpdate,
} from '@amparo/shared/modules/execution.schema';
import { api } from '../../../shared/lib/api';
import { executionKeys, requestPath } from './queries';

/** A write refreshes every execution query (the lists, the record and the lines' available amounts). */
function useInvalidateExecution() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: executionKeys.all });
}

export function useCreateRequest() {
  const invalidate = useInvalidateExecution();
  return useMutation({
    mutationFn: (body: z.input<typeof requestInput>) => api.post<ExpenseRequest>('execution/requests', body),
    onSuccess: invalidate,
  });
}

export function useUpdateRequest(id: string) {
  const invalidate = useInvalidateExecution();
  return useMutation({
    mutationFn: (body: z.input<typeof requestUpdate>) => api.put<ExpenseRequest>(requestPath(id), body),
    onSuccess: invalidate,
  });
}

/** Moves a request along its approval chain (`POST /api/execution/requests/:id/transition`). */
export function useTransitionRequest(id: string) {
  const invalidate = useInvalidateExecution();
  return useMutation({
    mutationFn: (body: z.input<typeof requestTransitionInput>) =>
      api.post<ExpenseRequest>(`${requestPath(id)}/transition`, body),
    onSuccess: invalidate,
  });
}

/** Writes a provider's quote for a purchase order waiting for its comparative table. */
export function useSaveQuote(id: string) {
  const invalidate = useInvalidateExecution();
  return useMutation({
    mutationFn: ({ providerId, body }: { providerId: string; body: z.input<typeof quoteInput> }) =>
      api.put<ExpenseRequest>(`${requestPath(id)}/quotes/${providerId}`, body),
    onSuccess: invalidate,
  });
}
