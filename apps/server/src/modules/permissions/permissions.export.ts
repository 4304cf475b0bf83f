import { todayInGuatemala } from '@amparo/shared/format';
import type { PermissionItem } from '@amparo/shared/modules/permissions.schema';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import type { Content } from '../../lib/content.ts';
import { writeAudit } from '../../lib/audit.ts';
import { xlsxExport } from '../../lib/xlsx-export.ts';

/** Column headers per language (the export is a file for people, not an API). */
const TEXT = {
  es: {
    sheet: 'Permisos',
    key: 'Clave',
    label: 'Permiso',
    parent: 'Clave superior',
    webRoutes: 'Pantallas',
    operations: 'Operaciones de la API',
    roles: 'Roles',
    users: 'Usuarios',
    inactive: 'inactivo',
    extra: 'permiso adicional',
  },
  en: {
    sheet: 'Permissions',
    key: 'Key',
    label: 'Permission',
    parent: 'Parent key',
    webRoutes: 'Screens',
    operations: 'API operations',
    roles: 'Roles',
    users: 'Users',
    inactive: 'inactive',
    extra: 'extra permission',
  },
} as const;
const COLUMNS = ['key', 'label', 'parent', 'webRoutes', 'operations', 'roles', 'users'] as const;
const WIDTHS: Record<(typeof COLUMNS)[number], number> = {
  key: 28,
  label: 32,
  parent: 20,
  webRoutes: 40,
  operations: 60,
  roles: 30,
  users: 40,
};

/**
 * The system permission screen as one xlsx sheet in `lang`: a row per key (tree order), lists one per line in a
 * cell. A user is named by full name and username, marked when inactive or holding the key only through their
 * extra keys. Audited (who exported the list of holders) with its row count.
 */
export async function exportPermissions(
  db: Executor,
  actor: Actor,
  items: PermissionItem[],
  lang: 'es' | 'en',
  log: { error(details: object, message: string): void },
): Promise<Content> {
  const text = TEXT[lang];
  await writeAudit(db, actor, {
    action: 'export',
    entity: 'permission',
    entityId: 'permissions',
    changes: { export: { before: null, after: { lang, rows: items.length } } },
  });
  return xlsxExport({
    filename: `permisos-${todayInGuatemala()}.xlsx`,
    rows: items.length,
    sheet: { name: text.sheet, columns: COLUMNS.map((k) => ({ header: text[k], key: k, width: WIDTHS[k] })) },
    log,
    fill: async (addRow) => {
      for (const item of items)
        addRow({
          key: item.key,
          label: lang === 'en' ? item.en : item.es,
          parent: item.parent ?? '',
          webRoutes: item.webRoutes.join('\n'),
          operations: item.operations.map((o) => `${o.method} ${o.url}`).join('\n'),
          roles: item.roles.map((r) => r.name).join('\n'),
          users: item.users
            .map((u) => {
              const notes = [...(u.active ? [] : [text.inactive]), ...(u.via === 'extra' ? [text.extra] : [])];
              return `${u.fullName} (${u.username})${notes.length ? ` [${notes.join(', ')}]` : ''}`;
            })
            .join('\n'),
        });
    },
  });
}
