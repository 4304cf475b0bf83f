import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { requirePermission } from '../../../shared/lib/guards';
import { withNamespaces } from '../../../shared/lib/i18n';
import { appLayout } from '../../../shared/lib/route-roots';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['budget'];

/**
 * Presupuesto › Asignación (issue 13 section 4; spec section 3 `assignment/{expense}`): a planning line
 * (`$expense`, its id) and, per cooperating item (`$cooperatingItem`), its transactions, record and copy.
 */
const line = createRoute({
  getParentRoute: () => appLayout,
  path: 'budget/assignment/$expense',
  beforeLoad: requirePermission('asignacion'),
});
const overview = createRoute({
  getParentRoute: () => line,
  path: '/',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/line-assignment-page')),
    'LineAssignmentPage',
  ),
});
const transaction = createRoute({
  getParentRoute: () => line,
  path: 'transaction/$cooperatingItem',
  beforeLoad: requirePermission('asignacion_transacciones'),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/transaction-page')),
    'AssignmentTransactionPage',
  ),
});
const record = createRoute({
  getParentRoute: () => line,
  path: 'record/$cooperatingItem',
  beforeLoad: requirePermission('asignacion_historial'),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/record-page')),
    'AssignmentRecordPage',
  ),
});
const copy = createRoute({
  getParentRoute: () => line,
  path: 'copy/$cooperatingItem',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/copy-page')),
    'AssignmentCopyPage',
  ),
});

export const assignmentRoutes = [line.addChildren([overview, transaction, record, copy])] as const;
