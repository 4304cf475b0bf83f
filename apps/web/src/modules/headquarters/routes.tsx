import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['headquarters'];

/** Configuration › Headquarter (key configuracion_sede; the spec's path is singular). */
export function headquartersRoutes(parent: AnyRoute) {
  const headquarters = createRoute({
    getParentRoute: () => parent,
    path: 'configuration/headquarter',
    beforeLoad: requirePermission('configuracion_sede'),
  });
  const list = createRoute({
    getParentRoute: () => headquarters,
    path: '/',
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
  return [headquarters.addChildren([list, add, edit])];
}
