/**
 * What the requests list's route needs of its URL state, without zod (the route tree is in every first load,
 * issue 11 item 8); the contract is in list-search.ts.
 */
export const REQUESTS_SEARCH_DEFAULTS = { page: 1, scope: 'mine' } as const;
