import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { requirePermission } from '../../../shared/lib/guards';
import { withNamespaces } from '../../../shared/lib/i18n';
import { appLayout } from '../../../shared/lib/route-roots';
import { urlSearch } from '../../../shared/lib/url-search';
import type { ActivityListSearchInput } from './api/list-search';
import { ACTIVITY_SEARCH_DEFAULTS } from './api/list-url';

/** Translation namespaces the pages use, loaded with their code. */
const ACTIVITIES_NS = ['activities', 'population'];

/**
 * Population › Group activities (issue 4, key poblacion_actividades). A branch
 * of its own under the app layout, so it needs only its own key and not
 * poblacion_poblacion (which guards the `population` route above).
 */
const activities = createRoute({
  getParentRoute: () => appLayout,
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
  validateSearch: urlSearch<ActivityListSearchInput>(),
  search: { middlewares: [stripSearchParams(ACTIVITY_SEARCH_DEFAULTS)] },
  component: lazyRouteComponent(
    withNamespaces(ACTIVITIES_NS, () => import('./pages/activities-list-page')),
    'ActivitiesListPage',
  ),
});
const add = createRoute({
  getParentRoute: () => activities,
  path: 'add',
  component: lazyRouteComponent(
    withNamespaces(ACTIVITIES_NS, () => import('./pages/activity-add-page')),
    'ActivityAddPage',
  ),
});
const edit = createRoute({
  getParentRoute: () => activities,
  path: 'edit/$id',
  component: lazyRouteComponent(
    withNamespaces(ACTIVITIES_NS, () => import('./pages/activity-edit-page')),
    'ActivityEditPage',
  ),
});
const view = createRoute({
  getParentRoute: () => activities,
  path: 'view/$id',
  component: lazyRouteComponent(
    withNamespaces(ACTIVITIES_NS, () => import('./pages/activity-view-page')),
    'ActivityViewPage',
  ),
});
export const activitiesRoutes = activities.addChildren([activitiesIndex, list, add, edit, view]);
