import { z } from 'zod';
import { ticketBoardQuery, ticketListQuery } from '@amparo/shared/modules/support.schema';
import { LIST_SEARCH_DEFAULTS as D, PAGE_SIZES } from './list-url';

const q = ticketListQuery.shape;

/**
 * The tickets list's state as URL search params (reload and back keep it),
 * built from the `ticketListQuery` contract. Every field falls back to its
 * default instead of failing, so a hand-edited URL still opens the list. The
 * list page reads its route's raw search with `list-search.ts`, which gives
 * the same without zod (its test proves it against this schema).
 */
export const ticketListSearch = z.object({
  page: q.page.default(D.page).catch(D.page),
  pageSize: z.coerce
    .number()
    .int()
    .refine((v) => (PAGE_SIZES as readonly number[]).includes(v))
    .default(D.pageSize)
    .catch(D.pageSize),
  scope: q.scope.default(D.scope).catch(D.scope),
  q: q.q.catch(undefined),
  status: q.status.catch(undefined),
  type: q.type.catch(undefined),
  priority: q.priority.catch(undefined),
  criticality: q.criticality.catch(undefined),
  assigneeId: q.assigneeId.catch(undefined),
  headquarterId: q.headquarterId.catch(undefined),
  age: q.age.catch(undefined),
  breached: q.breached.catch(undefined),
  sort: q.sort.default(D.sort).catch(D.sort),
  order: q.order.default(D.order).catch(D.order),
});
export type TicketListSearch = z.output<typeof ticketListSearch>;
/** What a link to the list may pass. */
export type TicketListSearchInput = z.input<typeof ticketListSearch>;

/** The board's filters in the URL (the queue's, without paging). */
const b = ticketBoardQuery.shape;
export const boardSearch = z.object({
  q: b.q.catch(undefined),
  type: b.type.catch(undefined),
  priority: b.priority.catch(undefined),
  criticality: b.criticality.catch(undefined),
  assigneeId: b.assigneeId.catch(undefined),
  headquarterId: b.headquarterId.catch(undefined),
});
export type BoardSearch = z.output<typeof boardSearch>;
export type BoardSearchInput = z.input<typeof boardSearch>;
