import { createRoute, lazyRouteComponent, stripSearchParams } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { urlSearch } from '../../shared/lib/url-search';
import type { SecurityLogSearchInput } from './api/list-search';
import { SECURITY_LOG_SEARCH_DEFAULTS } from './api/list-url';

const NS = ['security-log'];

/** Configuration › Security log (key configuracion_seguridad, issue 9 item 5). */
const page = createRoute({
  getParentRoute: () => appLayout,
  path: 'configuration/security-log',
  beforeLoad: requirePermission('configuracion_seguridad'),
  validateSearch: urlSearch<SecurityLogSearchInput>(),
  search: { middlewares: [stripSearchParams(SECURITY_LOG_SEARCH_DEFAULTS)] },
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/security-log-page')),
    'SecurityLogPage',
  ),
});
export const securityLogRoutes = [page] as const;
