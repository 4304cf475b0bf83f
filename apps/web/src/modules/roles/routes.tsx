import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { requirePermission } from '../../app/guards';

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
    component: lazyRouteComponent(() => import('./pages/roles-list-page'), 'RolesListPage'),
  });
  const add = createRoute({
    getParentRoute: () => roles,
    path: 'add',
    component: lazyRouteComponent(() => import('./pages/role-add-page'), 'RoleAddPage'),
  });
  const edit = createRoute({
    getParentRoute: () => roles,
    path: 'edit/$id',
    component: lazyRouteComponent(() => import('./pages/role-edit-page'), 'RoleEditPage'),
  });
  return [roles.addChildren([list, add, edit])];
}
