import type { QueryClient } from '@tanstack/react-query';
import { getUserOptionsQueryOptions } from '../../../shared/ui/user-picker';
import { getPlanYearQueryOptions } from '../plan/api';
import type { PlanningSearch } from './list-search';
import { getAllOptionsQueryOptions, optionsLanguage } from './options';
import { BUDGET_USERS_PATH, getPlanningListQueryOptions } from './queries';

/** The catalogs the planning list's filters and rows name (`PlanningFilters`, `PlanningTable`). */
const LIST_CATALOGS = ['strategic_axis', 'program', 'expense_type', 'headquarter', 'cooperating'];

/**
 * The planning list's first answers as its hooks ask them (the same query keys), prefetched for `primeFirstAnswers`: the page
 * of lines of `search` (opened without filters), the year's plan, the catalogs of its filters in `language`, and the responsible picker's
 * first users. The boot script asks the same (src/boot/early.ts, EARLY_ROUTES).
 */
export function planningFirstAnswers(client: QueryClient, search: PlanningSearch, language: string): Promise<void>[] {
  const lang = optionsLanguage(language);
  return [
    client.prefetchQuery(getPlanningListQueryOptions(search)),
    client.prefetchQuery(getPlanYearQueryOptions(search.year)),
    ...LIST_CATALOGS.map((name) => client.prefetchQuery(getAllOptionsQueryOptions(name, lang))),
    client.prefetchQuery(getUserOptionsQueryOptions(BUDGET_USERS_PATH, '')),
  ];
}
