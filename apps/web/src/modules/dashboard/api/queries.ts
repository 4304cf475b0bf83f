import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { dashboardResponse } from '@amparo/shared/modules/dashboard.schema';
import { api } from '../../../shared/lib/api';

export type DashboardData = z.infer<typeof dashboardResponse>['data'];

export const getDashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'], queryFn: () => api.get<DashboardData>('dashboard') });

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}
