import { z } from 'zod';
import { personListQuery } from '@amparo/shared/modules/population.schema';
import { LIST_SEARCH_DEFAULTS, PAGE_SIZES } from './list-url';

const q = personListQuery.shape;

/**
 * The list's state as URL search params, so reload and back keep it. Built
 * from the `personListQuery` contract; every field falls back to its default
 * instead of failing, because a hand-edited URL must still open the list.
 * The page reads its route's raw search with `list-search.ts`, which gives the
 * same without zod (its test proves it against this schema).
 */
export const personListSearch = z.object({
  page: q.page.default(LIST_SEARCH_DEFAULTS.page).catch(LIST_SEARCH_DEFAULTS.page),
  pageSize: z.coerce
    .number()
    .int()
    .refine((v) => (PAGE_SIZES as readonly number[]).includes(v))
    .default(LIST_SEARCH_DEFAULTS.pageSize)
    .catch(LIST_SEARCH_DEFAULTS.pageSize),
  q: q.q.catch(undefined),
  sort: q.sort.default(LIST_SEARCH_DEFAULTS.sort).catch(LIST_SEARCH_DEFAULTS.sort),
  order: q.order.default(LIST_SEARCH_DEFAULTS.order).catch(LIST_SEARCH_DEFAULTS.order),
  sex: q.sex.catch(undefined),
  ageGroup: q.ageGroup.catch(undefined),
  thematic: q.thematic.catch(undefined),
  state: q.state.catch(undefined),
  headquarterId: q.headquarterId.catch(undefined),
  status: q.status.default(LIST_SEARCH_DEFAULTS.status).catch(LIST_SEARCH_DEFAULTS.status),
  age: q.age.catch(undefined),
});
export type PersonListSearch = z.output<typeof personListSearch>;
/** What a link to the list may pass. */
export type PersonListSearchInput = z.input<typeof personListSearch>;

/** The page of 'My attentions' in the URL (a hand-edited one falls back to the first). */
export const myAttentionsSearch = z.object({ page: z.coerce.number().int().min(1).default(1).catch(1) });
export type MyAttentionsSearch = z.output<typeof myAttentionsSearch>;
export type MyAttentionsSearchInput = z.input<typeof myAttentionsSearch>;
