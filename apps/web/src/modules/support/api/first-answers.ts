import type { QueryClient } from '@tanstack/react-query';
import { prefetchCatalogs } from '../../../shared/hooks/use-catalog';
import { ticketListSearch } from './list-search';
import { getTicketsQueryOptions } from './queries';

/**
 * The ticket list's first answers as its hooks ask them (the same query keys), prefetched for `primeFirstAnswers`
 * on the page load's first navigation without filters: one's own tickets' first page (the default scope, for support
 * staff too) and the catalogs of the filters and rows. The boot script asks the same (src/boot/early.ts).
 */
export function ticketsFirstAnswers(client: QueryClient, rawSearch: object): Promise<void>[] {
  return [
    client.prefetchQuery(getTicketsQueryOptions(ticketListSearch.parse(rawSearch))),
    ...prefetchCatalogs(client, ['ticket_type', 'headquarter']),
  ];
}
