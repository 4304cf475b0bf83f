import type { ComponentType } from 'react';
import {
  IconFolders,
  IconHeadset,
  IconReceipt,
  IconReportMoney,
  IconSettings,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { UserProfile } from '@amparo/shared/modules/auth.schema';
import { can } from '../shared/lib/session';
import type { NavArea, NavItem, WebModule } from '../shared/lib/module';
import { accountModule } from '../modules/account/module';
import { authModule } from '../modules/auth/module';
import { budgetModule } from '../modules/budget/module';
import { catalogsModule } from '../modules/catalogs/module';
import { cooperatingModule } from '../modules/cooperating/module';
import { dashboardModule } from '../modules/dashboard/module';
import { documentationModule } from '../modules/documentation/module';
import { executionModule } from '../modules/execution/module';
import { headquartersModule } from '../modules/headquarters/module';
import { notificationsModule } from '../modules/notifications/module';
import { permissionsModule } from '../modules/permissions/module';
import { populationModule } from '../modules/population/module';
import { providersModule } from '../modules/providers/module';
import { rolesModule } from '../modules/roles/module';
import { securityLogModule } from '../modules/security-log/module';
import { settingsModule } from '../modules/settings/module';
import { supportModule } from '../modules/support/module';
import { usersModule } from '../modules/users/module';
import { vouchersModule } from '../modules/vouchers/module';
import { workflowModule } from '../modules/workflow/module';
import { workingCalendarModule } from '../modules/working-calendar/module';

export type { NavItem };

/** The menu's groups in order (spec section 2): an area's PERMISSION_TREE label titles it. */
const AREAS: { module: NavArea; icon: ComponentType<{ size?: number | string }> }[] = [
  { module: 'poblacion', icon: IconUsersGroup },
  { module: 'documentacion', icon: IconFolders },
  { module: 'soporte', icon: IconHeadset },
  { module: 'presupuesto', icon: IconReportMoney },
  { module: 'ejecucion', icon: IconReceipt },
  { module: 'configuracion', icon: IconSettings },
];

/**
 * The modules whose manifests give menu entries, in the order their entries appear within an area (issue 25
 * section 4). A new module adds its manifest here.
 */
const WEB_MODULES: readonly WebModule[] = [
  dashboardModule,
  populationModule,
  documentationModule,
  supportModule,
  budgetModule,
  executionModule,
  headquartersModule,
  cooperatingModule,
  providersModule,
  vouchersModule,
  usersModule,
  rolesModule,
  permissionsModule,
  catalogsModule,
  securityLogModule,
  workingCalendarModule,
  settingsModule,
  accountModule,
  authModule,
  notificationsModule,
  workflowModule,
];

const entriesOf = (area: NavArea | 'top') =>
  WEB_MODULES.flatMap((m) => (m.navigation ?? []).filter((n) => n.area === area).flatMap((n) => n.items));

export interface NavGroup {
  /** Module key: its PERMISSION_TREE label titles the group. */
  module: NavArea;
  icon: ComponentType<{ size?: number | string }>;
  items: readonly NavItem[];
}

/** Screens that exist today, by area, from the modules' manifests. */
export const NAV_TOP: readonly NavItem[] = entriesOf('top');
export const NAV_GROUPS: NavGroup[] = AREAS.map((a) => ({ ...a, items: entriesOf(a.module) }));

/** The groups and items this user may open; empty groups are dropped. */
export function visibleNavigation(user: UserProfile | null) {
  const allowed = (item: NavItem) =>
    (!item.permission || can(user, item.permission)) && (!item.anyOf || item.anyOf.some((key) => can(user, key)));
  return {
    top: NAV_TOP.filter(allowed),
    groups: NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter(allowed) })).filter((g) => g.items.length > 0),
  };
}
