import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['working-calendar'];

/** Configuración › Calendario laboral (issue 12, key configuracion_calendario). */
export const workingCalendarRoutes = [
  createRoute({
    getParentRoute: () => appLayout,
    path: 'configuration/working-calendar',
    beforeLoad: requirePermission('configuracion_calendario'),
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/working-calendar-page')),
      'WorkingCalendarPage',
    ),
  }),
] as const;
