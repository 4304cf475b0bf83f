/**
 * What the security log's route needs of its URL state, without zod (the route
 * tree is in every first load, issue 11 item 8); the contract is in list-search.ts.
 */
export const SECURITY_LOG_SEARCH_DEFAULTS = { page: 1, from: null, to: null } as const;
