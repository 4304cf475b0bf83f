import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';

/** Translation namespaces the page uses, loaded with its code. */
const NS = ['permissions'];

/** Configuration › System permissions (key configuracion_roles, spec section 6). */
const permissions = createRoute({
  getParentRoute: () => appLayout,
  path: 'configuration/permissions',
  beforeLoad: requirePermission('configuracion_roles'),
});
const index = createRoute({
  getParentRoute: () => permissions,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/configuration/permissions/list', replace: true });
  },
});
const list = createRoute({
  getParentRoute: () => permissions,
  path: 'list',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/permissions-list-page')),
    'PermissionsListPage',
  ),
});
export const permissionsRoutes = [permissions.addChildren([index, list])] as const;
