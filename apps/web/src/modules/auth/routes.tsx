import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { withNamespaces } from '../../shared/lib/i18n';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['auth'];

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
      component: lazyRouteComponent(
        withNamespaces(NS, () => import('./pages/sign-in-page')),
        'SignInPage',
      ),
    }),
    createRoute({
      getParentRoute: () => parent,
      path: '/forgot-password',
      component: lazyRouteComponent(
        withNamespaces(NS, () => import('./pages/forgot-password-page')),
        'ForgotPasswordPage',
      ),
    }),
    createRoute({
      getParentRoute: () => parent,
      path: '/password-reset/$token',
      component: lazyRouteComponent(
        withNamespaces(NS, () => import('./pages/password-reset-page')),
        'PasswordResetPage',
      ),
    }),
    createRoute({
      getParentRoute: () => parent,
      path: '/register',
      component: lazyRouteComponent(
        withNamespaces(NS, () => import('./pages/register-page')),
        'RegisterPage',
      ),
    }),
    createRoute({
      getParentRoute: () => parent,
      path: '/register/$id',
      component: lazyRouteComponent(
        withNamespaces(NS, () => import('./pages/register-page')),
        'RegisterPage',
      ),
    }),
  ],
  openRoutes: (parent: AnyRoute) => [
    createRoute({
      getParentRoute: () => parent,
      path: '/404',
      component: lazyRouteComponent(
        withNamespaces(NS, () => import('./pages/status-pages')),
        'NotFoundPage',
      ),
    }),
    createRoute({
      getParentRoute: () => parent,
      path: '/500',
      component: lazyRouteComponent(
        withNamespaces(NS, () => import('./pages/status-pages')),
        'ServerErrorPage',
      ),
    }),
    // Opened from the mail sent to a new address, signed in or not (issue 9 item 1).
    createRoute({
      getParentRoute: () => parent,
      path: '/email-confirm/$token',
      component: lazyRouteComponent(
        withNamespaces(NS, () => import('./pages/email-confirm-page')),
        'EmailConfirmPage',
      ),
    }),
  ],
  appRoutes: (parent: AnyRoute) => [
    createRoute({
      getParentRoute: () => parent,
      path: '/no-permission',
      component: lazyRouteComponent(
        withNamespaces(NS, () => import('./pages/status-pages')),
        'NoPermissionPage',
      ),
    }),
  ],
};
