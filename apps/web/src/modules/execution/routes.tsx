import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { urlSearch } from '../../shared/lib/url-search';
import type { RequestsSearchInput } from './api/list-search';
import { REQUESTS_SEARCH_DEFAULTS } from './api/list-url';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['execution'];

/** Ejecución (key ejecucion): its bare path goes to the requests list, whose guard then applies. */
const execution = createRoute({
  getParentRoute: () => appLayout,
  path: 'execution',
});
const executionIndex = createRoute({
  getParentRoute: () => execution,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/execution/requests/list', replace: true });
  },
});

/**
 * Ejecución › Solicitudes (issue 26 sections 3 to 5): a request's page opens to its approvers too (key ejecucion,
 * and the server's rule of who sees which request); the list and the forms are the requesters'
 * (ejecucion_solicitudes).
 */
const requests = createRoute({
  getParentRoute: () => execution,
  path: 'requests',
  beforeLoad: requirePermission('ejecucion'),
});
const requesters = requirePermission('ejecucion_solicitudes');
// The screen is `.../list`; the bare path goes there.
const index = createRoute({
  getParentRoute: () => requests,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/execution/requests/list', replace: true });
  },
});
const list = createRoute({
  getParentRoute: () => requests,
  path: 'list',
  beforeLoad: requesters,
  validateSearch: urlSearch<RequestsSearchInput>(),
  search: { middlewares: [stripSearchParams(REQUESTS_SEARCH_DEFAULTS)] },
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/requests-list-page')),
    'RequestsListPage',
  ),
});
// A new request: its type and planned month first, then the type's form on that month ('YYYY-MM').
const add = createRoute({
  getParentRoute: () => requests,
  path: 'add',
  beforeLoad: requesters,
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/request-add-page')),
    'RequestAddPage',
  ),
});
const addPurchaseOrder = createRoute({
  getParentRoute: () => requests,
  path: 'add/purchase-order/$month',
  beforeLoad: requesters,
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/request-new-page')),
    'PurchaseOrderNewPage',
  ),
});
const addReserve = createRoute({
  getParentRoute: () => requests,
  path: 'add/reserve/$month',
  beforeLoad: requesters,
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/request-new-page')),
    'ReserveNewPage',
  ),
});
const addPettyCash = createRoute({
  getParentRoute: () => requests,
  path: 'add/petty-cash/$month',
  beforeLoad: requesters,
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/request-new-page')),
    'PettyCashNewPage',
  ),
});
const addTravelExpenses = createRoute({
  getParentRoute: () => requests,
  path: 'add/travel-expenses/$month',
  beforeLoad: requesters,
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/request-new-page')),
    'TravelExpensesNewPage',
  ),
});
const detail = createRoute({
  getParentRoute: () => requests,
  path: '$request',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/request-page')),
    'RequestPage',
  ),
});
const edit = createRoute({
  getParentRoute: () => requests,
  path: '$request/edit',
  beforeLoad: requesters,
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/request-edit-page')),
    'RequestEditPage',
  ),
});

export const executionRoutes = [
  execution.addChildren([
    executionIndex,
    requests.addChildren([
      index,
      list,
      add,
      addPurchaseOrder,
      addReserve,
      addPettyCash,
      addTravelExpenses,
      detail,
      edit,
    ]),
  ]),
] as const;
