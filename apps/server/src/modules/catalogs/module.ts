import { catalogColumnsPoint } from '../../lib/catalog-usage.ts';
import { contribute } from '../../lib/extension-points.ts';
import { defineModule } from '../../lib/module.ts';
import { catalogsRoutes } from './catalogs.routes.ts';
import { catalogItems } from './catalogs.table.ts';

/** The generic catalog call and the catalog editor (`configuracion_catalogos`). */
export const catalogsModule = defineModule({
  name: 'catalogs',
  routes: [catalogsRoutes],
  contributes: [
    // A strategic axis with programs under it is in use (issue 13 section 1).
    contribute(catalogColumnsPoint, { catalog: 'strategic_axis', table: catalogItems, column: catalogItems.parent }),
  ],
});
