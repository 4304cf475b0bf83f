import { MAX_INT } from '@amparo/shared/limits';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN, PLANNING_SORTS } from '@amparo/shared/modules/budget.constants';
import { catalogCodeField, intField, intOneOf, oneOf, urlParser, uuidField } from '../../../../shared/lib/url-fields';
import type { PlanningSearch } from './list-search.contract';
import { PLANNING_PAGE_SIZES, PLANNING_SEARCH_DEFAULTS as D } from './list-url';

export type { PlanningSearch, PlanningSearchInput } from './list-search.contract';

/**
 * The planning list's state as URL search params (reload and back keep it), read without zod: the list's first
 * load does not build the contract's schemas (issue 24 section 4). Field by field what `planningSearch` of
 * `list-search.contract.ts` gives, which `list-search.test.ts` proves; a value that does not fit falls back to its
 * default, so a hand-edited URL still opens the list.
 */
export const planningSearch = urlParser<PlanningSearch>({
  page: intField(1, MAX_INT, D.page),
  pageSize: intOneOf(PLANNING_PAGE_SIZES, D.pageSize),
  // The default year is the current one, read when first needed (list-url.ts).
  year: (raw) => intField(PLAN_YEAR_MIN, PLAN_YEAR_MAX, D.year)(raw),
  strategicAxis: catalogCodeField,
  program: catalogCodeField,
  expenseType: catalogCodeField,
  responsibleId: uuidField,
  headquarterId: uuidField,
  cooperatingId: uuidField,
  sort: oneOf(PLANNING_SORTS, D.sort),
  order: oneOf(['asc', 'desc'] as const, D.order),
});

/** Whether the list is narrowed by a filter besides the year. */
export function isFiltered(search: PlanningSearch): boolean {
  return !!(
    search.strategicAxis ||
    search.program ||
    search.expenseType ||
    search.responsibleId ||
    search.headquarterId ||
    search.cooperatingId
  );
}
