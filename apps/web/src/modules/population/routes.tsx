import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { onFirstLoad, primeFirstAnswers } from '../../shared/lib/first-load';
import { urlSearch } from '../../shared/lib/url-search';
import type { MyAttentionsSearchInput, PersonListSearchInput } from './persons/api/list-search.contract';
import { LIST_SEARCH_DEFAULTS } from './persons/api/list-url';
import { prefetchPersons } from './persons/api/prefetch';
import { activitiesRoutes } from './activities/routes';

/** Translation namespaces the pages use, loaded with their code. */
const POPULATION_NS = ['population'];

/**
 * Population › Served (spec section 2, key poblacion_poblacion). Pages are
 * lazy so the first load carries no form or detail code.
 */
const population = createRoute({
  getParentRoute: () => appLayout,
  path: 'population',
  beforeLoad: requirePermission('poblacion_poblacion'),
});

// The default child goes to the list (spec section 2).
const toList = () => {
  throw redirect({ to: '/population/served/list', replace: true });
};
const populationIndex = createRoute({ getParentRoute: () => population, path: '/', beforeLoad: toList });
const served = createRoute({ getParentRoute: () => population, path: 'served' });
const servedIndex = createRoute({ getParentRoute: () => served, path: '/', beforeLoad: toList });

const personsListPage = lazyRouteComponent(
  withNamespaces(POPULATION_NS, () => import('./persons/pages/persons-list-page')),
  'PersonsListPage',
);
const list = createRoute({
  getParentRoute: () => served,
  path: 'list',
  validateSearch: urlSearch<PersonListSearchInput>(),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  // The list's request starts as soon as the route is entered, beside the page's code, instead of after the page's
  // first render (issue 11 item 8); the page's query finds it in flight. Not on a hover's preload: every list
  // request is audited as a view of its persons. The server checks the session and permission as for any request.
  // On the page load's first navigation to the list without filters the inline boot script already asked for its
  // rows and catalogs (src/boot/early.ts): the page then waits for them, taken into the cache, so that its first
  // render draws the rows (shared/lib/first-load.ts, issue 24 section 4).
  loader: ({ context, location, preload, cause }) => {
    if (preload || cause !== 'enter') return;
    const requests = prefetchPersons(context.queryClient, location.search);
    if (onFirstLoad() && location.searchStr === '')
      return primeFirstAnswers(requests, personsListPage.preload?.() ?? Promise.resolve());
  },
  component: personsListPage,
});
const add = createRoute({
  getParentRoute: () => served,
  path: 'add',
  component: lazyRouteComponent(
    withNamespaces(POPULATION_NS, () => import('./persons/pages/person-add-page')),
    'PersonAddPage',
  ),
});
const edit = createRoute({
  getParentRoute: () => served,
  path: 'edit/$id',
  component: lazyRouteComponent(
    withNamespaces(POPULATION_NS, () => import('./persons/pages/person-edit-page')),
    'PersonEditPage',
  ),
});
const detail = createRoute({
  getParentRoute: () => served,
  path: '$id',
  component: lazyRouteComponent(
    withNamespaces(POPULATION_NS, () => import('./case-file/pages/person-detail-page')),
    'PersonDetailPage',
  ),
});

// The signed-in professional's own attentions (reached from the account page).
const myAttentions = createRoute({
  getParentRoute: () => population,
  path: 'attentions/mine',
  validateSearch: urlSearch<MyAttentionsSearchInput>(),
  search: { middlewares: [stripSearchParams({ page: 1 })] },
  component: lazyRouteComponent(
    withNamespaces(POPULATION_NS, () => import('./case-file/pages/my-attentions-page')),
    'MyAttentionsPage',
  ),
});

export const populationRoutes = [
  population.addChildren([populationIndex, served.addChildren([servedIndex, list, add, edit, detail]), myAttentions]),
  activitiesRoutes,
] as const;
