/**
 * Every permission key of the product (spec section 2), as one typed tree.
 *
 * Module keys (`poblacion`, `configuracion`, ...) open a menu group; screen keys
 * (`poblacion_poblacion`, `configuracion_roles`, ...) open a screen. A screen key
 * only counts when its parent keys are held too (the spec nests screens under
 * their module), see `hasPermission`.
 */
export interface PermissionNode {
  key: string;
  es: string;
  en: string;
  children?: PermissionNode[];
}

export const PERMISSION_TREE = [
  {
    key: 'poblacion',
    es: 'Población',
    en: 'Population',
    children: [
      { key: 'poblacion_poblacion', es: 'Población atendida', en: 'Population served' },
      { key: 'poblacion_actividades', es: 'Actividades grupales', en: 'Group activities' },
      // Issue 9 item 2: edit any activity (not only one's own) and untag hidden photos, with a reason.
      {
        key: 'poblacion_actividades_gestion',
        es: 'Gestión de todas las actividades grupales',
        en: 'Manage all group activities',
      },
      // Not in the spec's list: issue 4 asks for a distinct permission to export sensitive fields.
      { key: 'poblacion_exportacion_sensible', es: 'Exportar datos sensibles', en: 'Export sensitive data' },
    ],
  },
  {
    key: 'talento',
    es: 'Talento humano',
    en: 'Human talent',
    children: [
      { key: 'talento_aplicantes', es: 'Aplicantes', en: 'Applicants' },
      { key: 'talento_colaboradores', es: 'Colaboradores', en: 'Collaborators' },
    ],
  },
  {
    key: 'presupuesto',
    es: 'Presupuesto',
    en: 'Budget',
    children: [
      { key: 'presupuesto_planificacion', es: 'Planificación (POA)', en: 'Planning (POA)' },
      // Not in the spec's list: issue 13 asks for an approver of the year's plan, its revisions and carry-forwards.
      {
        key: 'presupuesto_aprobacion',
        es: 'Aprobar el POA y sus revisiones',
        en: 'Approve the plan and its revisions',
      },
      {
        key: 'asignacion',
        es: 'Asignación',
        en: 'Assignment',
        children: [
          { key: 'asignacion_transacciones', es: 'Transacciones', en: 'Transactions' },
          { key: 'asignacion_historial', es: 'Historial', en: 'Record' },
          // Not in the spec's list: issue 13 section 4 asks for a role that may release a budget stop, with a reason.
          {
            key: 'asignacion_liberacion',
            es: 'Liberar bloqueos de disponibilidad',
            en: 'Release availability stops',
          },
        ],
      },
    ],
  },
  {
    key: 'documentacion',
    es: 'Documentación',
    en: 'Documentation',
    children: [{ key: 'documentacion_documentacion', es: 'Documentos', en: 'Documents' }],
  },
  {
    key: 'ejecucion',
    es: 'Ejecución',
    en: 'Execution',
    children: [
      { key: 'ejecucion_solicitudes', es: 'Solicitudes', en: 'Requests' },
      // Not in the spec's list: issue 26 section 4 asks who takes each stage of a request's approval chain.
      {
        key: 'ejecucion_aprobacion_jefe',
        es: 'Aprobar solicitudes como jefatura',
        en: 'Approve requests as the requester’s boss',
      },
      {
        key: 'ejecucion_aprobacion_superior',
        es: 'Aprobación superior de solicitudes',
        en: 'Superior approval of requests',
      },
      {
        key: 'ejecucion_administracion',
        es: 'Administración de solicitudes: aprobación, cuadro comparativo y cheques',
        en: 'Request administration: approval, comparative table and checks',
      },
      { key: 'ejecucion_personal', es: 'Ejecución de personal', en: 'Personnel execution' },
    ],
  },
  {
    key: 'configuracion',
    es: 'Configuración',
    en: 'Configuration',
    children: [
      { key: 'configuracion_sede', es: 'Sedes', en: 'Headquarters' },
      { key: 'configuracion_cooperantes', es: 'Cooperantes', en: 'Cooperating' },
      { key: 'configuracion_usuarios', es: 'Usuarios', en: 'Users' },
      { key: 'configuracion_roles', es: 'Roles', en: 'Roles' },
      { key: 'configuracion_proveedores', es: 'Proveedores', en: 'Providers' },
      { key: 'configuracion_vales', es: 'Vales', en: 'Vouchers' },
      { key: 'configuracion_catalogos', es: 'Catálogos', en: 'Catalogs' },
      // Not in the spec's list: issue 9 item 5 asks for a security log an administrator can read.
      { key: 'configuracion_seguridad', es: 'Registro de seguridad', en: 'Security log' },
      // Not in the spec's list: issue 12 asks for the holidays the charity adds (service targets count working time).
      { key: 'configuracion_calendario', es: 'Calendario laboral', en: 'Working calendar' },
      // Not in the spec's list: issue 25 section 3 asks for the dated rates and thresholds law and policy set.
      { key: 'configuracion_parametros', es: 'Parámetros legales', en: 'Legal parameters' },
    ],
  },
  {
    key: 'reportes',
    es: 'Reportes',
    en: 'Reports',
    children: [
      { key: 'reportes_profesional', es: 'Profesional', en: 'Professional' },
      { key: 'reportes_gestion_caso', es: 'Gestión de caso', en: 'Case management' },
      { key: 'reportes_tematica', es: 'Temática', en: 'Thematic' },
    ],
  },
  {
    key: 'administrativo',
    es: 'Administrativo',
    en: 'Administrative',
    children: [
      { key: 'administrativo_actividades', es: 'Actividades', en: 'Activities' },
      { key: 'administrativo_activos', es: 'Activos', en: 'Assets' },
    ],
  },
  {
    // Spec section 1 lists support tickets; issue 12 names these keys.
    key: 'soporte',
    es: 'Soporte',
    en: 'Support',
    children: [
      { key: 'soporte_tickets', es: 'Mis tickets', en: 'My tickets' },
      { key: 'soporte_gestion', es: 'Gestión de tickets', en: 'Ticket management' },
    ],
  },
] as const satisfies readonly PermissionNode[];

