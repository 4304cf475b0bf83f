import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { onFirstLoad, primeFirstAnswers } from '../../shared/lib/first-load';
import { requireAnyPermission, requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { urlSearch } from '../../shared/lib/url-search';
import type { BoardSearchInput, TicketListSearchInput } from './api/list-search.contract';
import { ticketsFirstAnswers } from './api/first-answers';
import { LIST_SEARCH_DEFAULTS } from './api/list-url';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['support'];

/**
 * Soporte (issue 12): requesters (soporte_tickets) raise and follow their own
 * tickets; support staff (soporte_gestion) work the queue, the board and the
 * settings. Pages are lazy so the first load carries none of them.
 */
const support = createRoute({
  getParentRoute: () => appLayout,
  path: 'support',
  beforeLoad: requirePermission('soporte'),
});
const either = requireAnyPermission('soporte_tickets', 'soporte_gestion');
const toList = () => {
  throw redirect({ to: '/support/tickets/list', replace: true });
};
const index = createRoute({ getParentRoute: () => support, path: '/', beforeLoad: toList });
const tickets = createRoute({ getParentRoute: () => support, path: 'tickets' });
const ticketsIndex = createRoute({ getParentRoute: () => tickets, path: '/', beforeLoad: toList });

const ticketsListPage = lazyRouteComponent(
  withNamespaces(NS, () => import('./pages/tickets-list-page')),
  'TicketsListPage',
);
const list = createRoute({
  getParentRoute: () => tickets,
  path: 'list',
  beforeLoad: either,
  validateSearch: urlSearch<TicketListSearchInput>(),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  // The page load's first navigation here without filters: the boot script's answers go into the cache before the
  // page's first render, which then draws the tickets once (shared/lib/first-load.ts).
  loader: ({ context, location, preload, cause }) => {
    if (preload || cause !== 'enter' || !onFirstLoad() || location.searchStr !== '') return;
    return primeFirstAnswers(
      ticketsFirstAnswers(context.queryClient, location.search),
      ticketsListPage.preload?.() ?? Promise.resolve(),
    );
  },
  component: ticketsListPage,
});
const add = createRoute({
  getParentRoute: () => tickets,
  path: 'add',
  beforeLoad: requirePermission('soporte_tickets'),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/ticket-add-page')),
    'TicketAddPage',
  ),
});
const view = createRoute({
  getParentRoute: () => tickets,
  path: '$id',
  beforeLoad: either,
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/ticket-page')),
    'TicketPage',
  ),
});
const board = createRoute({
  getParentRoute: () => support,
  path: 'board',
  beforeLoad: requirePermission('soporte_gestion'),
  validateSearch: urlSearch<BoardSearchInput>(),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/board-page')),
    'BoardPage',
  ),
});
const settings = createRoute({
  getParentRoute: () => support,
  path: 'settings',
  beforeLoad: requirePermission('soporte_gestion'),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/settings-page')),
    'SettingsPage',
  ),
});

export const supportRoutes = [
  support.addChildren([index, tickets.addChildren([ticketsIndex, list, add, view]), board, settings]),
] as const;
