import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  Outlet,
  redirect,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { verifySession } from '../shared/lib/session';
import { authRoutes } from '../modules/auth/routes';
import { accountRoutes } from '../modules/account/routes';
import { dashboardRoutes } from '../modules/dashboard/routes';
import { rolesRoutes } from '../modules/roles/routes';
import { usersRoutes } from '../modules/users/routes';
import { securityLogRoutes } from '../modules/security-log/routes';
import { headquartersRoutes } from '../modules/headquarters/routes';
import { catalogsRoutes } from '../modules/catalogs/routes';
import { populationRoutes } from '../modules/population/routes';
import { documentationRoutes } from '../modules/documentation/routes';

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  // Any unknown path goes to /404 (spec section 2).
  notFoundComponent: () => <Navigate to="/404" replace />,
});

/** Public pages (sign-in, ...): a signed-in user is sent to /dashboard. */
export const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  beforeLoad: async ({ context }) => {
    const user = await verifySession(context.queryClient).catch(() => null);
    if (user) throw redirect({ to: '/dashboard' });
  },
  component: lazyRouteComponent(() => import('./public-layout'), 'PublicLayout'),
});

/** Pages anyone may see, signed in or not. */
export const openLayout = createRoute({ getParentRoute: () => rootRoute, id: 'open', component: Outlet });

/**
 * The signed-in area. The session is verified with the server on every
 * navigation (spec section 2); a failed check logs out and goes to /sign-in.
 */
export const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    const user = await verifySession(context.queryClient).catch(() => null);
    if (!user) {
      context.queryClient.clear();
      throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    }
    return { user };
  },
  component: lazyRouteComponent(() => import('./shell'), 'AppShellLayout'),
});

const indexRoute = createRoute({
  getParentRoute: () => appLayout,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard' });
  },
});

const routeTree = rootRoute.addChildren([
  publicLayout.addChildren(authRoutes.publicRoutes(publicLayout)),
  openLayout.addChildren(authRoutes.openRoutes(openLayout)),
  appLayout.addChildren([
    indexRoute,
    ...authRoutes.appRoutes(appLayout),
    ...accountRoutes(appLayout),
    ...dashboardRoutes(appLayout),
    ...rolesRoutes(appLayout),
    ...usersRoutes(appLayout),
    ...securityLogRoutes(appLayout),
    ...headquartersRoutes(appLayout),
    ...catalogsRoutes(appLayout),
    ...populationRoutes(appLayout),
    ...documentationRoutes(appLayout),
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
      <Loader aria-label={t('common:status.loading')} />
    </Center>
  );
}

export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    context: { queryClient },
    defaultPendingComponent: RouteLoader,
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}
