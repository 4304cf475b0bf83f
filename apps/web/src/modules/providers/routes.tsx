import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { urlSearch } from '../../shared/lib/url-search';
import type { ProvidersSearchInput } from './api/list-search';
import { PROVIDERS_SEARCH_DEFAULTS } from './api/list-url';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['providers'];

/** Configuration › Providers (key configuracion_proveedores; issue 26 section 1). */
const providers = createRoute({
  getParentRoute: () => appLayout,
  path: 'configuration/providers',
  beforeLoad: requirePermission('configuracion_proveedores'),
});
// The screen is `.../list`; the bare path goes there.
const index = createRoute({
  getParentRoute: () => providers,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/configuration/providers/list', replace: true });
  },
});
const list = createRoute({
  getParentRoute: () => providers,
  path: 'list',
  validateSearch: urlSearch<ProvidersSearchInput>(),
  search: { middlewares: [stripSearchParams(PROVIDERS_SEARCH_DEFAULTS)] },
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/providers-list-page')),
    'ProvidersListPage',
  ),
});
const add = createRoute({
  getParentRoute: () => providers,
  path: 'add',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/provider-add-page')),
    'ProviderAddPage',
  ),
});
const edit = createRoute({
  getParentRoute: () => providers,
  path: 'edit/$id',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/provider-edit-page')),
    'ProviderEditPage',
  ),
});
// A provider's framework agreements (issue 26 section 1).
const agreements = createRoute({
  getParentRoute: () => providers,
  path: '$id/agreements',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/agreements-page')),
    'ProviderAgreementsPage',
  ),
});
const agreementAdd = createRoute({
  getParentRoute: () => providers,
  path: '$id/agreements/add',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/agreement-add-page')),
    'AgreementAddPage',
  ),
});
const agreementEdit = createRoute({
  getParentRoute: () => providers,
  path: '$id/agreements/edit/$agreement',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/agreement-edit-page')),
    'AgreementEditPage',
  ),
});
export const providersRoutes = [
  providers.addChildren([index, list, add, edit, agreements, agreementAdd, agreementEdit]),
] as const;
