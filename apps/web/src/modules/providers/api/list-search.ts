import type { z } from 'zod';
import { providerListQuery } from '@amparo/shared/modules/providers.schema';
import { PROVIDERS_SEARCH_DEFAULTS } from './list-url';

/**
 * The list's URL state (?q=&page=&active=), checked with the list query contract: a hand-edited URL that does
 * not fit falls back to the defaults. The page reads its route's raw search through it.
 */
export const providersSearch = providerListQuery
  .pick({ q: true, page: true, active: true })
  .catch(PROVIDERS_SEARCH_DEFAULTS);
export type ProvidersSearch = z.output<typeof providersSearch>;
/** What a link to the list may pass. */
export type ProvidersSearchInput = z.input<typeof providersSearch>;

export const PROVIDERS_PAGE_SIZE = 25;
