import type { z } from 'zod';
import { securityLogQuery } from '@amparo/shared/modules/security-log.schema';
import { SECURITY_LOG_SEARCH_DEFAULTS } from './list-url';

/**
 * The log's URL state (?kind=&from=&to=&page=), checked with the query
 * contract: a hand-edited URL that does not fit falls back to the defaults.
 * The page reads its route's raw search through it (`useContractSearch`).
 */
export const securityLogSearch = securityLogQuery
  .pick({ kind: true, from: true, to: true, page: true })
  .catch(SECURITY_LOG_SEARCH_DEFAULTS);
export type SecurityLogSearch = z.output<typeof securityLogSearch>;
/** What a link to the log may pass. */
export type SecurityLogSearchInput = z.input<typeof securityLogSearch>;

export const SECURITY_LOG_PAGE_SIZE = 50;
