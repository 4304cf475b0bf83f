import { createRoute, lazyRouteComponent, stripSearchParams, type AnyRoute } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { USERS_SEARCH_DEFAULTS, usersSearch } from './api/list-search';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['users'];

/** Configuration › Users (key configuracion_usuarios). */
export function usersRoutes(parent: AnyRoute) {
  const users = createRoute({
    getParentRoute: () => parent,
    path: 'configuration/users',
    beforeLoad: requirePermission('configuracion_usuarios'),
  });
  const list = createRoute({
    getParentRoute: () => users,
    path: '/',
    validateSearch: usersSearch,
    search: { middlewares: [stripSearchParams(USERS_SEARCH_DEFAULTS)] },
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/users-list-page')),
      'UsersListPage',
    ),
  });
  const add = createRoute({
    getParentRoute: () => users,
    path: 'add',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/user-add-page')),
      'UserAddPage',
    ),
  });
  const edit = createRoute({
    getParentRoute: () => users,
    path: 'edit/$id',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/user-edit-page')),
      'UserEditPage',
    ),
  });
  return [users.addChildren([list, add, edit])];
}
