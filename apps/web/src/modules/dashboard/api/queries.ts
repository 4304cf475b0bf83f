import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { dashboardResponse } from '@amparo/shared/modules/dashboard.schema';
import type { InboxItem } from '@amparo/shared/workflow';
import { api } from '../../../shared/lib/api';

export type DashboardData = z.infer<typeof dashboardResponse>['data'];

export const getDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'], queryFn: () => api.get<DashboardData>('dashboard') });

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}

/** GET /api/workflow/inbox: the records waiting for the signed-in user across every workflow, oldest waiting first. */
export function useInbox() {
  return useQuery({
    queryKey: ['workflow', 'inbox'],
    queryFn: ({ signal }) => api.get<InboxItem[]>('workflow/inbox', { signal }),
    staleTime: 30_000,
  });
}
