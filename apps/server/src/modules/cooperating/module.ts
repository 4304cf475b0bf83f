import { contribute } from '../../lib/extension-points.ts';
import { defineModule } from '../../lib/module.ts';
import { optionSourcesPoint } from '../../lib/option-sources.ts';
import { cooperatingRoutes } from './cooperating.routes.ts';
import * as service from './cooperating.service.ts';

/** Cooperating (funders) with their items (issue 13 section 2): their picker is the generic catalog call. */
export const cooperatingModule = defineModule({
  name: 'cooperating',
  routes: [cooperatingRoutes],
  contributes: [
    contribute(optionSourcesPoint, {
      name: 'cooperating',
      readers: ['configuracion_cooperantes'],
      source: service.cooperatingOptions,
    }),
  ],
});
