import type { QueryClient } from '@tanstack/react-query';
import type { PlanningSearch } from './list-search';
import { catalogLanguage } from '../../../../shared/hooks/use-catalog';
import { getAllOptionsQueryOptions } from '../../shared/options';
import { getPlanningListQueryOptions } from './queries';

/** The catalogs the planning list's rows name (`PlanningTable`). */
const ROW_CATALOGS = ['strategic_axis', 'program', 'expense_type'];

/**
 * What the planning list's first render waits for on the page load's first navigation (`primeFirstAnswers`), as its
 * hooks ask it (the same query keys): the page of lines of `search` and the catalogs its rows name, in `language`.
 * The boot script asks these first (src/boot/early.ts); the filters' catalogs, the year's plan and the users come
 * after, each drawn where it is used when it arrives.
 */
export function planningFirstAnswers(client: QueryClient, search: PlanningSearch, language: string): Promise<void>[] {
  const lang = catalogLanguage(language);
  return [
    client.prefetchQuery(getPlanningListQueryOptions(search)),
    ...ROW_CATALOGS.map((name) => client.prefetchQuery(getAllOptionsQueryOptions(name, lang))),
  ];
}
