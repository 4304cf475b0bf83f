import type { z } from 'zod';
import { cooperatingListQuery } from '@amparo/shared/modules/cooperating.schema';
import { COOPERATING_SEARCH_DEFAULTS } from './list-url';

/**
 * The list's URL state (?q=&page=&active=&age=), checked with the list query contract: a hand-edited URL that
 * does not fit falls back to the defaults. The page reads its route's raw search through it.
 */
export const cooperatingSearch = cooperatingListQuery
  .pick({ q: true, page: true, active: true, age: true })
  .catch(COOPERATING_SEARCH_DEFAULTS);
export type CooperatingSearch = z.output<typeof cooperatingSearch>;
/** What a link to the list may pass. */
export type CooperatingSearchInput = z.input<typeof cooperatingSearch>;

export const COOPERATING_PAGE_SIZE = 25;
