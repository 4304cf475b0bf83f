import type { SearchSchemaInput } from '@tanstack/react-router';
import type { z } from 'zod';
import { userListQuery } from '@amparo/shared/modules/users.schema';

/** The list's URL state (?q=&page=&active=&age=), checked with the list query contract. */
const searchSchema = userListQuery.pick({ q: true, page: true, active: true, age: true });
export type UsersSearch = z.output<typeof searchSchema>;

export const USERS_SEARCH_DEFAULTS = { page: 1, active: 'all' } as const satisfies UsersSearch;

/** Every field may be left out of a link (the defaults apply); a hand-edited URL falls back to the defaults. */
export function usersSearch(search: Partial<Record<keyof UsersSearch, unknown>> & SearchSchemaInput): UsersSearch {
  const parsed = searchSchema.safeParse(search);
  return parsed.success ? parsed.data : USERS_SEARCH_DEFAULTS;
}

export const USERS_PAGE_SIZE = 25;
