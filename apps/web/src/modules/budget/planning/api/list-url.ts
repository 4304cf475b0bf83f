import { currentYear } from '../../shared/years';

/**
 * What the planning list's route needs of its URL state, without zod (the
 * route tree is in every first load, issue 11 item 8); the contract is in
 * list-search.ts.
 */
export const PLANNING_PAGE_SIZES = [10, 25, 50, 100] as const;

let loadYear: number | undefined;

/**
 * Defaults left out of the URL to keep it short (the year is the one when it was first asked for). The year is
 * worked out on first read, not as the route tree loads: its time-zone formatter costs about 30 ms of every first
 * load's main thread, whatever the page (issue 24 section 4).
 */
export const PLANNING_SEARCH_DEFAULTS = {
  page: 1 as const,
  pageSize: 25 as const,
  get year(): number {
    return (loadYear ??= currentYear());
  },
  sort: 'strategicAxis' as const,
  order: 'asc' as const,
};
