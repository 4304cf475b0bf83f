import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { onFirstLoad, primeFirstAnswers } from '../../shared/lib/first-load';
import { requirePermission } from '../../shared/lib/guards';
import i18n, { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { urlSearch } from '../../shared/lib/url-search';
import { planningFirstAnswers } from './planning/api/first-answers';
import { planningSearch, type PlanningSearchInput } from './planning/api/list-search';
import { PLANNING_SEARCH_DEFAULTS } from './planning/api/list-url';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['budget'];

/** Presupuesto (issue 13): the module's root; its screens hang below with their own keys. */
const budget = createRoute({
  getParentRoute: () => appLayout,
  path: 'budget',
  beforeLoad: requirePermission('presupuesto'),
});
const budgetIndex = createRoute({
  getParentRoute: () => budget,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/budget/planning/list', replace: true });
  },
});
/** Presupuesto › Planificación (key presupuesto_planificacion, issue 13 section 3). */
const planning = createRoute({
  getParentRoute: () => budget,
  path: 'planning',
  beforeLoad: requirePermission('presupuesto_planificacion'),
});
// The spec's path is `.../list`; the bare path goes there.
const index = createRoute({
  getParentRoute: () => planning,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/budget/planning/list', replace: true });
  },
});
const planningListPage = lazyRouteComponent(
  withNamespaces(NS, () => import('./planning/pages/planning-list-page')),
  'PlanningListPage',
);
const list = createRoute({
  getParentRoute: () => planning,
  path: 'list',
  validateSearch: urlSearch<PlanningSearchInput>(),
  search: { middlewares: [stripSearchParams(PLANNING_SEARCH_DEFAULTS)] },
  // The page load's first navigation here without filters: the boot script's answers go into the cache before the
  // page's first render, which then draws the lines once (shared/lib/first-load.ts).
  loader: ({ context, location, preload, cause }) => {
    if (preload || cause !== 'enter' || !onFirstLoad() || location.searchStr !== '') return;
    return primeFirstAnswers(
      planningFirstAnswers(context.queryClient, planningSearch.parse(location.search), i18n.language),
      planningListPage.preload?.() ?? Promise.resolve(),
    );
  },
  component: planningListPage,
});
const add = createRoute({
  getParentRoute: () => planning,
  path: 'add',
  // The list's year, when it is not this one: the new line is planned for it.
  validateSearch: urlSearch<{ year?: number }>(),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./planning/pages/planning-add-page')),
    'PlanningAddPage',
  ),
});
const edit = createRoute({
  getParentRoute: () => planning,
  path: 'edit/$id',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./planning/pages/planning-edit-page')),
    'PlanningEditPage',
  ),
});
// The line's detail (issue 13 section 5: months with planned, assigned per item, committed, executed, available)
// is its assignment page; this path, the spec's, leads there for holders of asignacion.
const detail = createRoute({
  getParentRoute: () => planning,
  path: '$id',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/budget/assignment/$expense', params: { expense: params.id }, replace: true });
  },
});
export const budgetRoutes = [
  budget.addChildren([budgetIndex, planning.addChildren([index, list, add, edit, detail])]),
] as const;
