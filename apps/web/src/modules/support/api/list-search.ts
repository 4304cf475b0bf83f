import { ITEM_AGES, MAX_INT } from '@amparo/shared/limits';
import { TICKET_LEVELS, TICKET_SORTS, TICKET_STATUSES } from '@amparo/shared/modules/support.constants';
import {
  catalogCodeField,
  intField,
  intOneOf,
  oneOf,
  searchTermField,
  urlParser,
  uuidField,
} from '../../../shared/lib/url-fields';
import type { TicketListSearch } from './list-search.contract';
import { LIST_SEARCH_DEFAULTS as D, PAGE_SIZES } from './list-url';

export type { BoardSearch, BoardSearchInput, TicketListSearch, TicketListSearchInput } from './list-search.contract';

/**
 * The tickets list's state as URL search params (reload and back keep it), read without zod: the list's first load
 * does not build the contract's schemas (issue 24 section 4). Field by field what `ticketListSearch` of
 * `list-search.contract.ts` gives, which `list-search.test.ts` proves; a value that does not fit falls back to its
 * default, so a hand-edited URL still opens the list.
 */
export const ticketListSearch = urlParser<TicketListSearch>({
  page: intField(1, MAX_INT, D.page),
  pageSize: intOneOf(PAGE_SIZES, D.pageSize),
  scope: oneOf(['mine', 'queue'] as const, D.scope),
  q: searchTermField(100),
  status: oneOf([...TICKET_STATUSES, 'open', 'closed'] as const, undefined),
  type: catalogCodeField,
  priority: oneOf(TICKET_LEVELS, undefined),
  criticality: oneOf(TICKET_LEVELS, undefined),
  // A user's id, or `none` for the unassigned.
  assigneeId: (raw) => (raw === 'none' ? 'none' : uuidField(raw)),
  headquarterId: uuidField,
  age: oneOf(ITEM_AGES, undefined),
  breached: oneOf(['true'] as const, undefined),
  sort: oneOf(TICKET_SORTS, D.sort),
  order: oneOf(['asc', 'desc'] as const, D.order),
});

/** Whether the list is narrowed by a search or a filter (not by scope, paging or sorting). */
export function isFiltered(search: TicketListSearch): boolean {
  return Object.entries(search).some(
    ([key, value]) => !['page', 'pageSize', 'scope', 'sort', 'order'].includes(key) && value !== undefined,
  );
}
