/**
 * What the tickets list's route needs of its URL state, without zod (the route
 * tree is in every first load, issue 11 item 8); the contracts are in list-search.ts.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/** Defaults left out of the URL to keep it short. */
export const LIST_SEARCH_DEFAULTS = {
  page: 1,
  pageSize: 25,
  scope: 'mine',
  sort: 'createdAt',
  order: 'desc',
} as const;
