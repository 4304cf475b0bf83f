import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Role } from '@amparo/shared/modules/roles.schema';
import { applyServerErrors } from '../../../shared/lib/form';
import { notifyError, notifySuccess } from '../../../shared/lib/notify';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { useDeleteRole } from '../api/mutations';
import { useRoles } from '../api/queries';

export function RolesListPage() {
  const { t } = useTranslation();
  const roles = useRoles();
  const remove = useDeleteRole();
  const [toDelete, setToDelete] = useState<Role | null>(null);

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => notifySuccess(t('common:messages.deleted')),
      // A role still given to users answers 409 in_use: the translated message says why.
      onError: (error) => notifyError(applyServerErrors(error, t)),
      onSettled: () => setToDelete(null),
    });
  };

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
                {roles.data.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed" ta="center" py="md">{t('common:status.empty')}</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {roles.data.map((role) => (
                  <Table.Tr key={role.id}>
                    <Table.Td fw={500}>{role.name}</Table.Td>
                    <Table.Td><Badge variant="light" tt="none">{role.slug}</Badge></Table.Td>
                    <Table.Td>{role.permissions.length}</Table.Td>
                    <Table.Td>{role.userCount}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Tooltip label={t('common:actions.edit')}>
                          <ActionIcon
                            component={Link}
                            to={`/configuration/roles/edit/${role.id}`}
                            variant="subtle"
                            aria-label={`${t('common:actions.edit')} ${role.name}`}
                          >
                            <IconPencil size={18} />
                          </ActionIcon>
                        </Tooltip>
                        <Tooltip label={t('common:actions.delete')}>
                          <ActionIcon variant="subtle" color="red" onClick={() => setToDelete(role)} aria-label={`${t('common:actions.delete')} ${role.name}`}>
                            <IconTrash size={18} />
                          </ActionIcon>
                        </Tooltip>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      )}
      <ConfirmDialog
        opened={!!toDelete}
        title={t('common:confirm.deleteTitle')}
        message={t('common:confirm.deleteMessage', { name: toDelete?.name ?? '' })}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
