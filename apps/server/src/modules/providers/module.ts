import { defineModule } from '../../lib/module.ts';
import { agreementsRoutes } from './agreements.routes.ts';
import { providersRoutes } from './providers.routes.ts';

/**
 * Providers (`configuracion_proveedores`, issue 26 section 1): whom the expense requests quote and pay, and their
 * framework agreements (prices per item for a period, which count as the quotes for those items).
 */
export const providersModule = defineModule({ name: 'providers', routes: [providersRoutes, agreementsRoutes] });
