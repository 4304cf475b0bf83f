import { createRoute, lazyRouteComponent, redirect, stripSearchParams } from '@tanstack/react-router';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { urlSearch } from '../../shared/lib/url-search';
import type { DocumentAddSearchInput, DocumentListSearchInput } from './api/list-search';
import { LIST_SEARCH_DEFAULTS } from './api/list-url';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['documentation'];

/**
 * Documentation › Documents (issue 4, key documentacion_documentacion). Pages
 * are lazy so the first load carries no form, upload or viewer code.
 */
const documentation = createRoute({
  getParentRoute: () => appLayout,
  path: 'documentation',
  beforeLoad: requirePermission('documentacion_documentacion'),
});
const index = createRoute({
  getParentRoute: () => documentation,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/documentation/list', replace: true });
  },
});
const list = createRoute({
  getParentRoute: () => documentation,
  path: 'list',
  validateSearch: urlSearch<DocumentListSearchInput>(),
  search: { middlewares: [stripSearchParams(LIST_SEARCH_DEFAULTS)] },
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/documents-list-page')),
    'DocumentsListPage',
  ),
});
const add = createRoute({
  getParentRoute: () => documentation,
  path: 'add',
  validateSearch: urlSearch<DocumentAddSearchInput>(),
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/document-add-page')),
    'DocumentAddPage',
  ),
});
const edit = createRoute({
  getParentRoute: () => documentation,
  path: 'edit/$id',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/document-edit-page')),
    'DocumentEditPage',
  ),
});
const view = createRoute({
  getParentRoute: () => documentation,
  path: 'view/$id',
  component: lazyRouteComponent(
    withNamespaces(NS, () => import('./pages/document-view-page')),
    'DocumentViewPage',
  ),
});
export const documentationRoutes = [documentation.addChildren([index, list, add, edit, view])] as const;
