/**
 * What the vouchers screens' routes need of their URL state, without zod (the route tree is in every first load,
 * issue 11 item 8); the contracts are in list-search.ts.
 */
export const VOUCHERS_SEARCH_DEFAULTS = { page: 1, state: 'all' } as const;
export const VOUCHER_MOVEMENTS_SEARCH_DEFAULTS = { page: 1 } as const;
