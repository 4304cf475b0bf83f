import { todayInGuatemala } from '@amparo/shared/format';

/**
 * What the planning list's route needs of its URL state, without zod (the
 * route tree is in every first load, issue 11 item 8); the contract is in
 * list-search.ts.
 */
export const PLANNING_PAGE_SIZES = [10, 25, 50, 100] as const;

/** The year in America/Guatemala: the list opens on it, and a new line is planned for it. */
export const currentYear = () => Number(todayInGuatemala().slice(0, 4));

/** Defaults left out of the URL to keep it short (the year is the one when the app loaded). */
export const PLANNING_SEARCH_DEFAULTS = {
  page: 1,
  pageSize: 25,
  year: currentYear(),
  sort: 'strategicAxis',
  order: 'asc',
} as const;
