import type { SearchSchemaInput } from '@tanstack/react-router';
import type { z } from 'zod';
import { securityLogQuery } from '@amparo/shared/modules/security-log.schema';

/** The log's URL state (?kind=&from=&to=&page=), checked with the query contract. */
const searchSchema = securityLogQuery.pick({ kind: true, from: true, to: true, page: true });
export type SecurityLogSearch = z.output<typeof searchSchema>;

export const SECURITY_LOG_SEARCH_DEFAULTS = { page: 1, from: null, to: null } as const satisfies SecurityLogSearch;

/** Every field may be left out of a link (the defaults apply); a hand-edited URL falls back to the defaults. */
export function securityLogSearch(
  search: Partial<Record<keyof SecurityLogSearch, unknown>> & SearchSchemaInput,
): SecurityLogSearch {
  const parsed = searchSchema.safeParse(search);
  return parsed.success ? parsed.data : SECURITY_LOG_SEARCH_DEFAULTS;
}

export const SECURITY_LOG_PAGE_SIZE = 50;
