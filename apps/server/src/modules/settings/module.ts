import { defineModule } from '../../lib/module.ts';
import { settingsRoutes } from './settings.routes.ts';

/** Dated configuration (issue 25 section 3): rates and bands with their valid-from dates and sources. */
export const settingsModule = defineModule({ name: 'settings', routes: [settingsRoutes] });
