import { contribute } from '../../lib/extension-points.ts';
import { defineModule } from '../../lib/module.ts';
import { optionSourcesPoint } from '../../lib/option-sources.ts';
import { headquartersRoutes } from './headquarters.routes.ts';
import * as service from './headquarters.service.ts';

/**
 * Headquarters (`configuracion_sede`). The headquarter picker of every module is the generic catalog call
 * `headquarter` (value = the id); each module using it adds its screens' keys (issue 23 item 4).
 */
export const headquartersModule = defineModule({
  name: 'headquarters',
  routes: [headquartersRoutes],
  contributes: [
    contribute(optionSourcesPoint, {
      name: 'headquarter',
      readers: ['configuracion_sede'],
      source: async (db, { includeInactive }) =>
        (await service.headquarterOptions(db)).filter((h) => includeInactive || h.active),
    }),
  ],
});
