import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';

/** Every signed-in user has a dashboard; its counts cover only persons they hold grants on. */
export function dashboardRoutes(parent: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: '/dashboard',
      component: lazyRouteComponent(() => import('./pages/dashboard-page'), 'DashboardPage'),
    }),
  ];
}
