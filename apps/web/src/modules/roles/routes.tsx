import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['roles'];

/** Configuration › Roles (key configuracion_roles). */
export function rolesRoutes(parent: AnyRoute) {
  const roles = createRoute({
    getParentRoute: () => parent,
    path: 'configuration/roles',
    beforeLoad: requirePermission('configuracion_roles'),
  });
  const list = createRoute({
    getParentRoute: () => roles,
    path: '/',
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
  return [roles.addChildren([list, add, edit])];
}
