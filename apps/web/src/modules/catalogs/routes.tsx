import { createRoute, lazyRouteComponent, stripSearchParams } from '@tanstack/react-router';
import { CATALOG_NAMES } from '@amparo/shared/modules/catalog-names';
import { requirePermission } from '../../shared/lib/guards';
import { withNamespaces } from '../../shared/lib/i18n';
import { appLayout } from '../../shared/lib/route-roots';
import { catalogSearch } from './api/catalog-search';

/** Translation namespaces the pages use, loaded with their code. */
const NS = ['catalogs'];

/** Configuration › Catalogs (key configuracion_catalogos): one screen for every editable catalog. */
export const catalogsRoutes = [
  createRoute({
    getParentRoute: () => appLayout,
    path: 'configuration/catalogs',
    beforeLoad: requirePermission('configuracion_catalogos'),
    validateSearch: catalogSearch,
    search: { middlewares: [stripSearchParams({ catalog: CATALOG_NAMES[0] })] },
    component: lazyRouteComponent(
      withNamespaces(NS, () => import('./pages/catalogs-page')),
      'CatalogsPage',
    ),
  }),
] as const;
