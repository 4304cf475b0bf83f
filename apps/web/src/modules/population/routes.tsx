import { createRoute, lazyRouteComponent, redirect, stripSearchParams, type AnyRoute } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { LIST_SEARCH_DEFAULTS, myAttentionsSearch, personListSearch } from './persons/api/list-search';
import { ACTIVITY_SEARCH_DEFAULTS, activityListSearch } from './activities/api/list-search';

/** Translation namespaces the pages use, loaded with their code. */
const POPULATION_NS = ['population'];
const ACTIVITIES_NS = ['activities', 'population'];

/**
 * Population › Served (spec section 2, key poblacion_poblacion). Pages are
 * lazy so the first load carries no form or detail code.
 */
export function populationRoutes(parent: AnyRoute) {
  const population = createRoute({
    getParentRoute: () => parent,
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

  const list = createRoute({
    getParentRoute: () => served,
    path: 'list',
    validateSearch: personListSearch,
    search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
    component: lazyRouteComponent(
      withNamespaces(POPULATION_NS, () => import('./persons/pages/persons-list-page')),
      'PersonsListPage',
    ),
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
    validateSearch: myAttentionsSearch,
    search: { middlewares: [stripSearchParams({ page: 1 })] },
    component: lazyRouteComponent(
      withNamespaces(POPULATION_NS, () => import('./case-file/pages/my-attentions-page')),
      'MyAttentionsPage',
    ),
  });

  return [
    population.addChildren([populationIndex, served.addChildren([servedIndex, list, add, edit, detail]), myAttentions]),
    activitiesRoutes(parent),
  ];
}

/**
 * Population › Group activities (issue 4, key poblacion_actividades). A branch
 * of its own under the app layout, so it needs only its own key and not
 * poblacion_poblacion (which guards the `population` route above).
 */
function activitiesRoutes(parent: AnyRoute) {
  const activities = createRoute({
    getParentRoute: () => parent,
    path: 'population/activities',
    beforeLoad: requirePermission('poblacion_actividades'),
  });
  const activitiesIndex = createRoute({
    getParentRoute: () => activities,
    path: '/',
    beforeLoad: () => {
      throw redirect({ to: '/population/activities/list', replace: true });
    },
  });
  const list = createRoute({
    getParentRoute: () => activities,
    path: 'list',
    validateSearch: activityListSearch,
    search: { middlewares: [stripSearchParams(ACTIVITY_SEARCH_DEFAULTS)] },
    component: lazyRouteComponent(
      withNamespaces(ACTIVITIES_NS, () => import('./activities/pages/activities-list-page')),
      'ActivitiesListPage',
    ),
  });
  const add = createRoute({
    getParentRoute: () => activities,
    path: 'add',
    component: lazyRouteComponent(
      withNamespaces(ACTIVITIES_NS, () => import('./activities/pages/activity-add-page')),
      'ActivityAddPage',
    ),
  });
  const edit = createRoute({
    getParentRoute: () => activities,
    path: 'edit/$id',
    component: lazyRouteComponent(
      withNamespaces(ACTIVITIES_NS, () => import('./activities/pages/activity-edit-page')),
      'ActivityEditPage',
    ),
  });
  const view = createRoute({
    getParentRoute: () => activities,
    path: 'view/$id',
    component: lazyRouteComponent(
      withNamespaces(ACTIVITIES_NS, () => import('./activities/pages/activity-view-page')),
      'ActivityViewPage',
    ),
  });
  return activities.addChildren([activitiesIndex, list, add, edit, view]);
}
