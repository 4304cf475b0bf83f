import type { z } from 'zod';
import { userListQuery } from '@amparo/shared/modules/users.schema';
import { USERS_SEARCH_DEFAULTS } from './list-url';

/**
 * The list's URL state (?q=&page=&active=&age=), checked with the list query
 * contract: a hand-edited URL that does not fit falls back to the defaults.
 * The page reads its route's raw search through it (`useContractSearch`).
 */
export const usersSearch = userListQuery
  .pick({ q: true, page: true, active: true, age: true })
  .catch(USERS_SEARCH_DEFAULTS);
export type UsersSearch = z.output<typeof usersSearch>;
/** What a link to the list may pass. */
export type UsersSearchInput = z.input<typeof usersSearch>;

export const USERS_PAGE_SIZE = 25;
