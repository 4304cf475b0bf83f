import { defineModule } from '../../lib/module.ts';
import { dashboardRoutes } from './dashboard.routes.ts';

/** The dashboard: the cards of the areas a user holds. */
export const dashboardModule = defineModule({ name: 'dashboard', routes: [dashboardRoutes] });
