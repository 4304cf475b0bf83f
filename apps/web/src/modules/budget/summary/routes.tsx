import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePermission } from '../../../shared/lib/guards';
import { withNamespaces } from '../../../shared/lib/i18n';
import { appLayout } from '../../../shared/lib/route-roots';
import { urlSearch } from '../../../shared/lib/url-search';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['budget'];

/** Presupuesto › Resumen del POA (key presupuesto_planificacion; issue 13 section 5). */
const poaSummary = createRoute({
  getParentRoute: () => appLayout,
  path: 'budget/summary/poa',
  validateSearch: urlSearch<{ year?: number; revision?: number }>(),
  beforeLoad: requirePermission('presupuesto_planificacion'),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/poa-summary-page')),
    'PoaSummaryPage',
  ),
});

/** Presupuesto › Resumen por cooperante (key asignacion; issue 13 section 5). */
const funderSummary = createRoute({
  getParentRoute: () => appLayout,
  path: 'budget/summary/funders',
  validateSearch: urlSearch<{ year?: number; cooperatingId?: string }>(),
  beforeLoad: requirePermission('asignacion'),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/funder-summary-page')),
    'FunderSummaryPage',
  ),
});

export const budgetSummaryRoutes = [poaSummary, funderSummary] as const;
