import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['notifications'];

/** The signed-in user's notifications (issue 12): every user has them, no permission key beyond the session. */
export const notificationsRoutes = [
  createRoute({
    getParentRoute: () => appLayout,
    path: '/notifications',
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/notifications-page')),
      'NotificationsPage',
    ),
  }),
] as const;
