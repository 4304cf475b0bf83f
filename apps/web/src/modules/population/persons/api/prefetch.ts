import type { QueryClient } from '@tanstack/react-query';
import { prefetchCatalogs } from '../../../../shared/hooks/use-catalog';
import { personListSearch } from './list-search';
import { getPersonsQueryOptions } from './list-query';

/**
 * Starts the persons list's request for a URL's raw search (the list route's
 * loader): the same contract parse and query key as the page's `usePersons`,
 * so the page's query takes this request over instead of making a second one.
 * A failure is left to the page's own query, which shows it. The catalogs of
 * the list's filters and cells start beside it. Returns the promises of what
 * the rows show (the page and its cells' catalogs), which the page load's first
 * navigation waits for (`primeFirstAnswers`; the boot script asks them first:
 * src/boot/early.ts).
 */
export function prefetchPersons(queryClient: QueryClient, rawSearch: object): Promise<void>[] {
  const rows = [
    queryClient.prefetchQuery(getPersonsQueryOptions(personListSearch.parse(rawSearch))),
    ...prefetchCatalogs(queryClient, ['sex', 'age_group', 'thematic']),
  ];
  prefetchCatalogs(queryClient, ['department', 'headquarter']);
  return rows;
}
