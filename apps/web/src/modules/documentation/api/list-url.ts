/**
 * What the documents list's route needs of its URL state, without zod (the
 * route tree is in every first load, issue 11 item 8); the contracts are in list-search.ts.
 */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DOCUMENT_SORTS = ['documentDate', 'title', 'updatedAt'] as const;

/** Defaults left out of the URL to keep it short. */
export const LIST_SEARCH_DEFAULTS = { page: 1, pageSize: 25, sort: 'documentDate', order: 'desc' } as const;
