import type { PermissionKey } from './permissions.ts';

/**
 * The web screens each permission key opens (issue 24 section 5: the system permission screen), as path patterns
 * of the web router (`/*`: the path and everything under it, for a layout route). A screen open to holders of any of several keys
 * is listed under each of them. `apps/web/src/app/web-routes.test.ts` walks the router and fails when a guarded
 * route is missing here or listed under a key its guard does not take, so this map cannot drift from the screens.
 */
export const WEB_ROUTES: Partial<Record<PermissionKey, readonly string[]>> = {
  poblacion_poblacion: ['/population/*'],
  poblacion_actividades: ['/population/activities/*'],
  documentacion_documentacion: ['/documentation/*'],
  presupuesto: ['/budget/*'],
  presupuesto_planificacion: [
    '/budget/planning/*',
    '/budget/planning/import',
    '/budget/planning/copy-year',
    '/budget/summary/poa',
  ],
  asignacion: ['/budget/assignment/$expense/*', '/budget/summary/funders'],
  asignacion_transacciones: ['/budget/assignment/$expense/transaction/$cooperatingItem'],
  asignacion_historial: ['/budget/assignment/$expense/record/$cooperatingItem', '/budget/carry-forwards'],
  ejecucion: ['/execution/requests/*', '/execution/petty-cash/*'],
  ejecucion_solicitudes: [
    '/execution/requests/list',
    '/execution/requests/add',
    '/execution/requests/add/purchase-order/$month',
    '/execution/requests/add/reserve/$month',
    '/execution/requests/add/petty-cash/$month',
    '/execution/requests/add/travel-expenses/$month',
    '/execution/requests/$request/edit',
  ],
  ejecucion_aprobacion_jefe: ['/execution/requests/list'],
  ejecucion_aprobacion_superior: ['/execution/requests/list'],
  ejecucion_administracion: [
    '/execution/requests/list',
    '/execution/petty-cash/add',
    '/execution/petty-cash/$fund/edit',
    '/execution/budget',
    '/execution/refunds',
  ],
  ejecucion_personal: ['/execution/personal'],
  configuracion_sede: ['/configuration/headquarter/*'],
  configuracion_cooperantes: ['/configuration/cooperating/*'],
  configuracion_proveedores: ['/configuration/providers/*'],
  configuracion_vales: ['/configuration/vouchers/*'],
  configuracion_usuarios: ['/configuration/users/*'],
  configuracion_roles: ['/configuration/roles/*', '/configuration/permissions/*'],
  configuracion_catalogos: ['/configuration/catalogs'],
  configuracion_seguridad: ['/configuration/security-log'],
  configuracion_calendario: ['/configuration/working-calendar'],
  configuracion_parametros: ['/configuration/settings'],
  soporte: ['/support/*'],
  soporte_tickets: ['/support/tickets/list', '/support/tickets/add', '/support/tickets/$id'],
  soporte_gestion: ['/support/tickets/list', '/support/tickets/$id', '/support/board', '/support/settings'],
};

/** The web screens `key` opens (patterns of WEB_ROUTES), [] when none exists yet. */
export function webRoutesOf(key: PermissionKey): readonly string[] {
  return WEB_ROUTES[key] ?? [];
}