type KeysOf<N> = N extends { key: infer K; children: infer C }
  ? K | KeysOf<C extends readonly (infer E)[] ? E : never>
  : N extends { key: infer K }
    ? K
    : never;

/** Union of every permission key, e.g. `'poblacion_poblacion'`. */
export type PermissionKey = KeysOf<(typeof PERMISSION_TREE)[number]>;

function flatten(
  nodes: readonly PermissionNode[],
  parent: string | null,
  out: Map<string, { node: PermissionNode; parent: string | null }>,
) {
  for (const node of nodes) {
    out.set(node.key, { node, parent });
    if (node.children) flatten(node.children, node.key, out);
  }
  return out;
}

const INDEX = flatten(PERMISSION_TREE, null, new Map());

/** Every key, parents before children. */
export const PERMISSION_KEYS = [...INDEX.keys()] as PermissionKey[];

export function isPermissionKey(value: string): value is PermissionKey {
  return INDEX.has(value);
}

/** The chain of keys a screen key needs: itself and every ancestor. */
export function requiredKeys(key: PermissionKey): PermissionKey[] {
  const chain: PermissionKey[] = [];
  let current: string | null = key;
  while (current) {
    chain.push(current as PermissionKey);
    current = INDEX.get(current)?.parent ?? null;
  }
  return chain;
}

/** Label of a key in a language ('es' default). */
export function permissionLabel(key: PermissionKey, lang: string): string {
  const node = INDEX.get(key)?.node;
  if (!node) return key;
  return lang.startsWith('en') ? node.en : node.es;
}

/**
 * True when `granted` (the user's `permisos`) holds `key` and all its parents
 * (spec section 6: "a check tests whether a given key is in it"; section 2 nests
 * screen keys under module keys).
 */
export function hasPermission(granted: readonly string[] | ReadonlySet<string>, key: PermissionKey): boolean {
  const set = granted instanceof Set ? granted : new Set(granted as readonly string[]);
  return requiredKeys(key).every((k) => set.has(k));
}
