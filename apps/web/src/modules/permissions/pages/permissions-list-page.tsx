import { Badge, Code, Spoiler, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PermissionItem } from '@amparo/shared/modules/permissions.schema';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { ListPage } from '../../../shared/ui/list-page';
import { XlsxExport } from '../../../shared/ui/xlsx-export';
import { usePermissions } from '../api/queries';

/** A list of lines, folded after a few so one key with many operations does not push the others away. */
function Lines({ lines, code, label }: { lines: string[]; code?: boolean; label: string }) {
  const { t } = useTranslation('permissions');
  if (lines.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('none')}
      </Text>
    );
  return (
    <Spoiler
      maxHeight={72}
      showLabel={t('more', { count: lines.length })}
      hideLabel={t('less')}
      aria-label={label}
      styles={{ control: { fontSize: 'var(--mantine-font-size-sm)' } }}
    >
      <Stack gap={2}>
        {lines.map((line) =>
          code ? (
            <Code key={line} style={{ whiteSpace: 'normal', wordBreak: 'break-all' }}>
              {line}
            </Code>
          ) : (
            <Text key={line} size="sm">
              {line}
            </Text>
          ),
        )}
      </Stack>
    </Spoiler>
  );
}

/**
 * Configuración › System permissions (spec section 6, issue 24 section 5; `/configuration/permissions/list`):
 * every key with its label, the screens and API operations it opens (the server reads them from its registered
 * routes) and the roles and users holding it, with an xlsx export.
 */
export function PermissionsListPage() {
  const { t, i18n } = useTranslation('permissions');
  const permissions = usePermissions();
  const en = i18n.language.startsWith('en');
  const columns: DataColumn<PermissionItem>[] = [
    {
      id: 'label',
      header: t('fields.label'),
      text: (p) => (en ? p.en : p.es),
      cell: (p) => (
        <Stack gap={2} pl={p.depth * 16}>
          <Text size="sm" fw={p.depth === 0 ? 700 : 500}>
            {en ? p.en : p.es}
          </Text>
          <Badge variant="light" tt="none" w="fit-content">
            {p.key}
          </Badge>
        </Stack>
      ),
      width: 240,
    },
    {
      id: 'webRoutes',
      header: t('fields.webRoutes'),
      cell: (p) => <Lines lines={p.webRoutes} code label={t('fields.webRoutes')} />,
      width: 240,
    },
    {
      id: 'operations',
      header: t('fields.operations'),
      cell: (p) => (
        <Lines lines={p.operations.map((o) => `${o.method} ${o.url}`)} code label={t('fields.operations')} />
      ),
    },
    {
      id: 'roles',
      header: t('fields.roles'),
      cell: (p) => <Lines lines={p.roles.map((r) => r.name)} label={t('fields.roles')} />,
      width: 180,
    },
    {
      id: 'users',
      header: t('fields.users'),
      cell: (p) => (
        <Lines
          lines={p.users.map((u) => {
            const notes = [...(u.active ? [] : [t('inactive')]), ...(u.via === 'extra' ? [t('extra')] : [])];
            return `${u.fullName} (${u.username})${notes.length ? ` · ${notes.join(', ')}` : ''}`;
          })}
          label={t('fields.users')}
        />
      ),
      width: 220,
    },
  ];

  return (
    <ListPage
      title={t('title')}
      description={t('description')}
      exportSlot={<XlsxExport path="/api/permissions/export" search={{}} filePrefix="permisos" ns="permissions" />}
      query={permissions}
    >
      <DataTable label={t('title')} columns={columns} rows={permissions.data} rowKey={(p) => p.key} />
    </ListPage>
  );
}
