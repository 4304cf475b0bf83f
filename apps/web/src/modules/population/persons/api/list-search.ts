import { PERSON_SORTS } from '@amparo/shared/modules/population.constants';
import { ITEM_AGES, MAX_INT } from '@amparo/shared/limits';
import {
  catalogCodeField,
  intField,
  intOneOf,
  oneOf,
  patternField,
  searchTermField,
  urlParser,
  uuidField,
} from '../../../../shared/lib/url-fields';
import type { PersonListSearch } from './list-search.contract';
import { LIST_SEARCH_DEFAULTS as D, PAGE_SIZES } from './list-url';

export type { PersonListSearch, PersonListSearchInput } from './list-search.contract';

/**
 * The list's state as URL search params (reload and back keep it), read without zod: the first load of the list
 * does not build the contract's schemas (issue 24 section 4). Field by field what `personListSearch` of
 * `list-search.contract.ts` gives, which `list-search.test.ts` proves; a value that does not fit falls back to its
 * default, so a hand-edited URL still opens the list.
 */
export const personListSearch = urlParser<PersonListSearch>({
  page: intField(1, MAX_INT, D.page),
  pageSize: intOneOf(PAGE_SIZES, D.pageSize),
  q: searchTermField(100),
  sort: oneOf(PERSON_SORTS, D.sort),
  order: oneOf(['asc', 'desc'] as const, D.order),
  sex: catalogCodeField,
  ageGroup: catalogCodeField,
  thematic: catalogCodeField,
  state: patternField(/^\d{2}$/, 2, false),
  headquarterId: uuidField,
  status: oneOf(['all', 'admitted', 'departed'] as const, D.status),
  age: oneOf(ITEM_AGES, undefined),
});

/** Whether the list is narrowed by a search or a filter (not by paging or sorting), whatever filters it has. */
export function isFiltered(search: PersonListSearch): boolean {
  const defaults: Record<string, unknown> = D;
  return Object.entries(search).some(
    ([key, value]) =>
      !['page', 'pageSize', 'sort', 'order'].includes(key) && value !== undefined && value !== defaults[key],
  );
}
