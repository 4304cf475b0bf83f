import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['workflow'];

/** The signed-in user's delegations (issue 25 section 1): every user has them, no key beyond the session. */
export const workflowRoutes = [
  createRoute({
    getParentRoute: () => appLayout,
    path: '/delegations',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/delegations-page')),
      'DelegationsPage',
    ),
  }),
] as const;
