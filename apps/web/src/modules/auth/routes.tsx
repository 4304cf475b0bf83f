import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout, openLayout, publicLayout } from '../../shared/lib/route-roots';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['auth'];

/** `?redirect=` carries the page a signed-out user asked for (set by the app layout guard). */
function signInSearch(search: Record<string, unknown>): { redirect?: string } {
  return typeof search.redirect === 'string' ? { redirect: search.redirect } : {};
}

// Pages load lazily so /sign-in ships only what it needs.
export const authPublicRoutes = [
  createRoute({
    getParentRoute: () => publicLayout,
    path: '/sign-in',
    validateSearch: signInSearch,
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/sign-in-page')),
      'SignInPage',
    ),
  }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: '/forgot-password',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/forgot-password-page')),
      'ForgotPasswordPage',
    ),
  }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: '/password-reset/$token',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/password-reset-page')),
      'PasswordResetPage',
    ),
  }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: '/register',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/register-page')),
      'RegisterPage',
    ),
  }),
  createRoute({
    getParentRoute: () => publicLayout,
    path: '/register/$id',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/register-page')),
      'RegisterPage',
    ),
  }),
] as const;

export const authOpenRoutes = [
  createRoute({
    getParentRoute: () => openLayout,
    path: '/404',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/status-pages')),
      'NotFoundPage',
    ),
  }),
  createRoute({
    getParentRoute: () => openLayout,
    path: '/500',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/status-pages')),
      'ServerErrorPage',
    ),
  }),
  // Opened from the mail sent to a new address, signed in or not (issue 9 item 1).
  createRoute({
    getParentRoute: () => openLayout,
    path: '/email-confirm/$token',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/email-confirm-page')),
      'EmailConfirmPage',
    ),
  }),
] as const;

export const authAppRoutes = [
  createRoute({
    getParentRoute: () => appLayout,
    path: '/no-permission',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/status-pages')),
      'NoPermissionPage',
    ),
  }),
] as const;
