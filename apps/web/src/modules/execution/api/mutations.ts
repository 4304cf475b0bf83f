import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ExpenseRequest, requestInput, requestUpdate } from '@amparo/shared/modules/execution.schema';
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
