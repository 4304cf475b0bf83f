import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api';

/**
 * `GET /api/app-info`. packages/shared has no contract for it yet, so the
 * shape documented in docs/api.md is typed here until one lands.
 */
export interface AppInfo {
  testBanner: boolean;
  allowedEmailDomains: string[];
  version: string;
}

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
