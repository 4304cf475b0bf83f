import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout, openLayout, publicLayout } from '../../shared/lib/route-roots';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['auth'];

// Pages load lazily. /sign-in is not one of them: it is its own page (src/sign-in.tsx, served for /sign-in by the
// server), without the router, so the first load carries the least code (issue 11 item 8).
export const authPublicRoutes = [
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
  // Opened from the notice sent to the old address after an own e-mail change (issue 23 item 1).
  createRoute({
    getParentRoute: () => openLayout,
    path: '/email-change/cancel/$token',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/email-cancel-page')),
      'EmailCancelPage',
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
