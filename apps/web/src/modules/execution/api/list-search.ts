import type { z } from 'zod';
import { requestListQuery } from '@amparo/shared/modules/execution.schema';
import { REQUESTS_SEARCH_DEFAULTS } from './list-url';

/**
 * The list's URL state (?q=&status=&type=&year=&month=&urgent=&page=), checked with the list query contract: a
 * hand-edited URL that does not fit falls back to the defaults. The page reads its route's raw search through it.
 */
export const requestsSearch = requestListQuery
  .pick({
    q: true,
    page: true,
    status: true,
    type: true,
    year: true,
    month: true,
    urgent: true,
    scope: true,
    requesterId: true,
  })
  .catch(REQUESTS_SEARCH_DEFAULTS);
export type RequestsSearch = z.output<typeof requestsSearch>;
/** What a link to the list may pass. */
export type RequestsSearchInput = z.input<typeof requestsSearch>;

export const REQUESTS_PAGE_SIZE = 25;
