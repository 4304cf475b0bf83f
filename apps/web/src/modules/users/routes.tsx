import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { urlSearch } from '../../shared/lib/url-search';
import type { UsersSearchInput } from './api/list-search';
import { USERS_SEARCH_DEFAULTS } from './api/list-url';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['users'];

/** Configuration › Users (key configuracion_usuarios). */
const users = createRoute({
  getParentRoute: () => appLayout,
  path: 'configuration/users',
  beforeLoad: requirePermission('configuracion_usuarios'),
});
// The spec's path is `.../list`; the bare path goes there (spec section 2).
const index = createRoute({
  getParentRoute: () => users,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/configuration/users/list', replace: true });
  },
});
const list = createRoute({
  getParentRoute: () => users,
  path: 'list',
  validateSearch: urlSearch<UsersSearchInput>(),
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
export const usersRoutes = [users.addChildren([index, list, add, edit])] as const;
