import type { ComponentType } from 'react';
import type { LinkProps } from '@tanstack/react-router';
import {
  IconBuilding,
  IconBuildingBank,
  IconCalendarEvent,
  IconCalendarTime,
  IconCategory,
  IconChartBar,
  IconChartPie,
  IconFileText,
  IconFolders,
  IconKey,
  IconHeadset,
  IconLayoutKanban,
  IconLayoutDashboard,
  IconReportAnalytics,
  IconReportMoney,
  IconScale,
  IconTransferIn,
  IconSettings,
  IconShieldCheck,
  IconTicket,
  IconShieldLock,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { PermissionKey } from '@amparo/shared/permissions';
import type { UserProfile } from '@amparo/shared/modules/auth.schema';
import { can } from '../shared/lib/session';

export interface NavItem {
  /** A registered route path: a wrong one fails `npm run typecheck`. */
  to: LinkProps['to'] & string;
  /** The route's permission key; absent for screens every user has (dashboard). */
  permission?: PermissionKey;
  /** Shown to holders of any of these keys instead (a list both requesters and support staff open). */
  anyOf?: PermissionKey[];
  /** Locale key of the label, when the permission key's label does not name the screen (or there is none). */
  labelKey?: string;
  icon: ComponentType<{ size?: number | string }>;
}

export interface NavGroup {
  /** Module key: its PERMISSION_TREE label titles the group. */
  module: PermissionKey;
  icon: ComponentType<{ size?: number | string }>;
  items: NavItem[];
}

/** Screens that exist today, by module (spec section 2). Labels come from PERMISSION_TREE. */
export const NAV_TOP: NavItem[] = [{ to: '/dashboard', labelKey: 'common:menu.dashboard', icon: IconLayoutDashboard }];

export const NAV_GROUPS: NavGroup[] = [
  {
    module: 'poblacion',
    icon: IconUsersGroup,
    items: [
      { to: '/population/served', permission: 'poblacion_poblacion', icon: IconUsersGroup },
      { to: '/population/activities', permission: 'poblacion_actividades', icon: IconCalendarEvent },
    ],
  },
  {
    module: 'documentacion',
    icon: IconFolders,
    items: [{ to: '/documentation/list', permission: 'documentacion_documentacion', icon: IconFileText }],
  },
  {
    module: 'soporte',
    icon: IconHeadset,
    items: [
      {
        to: '/support/tickets/list',
        anyOf: ['soporte_tickets', 'soporte_gestion'],
        labelKey: 'common:menu.supportTickets',
        icon: IconTicket,
      },
      {
        to: '/support/board',
        permission: 'soporte_gestion',
        labelKey: 'common:menu.supportBoard',
        icon: IconLayoutKanban,
      },
      {
        to: '/support/settings',
        permission: 'soporte_gestion',
        labelKey: 'common:menu.supportSettings',
        icon: IconSettings,
      },
    ],
  },
  {
    module: 'presupuesto',
    icon: IconReportMoney,
    items: [
      { to: '/budget/planning/list', permission: 'presupuesto_planificacion', icon: IconChartBar },
      {
        to: '/budget/summary/poa',
        permission: 'presupuesto_planificacion',
        labelKey: 'common:menu.poaSummary',
        icon: IconReportAnalytics,
      },
      {
        to: '/budget/summary/funders',
        permission: 'asignacion',
        labelKey: 'common:menu.funderSummary',
        icon: IconChartPie,
      },
      {
        to: '/budget/carry-forwards',
        permission: 'asignacion_historial',
        labelKey: 'common:menu.carryForwards',
        icon: IconTransferIn,
      },
    ],
  },
  {
    module: 'configuracion',
    icon: IconSettings,
    items: [
      { to: '/configuration/headquarter/list', permission: 'configuracion_sede', icon: IconBuilding },
      { to: '/configuration/cooperating/list', permission: 'configuracion_cooperantes', icon: IconBuildingBank },
      { to: '/configuration/users/list', permission: 'configuracion_usuarios', icon: IconUsers },
      { to: '/configuration/roles/list', permission: 'configuracion_roles', icon: IconShieldLock },
      {
        to: '/configuration/permissions/list',
        permission: 'configuracion_roles',
        labelKey: 'common:menu.systemPermissions',
        icon: IconKey,
      },
      { to: '/configuration/catalogs', permission: 'configuracion_catalogos', icon: IconCategory },
      { to: '/configuration/security-log', permission: 'configuracion_seguridad', icon: IconShieldCheck },
      { to: '/configuration/working-calendar', permission: 'configuracion_calendario', icon: IconCalendarTime },
      { to: '/configuration/settings', permission: 'configuracion_parametros', icon: IconScale },
    ],
  },
];

/** The groups and items this user may open; empty groups are dropped. */
export function visibleNavigation(user: UserProfile | null) {
  const allowed = (item: NavItem) =>
    (!item.permission || can(user, item.permission)) && (!item.anyOf || item.anyOf.some((key) => can(user, key)));
  return {
    top: NAV_TOP.filter(allowed),
    groups: NAV_GROUPS.map((g) => ({ ...g, items: g.items.filter(allowed) })).filter((g) => g.items.length > 0),
  };
}
