import { createRoute, lazyRouteComponent, type AnyRoute } from '@tanstack/react-router';
import { withNamespaces } from '../../shared/lib/i18n';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['account'];

export type AccountTab = 'overview' | 'settings';

/** `?tab=settings` opens the settings tab directly (e.g. from a link to change the password). */
function accountSearch(search: Record<string, unknown>): { tab?: AccountTab } {
  return search.tab === 'settings' ? { tab: 'settings' } : {};
}

export function accountRoutes(parent: AnyRoute) {
  return [
    createRoute({
      getParentRoute: () => parent,
      path: '/account',
      validateSearch: accountSearch,
      component: lazyRouteComponent(
        withNamespaces(NS, () => import('./pages/account-page')),
        'AccountPage',
      ),
    }),
  ];
}
