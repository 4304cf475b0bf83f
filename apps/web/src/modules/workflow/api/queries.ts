import type { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Delegation, DelegationInput, delegationListResponse } from '@amparo/shared/modules/workflow.schema';
import { api } from '../../../shared/lib/api';

type DelegationList = z.infer<typeof delegationListResponse>['data'];

const keys = { all: ['workflow', 'delegations'] as const };

/** The caller's delegations, given and received, and the workflows one may be limited to. */
export const useDelegations = () =>
  useQuery({ queryKey: keys.all, queryFn: () => api.get<DelegationList>('workflow/delegations') });

/** Delegates the caller's approvals; the list and the inbox are asked again. */
export function useCreateDelegation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: DelegationInput) => api.post<Delegation>('workflow/delegations', body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['workflow'] }),
  });
}

/** Ends a delegation now (given or received). */
export function useEndDelegation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Delegation>(`workflow/delegations/${id}/end`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['workflow'] }),
  });
}
