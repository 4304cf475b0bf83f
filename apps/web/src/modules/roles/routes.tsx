import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['roles'];

/** Configuration › Roles (key configuracion_roles). */
const roles = createRoute({
  getParentRoute: () => appLayout,
  path: 'configuration/roles',
  beforeLoad: requirePermission('configuracion_roles'),
});
// The spec's path is `.../list`; the bare path goes there (spec section 2).
const index = createRoute({
  getParentRoute: () => roles,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/configuration/roles/list', replace: true });
  },
});
const list = createRoute({
  getParentRoute: () => roles,
  path: 'list',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/roles-list-page')),
    'RolesListPage',
  ),
});
const add = createRoute({
  getParentRoute: () => roles,
  path: 'add',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/role-add-page')),
    'RoleAddPage',
  ),
});
const edit = createRoute({
  getParentRoute: () => roles,
  path: 'edit/$id',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/role-edit-page')),
    'RoleEditPage',
  ),
});
export const rolesRoutes = [roles.addChildren([index, list, add, edit])] as const;
