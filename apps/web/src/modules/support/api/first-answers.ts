import type { QueryClient } from '@tanstack/react-query';
import { prefetchCatalogs } from '../../../shared/hooks/use-catalog';
import { ticketListSearch } from './list-search';
import { getTicketsQueryOptions } from './queries';

/**
 * What the ticket list's first render waits for on the page load's first navigation without filters
 * (`primeFirstAnswers`), as its hooks ask it (the same query keys): one's own tickets' first page (the default scope,
 * for support staff too) and the type catalog its rows name. The boot script asks these first (src/boot/early.ts);
 * the headquarters of the filter come after.
 */
export function ticketsFirstAnswers(client: QueryClient, rawSearch: object): Promise<void>[] {
  return [
    client.prefetchQuery(getTicketsQueryOptions(ticketListSearch.parse(rawSearch))),
    ...prefetchCatalogs(client, ['ticket_type']),
  ];
}
