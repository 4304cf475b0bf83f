import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { urlSearch } from '../../shared/lib/url-search';
import type { VoucherMovementsSearchInput, VouchersSearchInput } from './api/list-search';
import { VOUCHER_MOVEMENTS_SEARCH_DEFAULTS, VOUCHERS_SEARCH_DEFAULTS } from './api/list-url';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['vouchers'];

/** Configuration › Vouchers (key configuracion_vales; issue 26 section 2). */
const vouchers = createRoute({
  getParentRoute: () => appLayout,
  path: 'configuration/vouchers',
  beforeLoad: requirePermission('configuracion_vales'),
});
// The screen is `.../list`; the bare path goes there.
const index = createRoute({
  getParentRoute: () => vouchers,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/configuration/vouchers/list', replace: true });
  },
});
const list = createRoute({
  getParentRoute: () => vouchers,
  path: 'list',
  validateSearch: urlSearch<VouchersSearchInput>(),
  search: { middlewares: [stripSearchParams(VOUCHERS_SEARCH_DEFAULTS)] },
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/vouchers-list-page')),
    'VouchersListPage',
  ),
});
const add = createRoute({
  getParentRoute: () => vouchers,
  path: 'add',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/voucher-add-page')),
    'VoucherAddPage',
  ),
});
const edit = createRoute({
  getParentRoute: () => vouchers,
  path: 'edit/$id',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/voucher-edit-page')),
    'VoucherEditPage',
  ),
});
// The spec's 'Transaction vouchers': what happened to each number of one range.
const movements = createRoute({
  getParentRoute: () => vouchers,
  path: '$id/movements',
  validateSearch: urlSearch<VoucherMovementsSearchInput>(),
  search: { middlewares: [stripSearchParams(VOUCHER_MOVEMENTS_SEARCH_DEFAULTS)] },
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/voucher-movements-page')),
    'VoucherMovementsPage',
  ),
});
export const vouchersRoutes = [vouchers.addChildren([index, list, add, edit, movements])] as const;
