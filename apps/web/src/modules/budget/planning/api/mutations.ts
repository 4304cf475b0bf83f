import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlanningLine, planningLineInput, planningLineUpdate } from '@amparo/shared/modules/budget.schema';
import { api } from '../../../../shared/lib/api';
import { planningKeys, planningPath } from './queries';

/** Any write moves the list's totals: refresh every planning query. */
function useInvalidatePlanning() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: planningKeys.all });
}

/** POST /api/budget/planning: a line and its 12 months, all or nothing. */
export function useCreatePlanningLine() {
  const invalidate = useInvalidatePlanning();
  return useMutation({
    mutationFn: (body: z.output<typeof planningLineInput>) => api.post<PlanningLine>('budget/planning', body),
    onSuccess: invalidate,
  });
}

/** PUT /api/budget/planning/:id with the version read (409 when someone saved first). */
export function useUpdatePlanningLine(id: string) {
  const invalidate = useInvalidatePlanning();
  return useMutation({
    mutationFn: (body: z.output<typeof planningLineUpdate>) => api.put<PlanningLine>(planningPath(id), body),
    onSuccess: invalidate,
  });
}

/** DELETE /api/budget/planning/:id. */
export function useDeletePlanningLine(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<object>(planningPath(id)),
    // The deleted line's own query goes (refetching it would answer 404); the lists refresh.
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: planningKeys.one(id), exact: true });
      await queryClient.invalidateQueries({ queryKey: [...planningKeys.all, 'list'] });
    },
  });
}
