import type { ServerModule } from './lib/module.ts';
import { accountModule } from './modules/account/module.ts';
import { authModule } from './modules/auth/module.ts';
import { budgetModule } from './modules/budget/module.ts';
import { catalogsModule } from './modules/catalogs/module.ts';
import { cooperatingModule } from './modules/cooperating/module.ts';
import { dashboardModule } from './modules/dashboard/module.ts';
import { executionModule } from './modules/execution/module.ts';
import { documentationModule } from './modules/documentation/module.ts';
import { headquartersModule } from './modules/headquarters/module.ts';
import { notificationsModule } from './modules/notifications/module.ts';
import { permissionsModule } from './modules/permissions/module.ts';
import { populationModule } from './modules/population/module.ts';
import { providersModule } from './modules/providers/module.ts';
import { rolesModule } from './modules/roles/module.ts';
import { securityLogModule } from './modules/security-log/module.ts';
import { settingsModule } from './modules/settings/module.ts';
import { supportModule } from './modules/support/module.ts';
import { talentModule } from './modules/talent/module.ts';
import { usersModule } from './modules/users/module.ts';
import { vouchersModule } from './modules/vouchers/module.ts';
import { workingCalendarModule } from './modules/working-calendar/module.ts';
import { workflowModule } from './modules/workflow/module.ts';

/**
 * The app's modules, in the order `app.ts` assembles them (issue 25 section 4): their contributions in this order
 * (the order a point's readers see them), then their jobs, then their routes. A new module adds its manifest here
 * and nowhere else in the server.
 */
export const APP_MODULES: readonly ServerModule[] = [
  authModule,
  accountModule,
  rolesModule,
  permissionsModule,
  usersModule,
  headquartersModule,
  budgetModule,
  catalogsModule,
  populationModule,
  documentationModule,
  dashboardModule,
  securityLogModule,
  notificationsModule,
  workingCalendarModule,
  settingsModule,
  supportModule,
  cooperatingModule,
  providersModule,
  vouchersModule,
  talentModule,
  executionModule,
  workflowModule,
];
