import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppInfo } from '@amparo/shared/modules/auth.schema';
import { api } from '../lib/api';

/** `GET /api/app-info` (test banner, mail domains, photo limit). */
export const getAppInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['app-info'],
    queryFn: () => api.get<AppInfo>('app-info'),
    // Set by the server's environment: it does not change while the page is open.
    staleTime: Infinity,
  });

export function useAppInfo() {
  return useQuery(getAppInfoQueryOptions());
}
