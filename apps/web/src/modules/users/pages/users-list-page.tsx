import { useState } from 'react';
import { Button, Group, Paper, SegmentedControl, Table, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { IconMailPlus, IconPlus, IconSearch } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { MIN_SEARCH_LENGTH } from '@amparo/shared/validation';
import { translateFieldError } from '../../../shared/lib/form';
import { EMPTY } from '../../../shared/lib/format';
import { ActiveBadge } from '../../../shared/ui/active-badge';
import { EmptyRow } from '../../../shared/ui/empty-row';
import { DateText } from '../../../shared/ui/format';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { RowActions } from '../../../shared/ui/row-actions';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { USERS_PAGE_SIZE, type UsersSearch } from '../api/list-search';
import { useUsers } from '../api/queries';
import { InviteUserModal } from '../components/invite-user-modal';
import { ButtonLink } from '../../../shared/ui/router-links';

const ACTIVE_FILTERS = ['all', 'active', 'inactive'] as const;

export function UsersListPage() {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const search = useSearch({ from: '/app/configuration/users/list' });
  const [inviteOpened, invite] = useDisclosure();
  const [text, setText] = useState(search.q ?? '');
  // Spec section 9: searches start at 2 characters.
  const typed = text.trim();
  const tooShort = typed.length > 0 && typed.length < MIN_SEARCH_LENGTH;

  const setSearch = (next: Partial<UsersSearch>) =>
    void navigate({ to: '/configuration/users/list', search: (prev) => ({ ...prev, ...next }), replace: true });

  const applyText = useDebouncedCallback((value: string) => {
    const q = value.trim();
    if (q.length === 0 || q.length >= MIN_SEARCH_LENGTH) setSearch({ q: q || undefined, page: 1 });
  }, 300);

  const users = useUsers({
    q: search.q,
    page: search.page,
    active: search.active,
    pageSize: USERS_PAGE_SIZE,
    sort: 'fullName',
    order: 'asc',
  });

  return (
    <>
      <PageHeader
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
      />
      <Group mb="md" align="flex-start" wrap="wrap">
        <TextInput
          label={t('common:actions.search')}
          placeholder={t('users:searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(e) => {
            setText(e.currentTarget.value);
            applyText(e.currentTarget.value);
          }}
          error={tooShort ? translateFieldError(t, { code: 'search_too_short' }) : undefined}
          w={320}
        />
        <SegmentedControl
          mt={25}
          aria-label={t('users:filterActive')}
          value={search.active}
          onChange={(value) => setSearch({ active: value as UsersSearch['active'], page: 1 })}
          data={ACTIVE_FILTERS.map((value) => ({ value, label: t(`users:activeFilter.${value}`) }))}
        />
      </Group>
      {users.isPending && <PageLoader />}
      {users.isError && <PageError error={users.error} onRetry={() => void users.refetch()} />}
      {users.data && (
        <Paper withBorder p="md" opacity={users.isPlaceholderData ? 0.6 : 1}>
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('users:fields.fullName')}</Table.Th>
                  <Table.Th>{t('users:fields.username')}</Table.Th>
                  <Table.Th>{t('users:fields.email')}</Table.Th>
                  <Table.Th>{t('users:fields.role')}</Table.Th>
                  <Table.Th>{t('users:fields.active')}</Table.Th>
                  <Table.Th>{t('users:fields.lastLogin')}</Table.Th>
                  <Table.Th w={70}>{t('common:status.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {users.data.items.length === 0 && <EmptyRow colSpan={7} />}
                {users.data.items.map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td fw={500}>{user.fullName}</Table.Td>
                    <Table.Td>{user.username}</Table.Td>
                    <Table.Td>{user.email}</Table.Td>
                    <Table.Td>{user.roleName ?? EMPTY}</Table.Td>
                    <Table.Td>
                      <ActiveBadge active={user.active} />
                    </Table.Td>
                    <Table.Td>
                      <DateText value={user.lastLoginAt} withTime />
                    </Table.Td>
                    <Table.Td>
                      <RowActions
                        name={user.fullName}
                        edit={{ to: '/configuration/users/edit/$id', params: { id: user.id } }}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePagination
            page={users.data.page}
            pageSize={users.data.pageSize}
            total={users.data.total}
            totalCapped={users.data.totalCapped}
            onChange={(page) => setSearch({ page })}
          />
        </Paper>
      )}
      <InviteUserModal opened={inviteOpened} onClose={invite.close} />
    </>
  );
}
