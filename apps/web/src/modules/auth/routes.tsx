import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';

/** `?redirect=` carries the page a signed-out user asked for (set by the app layout guard). */
function signInSearch(search: Record<string, unknown>): { redirect?: string } {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {};
}

// Pages load lazily so /sign-in ships only what it needs.
export const authRoutes = {
  publicRoutes: (parent: AnyRoute) => [
    createRoute({
      getParentRoute: () => parent,
      path: '/sign-in',
      validateSearch: signInSearch,
      component: lazyRouteComponent(() => import('./pages/sign-in-page'), 'SignInPage'),
    }),
    createRoute({
      getParentRoute: () => parent,
      path: '/forgot-password',
      component: lazyRouteComponent(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage'),
    }),
    createRoute({
      getParentRoute: () => parent,
      path: '/password-reset/$token',
      component: lazyRouteComponent(() => import('./pages/password-reset-page'), 'PasswordResetPage'),
    }),
    createRoute({
      getParentRoute: () => parent,
      path: '/register',
      component: lazyRouteComponent(() => import('./pages/register-page'), 'RegisterPage'),
    }),
    createRoute({
      getParentRoute: () => parent,
      path: '/register/$id',
      component: lazyRouteComponent(() => import('./pages/register-page'), 'RegisterPage'),
    }),
  ],
  openRoutes: (parent: AnyRoute) => [
    createRoute({
      getParentRoute: () => parent,
      path: '/404',
      component: lazyRouteComponent(() => import('./pages/status-pages'), 'NotFoundPage'),
    }),
    createRoute({
      getParentRoute: () => parent,
      path: '/500',
      component: lazyRouteComponent(() => import('./pages/status-pages'), 'ServerErrorPage'),
    }),
  ],
  appRoutes: (parent: AnyRoute) => [
    createRoute({
      getParentRoute: () => parent,
      path: '/no-permission',
      component: lazyRouteComponent(() => import('./pages/status-pages'), 'NoPermissionPage'),
    }),
  ],
};
