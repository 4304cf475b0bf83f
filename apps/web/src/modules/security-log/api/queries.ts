import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type {
  failedJobsResponse,
  securityLogQuery,
  securityLogResponse,
} from '@amparo/shared/modules/security-log.schema';
import { api } from '../../../shared/lib/api';

/** What the page asks for: the contract's query, days as YYYY-MM-DD (America/Guatemala). */
type SecurityLogQuery = Pick<z.output<typeof securityLogQuery>, 'kind' | 'from' | 'to' | 'page' | 'pageSize'>;
type SecurityLogPage = z.infer<typeof securityLogResponse>['data'];

export const getSecurityLogQueryOptions = (query: SecurityLogQuery) =>
  queryOptions({
    queryKey: ['security-log', 'list', query],
    queryFn: () => api.get<SecurityLogPage>('security-log', { query }),
    placeholderData: keepPreviousData,
  });

export function useSecurityLog(query: SecurityLogQuery) {
  return useQuery(getSecurityLogQueryOptions(query));
}

type FailedJobs = z.infer<typeof failedJobsResponse>['data'];

/** Background jobs whose retries are spent (issue 12), for the same administrators as the log. */
export function useFailedJobs() {
  return useQuery({
    queryKey: ['security-log', 'failed-jobs'],
    queryFn: () => api.get<FailedJobs>('security-log/failed-jobs'),
  });
}
