import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePermission } from '../../../shared/lib/guards';
import { withNamespaces } from '../../../shared/lib/i18n';
import { appLayout } from '../../../shared/lib/route-roots';
import { urlSearch } from '../../../shared/lib/url-search';

/** Translation namespaces the page uses, loaded with its code. */
const NS = ['budget'];

/** What a link to the list may pass (checked by the page, in its own chunk). */
export interface CarryForwardSearchInput {
  year?: number;
}

/**
 * Presupuesto › Arrastres de saldo (`/budget/carry-forwards`, key asignacion_historial; issue 13 section 4): an
 * item's unspent amount of a closed year carried to the next, requested and approved as a document.
 */
const carryForwards = createRoute({
  getParentRoute: () => appLayout,
  path: 'budget/carry-forwards',
  beforeLoad: requirePermission('asignacion_historial'),
  validateSearch: urlSearch<CarryForwardSearchInput>(),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/carry-forwards-page')),
    'CarryForwardsPage',
  ),
});

export const carryForwardRoutes = [carryForwards] as const;
