import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePermission } from '../../../shared/lib/guards';
import { withNamespaces } from '../../../shared/lib/i18n';
import { appLayout } from '../../../shared/lib/route-roots';
import { urlSearch } from '../../../shared/lib/url-search';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['budget'];

/** Budget › POA › Import from a spreadsheet (key presupuesto_planificacion; issue 13 section 3). */
const planningImport = createRoute({
  getParentRoute: () => appLayout,
  path: 'budget/planning/import',
  beforeLoad: requirePermission('presupuesto_planificacion'),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./planning-import-page')),
    'PlanningImportPage',
  ),
});

/** Budget › POA › Copy a year's plan to the next (key presupuesto_planificacion; issue 13 section 3). */
const copyYear = createRoute({
  getParentRoute: () => appLayout,
  path: 'budget/planning/copy-year',
  // The year to copy, when the planning list links here (the year before the one it shows).
  validateSearch: urlSearch<{ from?: number }>(),
  beforeLoad: requirePermission('presupuesto_planificacion'),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./copy-year-page')),
    'CopyYearPage',
  ),
});

export const planningImportRoutes = [planningImport, copyYear] as const;
