import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['account'];

export type AccountTab = 'overview' | 'settings';

/** `?tab=settings` opens the settings tab directly (e.g. from a link to change the password). */
function accountSearch(search: Record<string, unknown>): { tab?: AccountTab } {
  return search.tab === 'settings' ? { tab: 'settings' } : {};
}

export const accountRoutes = [
  createRoute({
    getParentRoute: () => appLayout,
    path: '/account',
    validateSearch: accountSearch,
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/account-page')),
      'AccountPage',
    ),
  }),
] as const;
