import { z } from 'zod';
import { personListQuery } from '@amparo/shared/modules/population.schema';

export const PAGE_SIZES = [10, 25, 50, 100] as const;

const q = personListQuery.shape;

/**
 * The list's state as URL search params, so reload and back keep it. Built
 * from the `personListQuery` contract; every field falls back to its default
 * instead of failing, because a hand-edited URL must still open the list.
 */
export const personListSearch = z.object({
  page: q.page.default(1).catch(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((v) => (PAGE_SIZES as readonly number[]).includes(v))
    .default(25)
    .catch(25),
  q: q.q.catch(undefined),
  sort: q.sort.default('createdAt').catch('createdAt'),
  order: q.order.default('desc').catch('desc'),
  sex: q.sex.catch(undefined),
  ageGroup: q.ageGroup.catch(undefined),
  thematic: q.thematic.catch(undefined),
  state: q.state.catch(undefined),
  headquarterId: q.headquarterId.catch(undefined),
  status: q.status.default('all').catch('all'),
  age: q.age.catch(undefined),
});
export type PersonListSearch = z.output<typeof personListSearch>;

/** Defaults left out of the URL to keep it short. */
export const LIST_SEARCH_DEFAULTS = { page: 1, pageSize: 25, sort: 'createdAt', order: 'desc', status: 'all' } as const;

/** Whether the list is narrowed by a search or a filter (not by paging or sorting), whatever filters it has. */
export function isFiltered(search: PersonListSearch): boolean {
  const defaults: Record<string, unknown> = LIST_SEARCH_DEFAULTS;
  return Object.entries(search).some(
    ([key, value]) =>
      !['page', 'pageSize', 'sort', 'order'].includes(key) && value !== undefined && value !== defaults[key],
  );
}

/** The page of 'My attentions' in the URL (a hand-edited one falls back to the first). */
export const myAttentionsSearch = z.object({ page: z.coerce.number().int().min(1).default(1).catch(1) });
export type MyAttentionsSearch = z.output<typeof myAttentionsSearch>;
