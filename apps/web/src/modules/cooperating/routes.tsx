import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { urlSearch } from '../../shared/lib/url-search';
import type { CooperatingSearchInput } from './api/list-search';
import { COOPERATING_SEARCH_DEFAULTS } from './api/list-url';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['cooperating'];

/** Configuration › Cooperating (key configuracion_cooperantes, spec section 2; issue 13 section 2). */
const cooperating = createRoute({
  getParentRoute: () => appLayout,
  path: 'configuration/cooperating',
  beforeLoad: requirePermission('configuracion_cooperantes'),
});
// The spec's path is `.../list`; the bare path goes there (spec section 2).
const index = createRoute({
  getParentRoute: () => cooperating,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/configuration/cooperating/list', replace: true });
  },
});
const list = createRoute({
  getParentRoute: () => cooperating,
  path: 'list',
  validateSearch: urlSearch<CooperatingSearchInput>(),
  search: { middlewares: [stripSearchParams(COOPERATING_SEARCH_DEFAULTS)] },
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/cooperating-list-page')),
    'CooperatingListPage',
  ),
});
const add = createRoute({
  getParentRoute: () => cooperating,
  path: 'add',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/cooperating-add-page')),
    'CooperatingAddPage',
  ),
});
const edit = createRoute({
  getParentRoute: () => cooperating,
  path: 'edit/$id',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/cooperating-edit-page')),
    'CooperatingEditPage',
  ),
});
const items = createRoute({
  getParentRoute: () => cooperating,
  path: '$id/items',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/items-page')),
    'CooperatingItemsPage',
  ),
});
const itemAdd = createRoute({
  getParentRoute: () => cooperating,
  path: '$id/item/add',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/item-add-page')),
    'CooperatingItemAddPage',
  ),
});
const itemEdit = createRoute({
  getParentRoute: () => cooperating,
  path: '$id/item/edit/$item',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/item-edit-page')),
    'CooperatingItemEditPage',
  ),
});
const disbursements = createRoute({
  getParentRoute: () => cooperating,
  path: '$id/disbursements',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/disbursements-page')),
    'CooperatingDisbursementsPage',
  ),
});
export const cooperatingRoutes = [
  cooperating.addChildren([index, list, add, edit, items, itemAdd, itemEdit, disbursements]),
] as const;
