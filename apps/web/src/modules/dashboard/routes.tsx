import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['dashboard'];

/** Every signed-in user has a dashboard; its counts cover only persons they hold grants on. */
export const dashboardRoutes = [
  createRoute({
    getParentRoute: () => appLayout,
    path: '/dashboard',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/dashboard-page')),
      'DashboardPage',
    ),
  }),
] as const;
