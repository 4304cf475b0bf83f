import { defineModule } from '../../lib/module.ts';
import { permissionsRoutes } from './permissions.routes.ts';

/** The permission tree (spec section 5), read by the role editor. */
export const permissionsModule = defineModule({ name: 'permissions', routes: [permissionsRoutes] });
