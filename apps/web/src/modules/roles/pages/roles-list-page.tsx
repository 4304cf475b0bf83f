import { Badge, Button, Paper, Table } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@amparo/shared/modules/roles.schema';
import { useDeleteConfirm } from '../../../shared/hooks/use-delete-confirm';
import { EmptyRow } from '../../../shared/ui/empty-row';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { RowActions } from '../../../shared/ui/row-actions';
import { useDeleteRole } from '../api/mutations';
import { useRoles } from '../api/queries';

export function RolesListPage() {
  const { t } = useTranslation('roles');
  const roles = useRoles();
  const remove = useDeleteRole();
  // A role still given to users answers 409 in_use; the hook shows why.
  const deletion = useDeleteConfirm<Role>({
    remove: (role) => remove.mutateAsync(role.id),
    nameOf: (role) => role.name,
  });

  return (
    <>
      <PageHeader
        title={t('roles:title')}
        actions={
          <Button component={Link} to="/configuration/roles/add" leftSection={<IconPlus size={16} />}>
            {t('roles:add')}
          </Button>
        }
      />
      {roles.isPending && <PageLoader />}
      {roles.isError && <PageError error={roles.error} onRetry={() => void roles.refetch()} />}
      {roles.data && (
        <Paper withBorder>
          <Table.ScrollContainer minWidth={600}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('roles:fields.name')}</Table.Th>
                  <Table.Th>{t('roles:fields.slug')}</Table.Th>
                  <Table.Th>{t('roles:fields.permissions')}</Table.Th>
                  <Table.Th>{t('roles:fields.users')}</Table.Th>
                  <Table.Th w={110}>{t('common:status.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {roles.data.length === 0 && <EmptyRow colSpan={5} />}
                {roles.data.map((role) => (
                  <Table.Tr key={role.id}>
                    <Table.Td fw={500}>{role.name}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none">
                        {role.slug}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{role.permissions.length}</Table.Td>
                    <Table.Td>{role.userCount}</Table.Td>
                    <Table.Td>
                      <RowActions
                        name={role.name}
                        editTo={`/configuration/roles/edit/${role.id}`}
                        onDelete={() => deletion.ask(role)}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      {deletion.dialog}
    </>
  );
}
