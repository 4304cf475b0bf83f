import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['headquarters'];

/** Configuration › Headquarter (key configuracion_sede; the spec's path is singular). */
const headquarters = createRoute({
  getParentRoute: () => appLayout,
  path: 'configuration/headquarter',
  beforeLoad: requirePermission('configuracion_sede'),
});
// The spec's path is `.../list`; the bare path goes there (spec section 2).
const index = createRoute({
  getParentRoute: () => headquarters,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/configuration/headquarter/list', replace: true });
  },
});
const list = createRoute({
  getParentRoute: () => headquarters,
  path: 'list',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/headquarters-list-page')),
    'HeadquartersListPage',
  ),
});
const add = createRoute({
  getParentRoute: () => headquarters,
  path: 'add',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/headquarter-add-page')),
    'HeadquarterAddPage',
  ),
});
const edit = createRoute({
  getParentRoute: () => headquarters,
  path: 'edit/$id',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/headquarter-edit-page')),
    'HeadquarterEditPage',
  ),
});
export const headquartersRoutes = [headquarters.addChildren([index, list, add, edit])] as const;
