import { z } from 'zod';
import { activityListQuery } from '@amparo/shared/modules/population-activities.schema';
import { ACTIVITY_PAGE_SIZES, ACTIVITY_SEARCH_DEFAULTS as D } from './list-url';

const q = activityListQuery.shape;

/**
 * The activities list's state as URL search params (reload and back keep it),
 * built from the `activityListQuery` contract; a hand-edited URL falls back
 * to the defaults instead of failing. The page reads its route's raw search
 * through it (`useContractSearch`).
 */
export const activityListSearch = z.object({
  page: q.page.default(D.page).catch(D.page),
  pageSize: z.coerce
    .number()
    .int()
    .refine((v) => (ACTIVITY_PAGE_SIZES as readonly number[]).includes(v))
    .default(D.pageSize)
    .catch(D.pageSize),
  q: q.q.catch(undefined),
  activityType: q.activityType.catch(undefined),
  from: q.from.catch(undefined),
  to: q.to.catch(undefined),
  order: q.order.default(D.order).catch(D.order),
  age: q.age.catch(undefined),
});
export type ActivityListSearch = z.output<typeof activityListSearch>;
/** What a link to the list may pass. */
export type ActivityListSearchInput = z.input<typeof activityListSearch>;
