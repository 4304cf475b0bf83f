import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { withNamespaces } from '../../shared/lib/i18n';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['dashboard'];

/** Every signed-in user has a dashboard; its counts cover only persons they hold grants on. */
export function dashboardRoutes(parent: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: '/dashboard',
      component: lazyRouteComponent(
        withNamespaces(NS, () => import('./pages/dashboard-page')),
        'DashboardPage',
      ),
    }),
  ];
}
