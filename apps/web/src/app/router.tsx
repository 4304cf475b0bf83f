import { createRoute, Outlet, createRouter, lazyRouteComponent, Navigate, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { appLayout, openLayout, publicLayout, rootRoute } from '../shared/lib/route-roots';
import { withChunkTimeout } from '../shared/lib/chunks';
import { RouteError } from '../shared/ui/route-error';
import { authAppRoutes, authOpenRoutes, authPublicRoutes } from '../modules/auth/routes';
import { accountRoutes } from '../modules/account/routes';
import { dashboardRoutes } from '../modules/dashboard/routes';
import { rolesRoutes } from '../modules/roles/routes';
import { permissionsRoutes } from '../modules/permissions/routes';
import { usersRoutes } from '../modules/users/routes';
import { securityLogRoutes } from '../modules/security-log/routes';
import { headquartersRoutes } from '../modules/headquarters/routes';
import { catalogsRoutes } from '../modules/catalogs/routes';
import { populationRoutes } from '../modules/population/routes';
import { documentationRoutes } from '../modules/documentation/routes';
import { notificationsRoutes } from '../modules/notifications/routes';
import { workflowRoutes } from '../modules/workflow/routes';
import { workingCalendarRoutes } from '../modules/working-calendar/routes';
import { settingsRoutes } from '../modules/settings/routes';
import { supportRoutes } from '../modules/support/routes';
import { cooperatingRoutes } from '../modules/cooperating/routes';
import { providersRoutes } from '../modules/providers/routes';
import { vouchersRoutes } from '../modules/vouchers/routes';
import { executionRoutes } from '../modules/execution/routes';
import { budgetRoutes } from '../modules/budget/routes';
import { planningImportRoutes } from '../modules/budget/import/routes';
import { assignmentRoutes } from '../modules/budget/assignment/routes';
import { budgetSummaryRoutes } from '../modules/budget/summary/routes';
import { carryForwardRoutes } from '../modules/budget/carry-forward/routes';

// The layouts' components (shell, public layout) are app/'s: given here, on the roots modules hang from.
rootRoute.update({
  // Any unknown path goes to /404 (spec section 2).
  notFoundComponent: () => <Navigate to="/404" replace />,
});
publicLayout.update({
  component: lazyRouteComponent(() => withChunkTimeout(import('./public-layout')), 'PublicLayout'),
});
// The 404, 500 and e-mail confirmation pages: their content is the page's main landmark.
openLayout.update({
  component: () => (
    <main>
      <Outlet />
    </main>
  ),
});
appLayout.update({ component: lazyRouteComponent(() => withChunkTimeout(import('./shell')), 'AppShellLayout') });

const indexRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

const routeTree = rootRoute.addChildren([
  publicLayout.addChildren(authPublicRoutes),
  openLayout.addChildren(authOpenRoutes),
  appLayout.addChildren([
    indexRoute,
    ...authAppRoutes,
    ...accountRoutes,
    ...dashboardRoutes,
    ...rolesRoutes,
    ...permissionsRoutes,
    ...usersRoutes,
    ...securityLogRoutes,
    ...headquartersRoutes,
    ...catalogsRoutes,
    ...populationRoutes,
    ...documentationRoutes,
    ...notificationsRoutes,
    ...workflowRoutes,
    ...workingCalendarRoutes,
    ...settingsRoutes,
    ...supportRoutes,
    ...cooperatingRoutes,
    ...providersRoutes,
    ...vouchersRoutes,
    ...executionRoutes,
    ...budgetRoutes,
    ...planningImportRoutes,
    ...assignmentRoutes,
    ...budgetSummaryRoutes,
    ...carryForwardRoutes,
  ]),
]);

/**
 * Shown in place of one route while its code, data or translation namespace
 * loads: every route renders inside a Suspense boundary with this fallback,
 * so a page that suspends (useTranslation on a namespace not loaded yet)
 * never takes the shell or the public layout with it.
 */
function RouteLoader() {
  const { t } = useTranslation();
  return (
    <Center py="xl">
      <Loader role="status" aria-label={t('common:status.loading')} />
    </Center>
  );
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPendingComponent: RouteLoader,
    defaultErrorComponent: RouteError,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/** The router's types, registered: links, params and search are checked against the route tree by `npm run typecheck`. */
declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
