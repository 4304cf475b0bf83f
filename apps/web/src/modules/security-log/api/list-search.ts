import type { z } from 'zod';
import { securityLogQuery } from '@amparo/shared/modules/security-log.schema';

/** The log's URL state (?kind=&from=&to=&page=), checked with the query contract. */
const searchSchema = securityLogQuery.pick({ kind: true, from: true, to: true, page: true });
export type SecurityLogSearch = z.output<typeof searchSchema>;

export const SECURITY_LOG_SEARCH_DEFAULTS = { page: 1, from: null, to: null } as const satisfies SecurityLogSearch;

export function securityLogSearch(search: Record<string, unknown>): SecurityLogSearch {
  const parsed = searchSchema.safeParse(search);
  return parsed.success ? parsed.data : SECURITY_LOG_SEARCH_DEFAULTS;
}

export const SECURITY_LOG_PAGE_SIZE = 50;
