import { defineModule } from '../../lib/module.ts';
import { providersRoutes } from './providers.routes.ts';

/** Providers (`configuracion_proveedores`, issue 26 section 1): whom the expense requests quote and pay. */
export const providersModule = defineModule({ name: 'providers', routes: [providersRoutes] });
