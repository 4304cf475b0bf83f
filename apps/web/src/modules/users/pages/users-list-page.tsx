import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconMailPlus, IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { UserItem } from '@amparo/shared/modules/users.schema';
import { ActiveBadge } from '../../../shared/ui/active-badge';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText } from '../../../shared/ui/format';
import { ActiveListFilters } from '../../../shared/ui/active-list-filters';
import { ListPage } from '../../../shared/ui/list-page';
import { RowActions } from '../../../shared/ui/row-actions';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { useContractSearch } from '../../../shared/lib/url-search';
import { USERS_PAGE_SIZE, usersSearch, type UsersSearch } from '../api/list-search';
import { useUsers } from '../api/queries';
import { InviteUserModal } from '../components/invite-user-modal';

/** Configuración › Usuarios › list (spec section 2, `/configuration/users/list`): search, active filter, paging in the URL. */
export function UsersListPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const search = useContractSearch(usersSearch, useSearch({ from: '/app/configuration/users/list' }));
  const [inviteOpened, invite] = useDisclosure();
  const setSearch = (next: Partial<UsersSearch>) =>
    void navigate({ to: '/configuration/users/list', search: (prev) => ({ ...prev, ...next }), replace: true });

  const users = useUsers({
    q: search.q,
    page: search.page,
    active: search.active,
    age: search.age,
    pageSize: USERS_PAGE_SIZE,
    sort: 'fullName',
    order: 'asc',
  });
  const columns: DataColumn<UserItem>[] = [
    { id: 'fullName', header: t('users:fields.fullName'), text: (u) => u.fullName, strong: true, wrap: true },
    { id: 'username', header: t('users:fields.username'), text: (u) => u.username, wrap: true },
    { id: 'email', header: t('users:fields.email'), text: (u) => u.email, wrap: true },
    { id: 'role', header: t('users:fields.role'), text: (u) => u.roleName, wrap: true },
    { id: 'active', header: t('users:fields.active'), cell: (u) => <ActiveBadge active={u.active} />, width: 110 },
    {
      id: 'lastLogin',
      header: t('users:fields.lastLogin'),
      cell: (u) => <DateText value={u.lastLoginAt} withTime />,
      width: 170,
    },
  ];

  return (
    <ListPage
      title={t('users:title')}
      actions={
        <>
          <Button variant="light" leftSection={<IconMailPlus size={16} />} onClick={invite.open}>
            {t('users:invite.action')}
          </Button>
          <ButtonLink to="/configuration/users/add" leftSection={<IconPlus size={16} />}>
            {t('users:add')}
          </ButtonLink>
        </>
      }
      filters={
        <ActiveListFilters
          q={search.q}
          active={search.active}
          age={search.age}
          searchPlaceholder={t('users:searchPlaceholder')}
          onChange={(patch) => setSearch({ ...patch, page: 1 })}
        />
      }
      query={users}
      busy={users.isPlaceholderData}
      footer={
        users.data && (
          <TablePagination
            page={users.data.page}
            pageSize={users.data.pageSize}
            total={users.data.total}
            totalCapped={users.data.totalCapped}
            onChange={(page) => setSearch({ page })}
          />
        )
      }
    >
      <DataTable
        label={t('users:title')}
        columns={columns}
        rows={users.data?.items}
        loadingRows={USERS_PAGE_SIZE}
        rowKey={(u) => u.id}
        minWidth={800}
        actionsWidth={80}
        actions={(user) => (
          <RowActions name={user.fullName} edit={{ to: '/configuration/users/edit/$id', params: { id: user.id } }} />
        )}
      />
      <InviteUserModal opened={inviteOpened} onClose={invite.close} />
    </ListPage>
  );
}
