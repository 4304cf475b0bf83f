import { Badge } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@amparo/shared/modules/roles.schema';
import { useDeleteConfirm } from '../../../shared/hooks/use-delete-confirm';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { ListPage } from '../../../shared/ui/list-page';
import { RowActions } from '../../../shared/ui/row-actions';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { useDeleteRole } from '../api/mutations';
import { useRoles } from '../api/queries';

/** Configuración › Roles › list (spec section 2, `/configuration/roles/list`). */
export function RolesListPage() {
  const { t } = useTranslation('roles');
  const roles = useRoles();
  const remove = useDeleteRole();
  // A role still given to users answers 409 in_use; the hook shows why.
  const deletion = useDeleteConfirm<Role>({
    remove: (role) => remove.mutateAsync(role.id),
    nameOf: (role) => role.name,
  });
  const columns: DataColumn<Role>[] = [
    { id: 'name', header: t('roles:fields.name'), text: (r) => r.name, strong: true, sortable: true, wrap: true },
    {
      id: 'slug',
      header: t('roles:fields.slug'),
      text: (r) => r.slug,
      cell: (r) => (
        <Badge variant="light" tt="none">
          {r.slug}
        </Badge>
      ),
      sortable: true,
    },
    { id: 'permissions', header: t('roles:fields.permissions'), text: (r) => r.permissions.length, width: 130 },
    { id: 'users', header: t('roles:fields.users'), text: (r) => r.userCount, width: 110, sortable: true },
  ];

  return (
    <ListPage
      title={t('roles:title')}
      actions={
        <ButtonLink to="/configuration/roles/add" leftSection={<IconPlus size={16} />}>
          {t('roles:add')}
        </ButtonLink>
      }
      query={roles}
    >
      <DataTable
        label={t('roles:title')}
        columns={columns}
        rows={roles.data}
        rowKey={(r) => r.id}
        actions={(role) => (
          <RowActions
            name={role.name}
            edit={{ to: '/configuration/roles/edit/$id', params: { id: role.id } }}
            onDelete={() => deletion.ask(role)}
          />
        )}
      />
      {deletion.dialog}
    </ListPage>
  );
}
