import { z } from 'zod';
import { activityListQuery } from '@amparo/shared/modules/population-activities.schema';

export const ACTIVITY_PAGE_SIZES = [10, 25, 50, 100] as const;

const q = activityListQuery.shape;

/**
 * The activities list's state as URL search params (reload and back keep it),
 * built from the `activityListQuery` contract; a hand-edited URL falls back
 * to the defaults instead of failing.
 */
export const activityListSearch = z.object({
  page: q.page.default(1).catch(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((v) => (ACTIVITY_PAGE_SIZES as readonly number[]).includes(v))
    .default(25)
    .catch(25),
  q: q.q.catch(undefined),
  activityType: q.activityType.catch(undefined),
  from: q.from.catch(undefined),
  to: q.to.catch(undefined),
  order: q.order.default('desc').catch('desc'),
  age: q.age.catch(undefined),
});
export type ActivityListSearch = z.output<typeof activityListSearch>;

/** Defaults left out of the URL to keep it short. */
export const ACTIVITY_SEARCH_DEFAULTS = { page: 1, pageSize: 25, order: 'desc' } as const;
