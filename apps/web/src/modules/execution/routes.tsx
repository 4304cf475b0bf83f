import type { z } from 'zod';
import type { budgetViewSearch } from './lib/budget-search';
import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { requireAnyPermission, requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { urlSearch } from '../../shared/lib/url-search';
import type { InboxSearchInput } from './api/inbox-search';
import type { RequestsSearchInput } from './api/list-search';
import { REQUESTS_SEARCH_DEFAULTS } from './api/list-url';
import type { PettyCashRequestSearch } from './api/petty-cash-search';

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
  // Requesters list their own; the chain's deciders every requester's.
  beforeLoad: requireAnyPermission(
    'ejecucion_solicitudes',
    'ejecucion_aprobacion_jefe',
    'ejecucion_aprobacion_superior',
    'ejecucion_administracion',
  ),
  validateSearch: urlSearch<RequestsSearchInput>(),
  search: { middlewares: [stripSearchParams(REQUESTS_SEARCH_DEFAULTS)] },
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/requests-list-page')),
    'RequestsListPage',
  ),
});
// The approver's inbox: what waits for the caller (key ejecucion; the server decides what waits for whom).
const inbox = createRoute({
  getParentRoute: () => requests,
  path: 'inbox',
  validateSearch: urlSearch<InboxSearchInput>(),
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/requests-inbox-page')),
    'RequestsInboxPage',
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
  // The fund and count a replenishment starts from (the fund page's «Solicitar reposición»).
  validateSearch: urlSearch<PettyCashRequestSearch>(),
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

/**
 * Ejecución › Caja chica (issue 26 section 3): the funds and a fund's page open to key ejecucion (the server
 * answers a custodian their funds, administration all); setting a fund up is administration's.
 */
const pettyCash = createRoute({
  getParentRoute: () => execution,
  path: 'petty-cash',
  beforeLoad: requirePermission('ejecucion'),
});
const administration = requirePermission('ejecucion_administracion');
const pettyCashIndex = createRoute({
  getParentRoute: () => pettyCash,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/execution/petty-cash/list', replace: true });
  },
});
const pettyCashList = createRoute({
  getParentRoute: () => pettyCash,
  path: 'list',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/petty-cash-list-page')),
    'PettyCashListPage',
  ),
});
const pettyCashAdd = createRoute({
  getParentRoute: () => pettyCash,
  path: 'add',
  beforeLoad: administration,
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/petty-cash-fund-form-page')),
    'PettyCashFundAddPage',
  ),
});
const pettyCashFund = createRoute({
  getParentRoute: () => pettyCash,
  path: '$fund',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/petty-cash-fund-page')),
    'PettyCashFundPage',
  ),
});
const pettyCashEdit = createRoute({
  getParentRoute: () => pettyCash,
  path: '$fund/edit',
  beforeLoad: administration,
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/petty-cash-fund-form-page')),
    'PettyCashFundEditPage',
  ),
});

/** Ejecución › Ejecución presupuestaria (issue 27 section 3): administration's view of the year's execution. */
const budget = createRoute({
  getParentRoute: () => execution,
  path: 'budget',
  beforeLoad: administration,
  validateSearch: urlSearch<z.input<typeof budgetViewSearch>>(),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/budget-page')),
    'BudgetPage',
  ),
});

/** Ejecución › Reintegros (issue 27 section 1): administration's register of the liquidations' refunds. */
const refunds = createRoute({
  getParentRoute: () => execution,
  path: 'refunds',
  beforeLoad: administration,
  validateSearch: urlSearch<{ status?: string; page?: number }>(),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/refunds-page')),
    'RefundsPage',
  ),
});

/**
 * Ejecución › Ejecución de personal (issue 27 section 4): the month's payroll xls executed on the plan's lines, and
 * the uploads executed (`page`: the history's page).
 */
const personal = createRoute({
  getParentRoute: () => execution,
  path: 'personal',
  beforeLoad: requirePermission('ejecucion_personal'),
  validateSearch: urlSearch<{ page?: number }>(),
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/personal-page')),
    'PersonalPage',
  ),
});

export const executionRoutes = [
  execution.addChildren([
    executionIndex,
    requests.addChildren([
      index,
      list,
      inbox,
      add,
      addPurchaseOrder,
      addReserve,
      addPettyCash,
      addTravelExpenses,
      detail,
      edit,
    ]),
    pettyCash.addChildren([pettyCashIndex, pettyCashList, pettyCashAdd, pettyCashFund, pettyCashEdit]),
    budget,
    refunds,
    personal,
  ]),
] as const;
