import { Badge, Group, Paper, Select, Table, TextInput } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SECURITY_EVENT_KINDS } from '@amparo/shared/modules/security-log.schema';
import { EMPTY } from '../../../shared/lib/format';
import { EmptyRow } from '../../../shared/ui/empty-row';
import { DateText } from '../../../shared/ui/format';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError, PageLoader } from '../../../shared/ui/page-state';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { SECURITY_LOG_PAGE_SIZE, type SecurityLogSearch } from '../api/list-search';
import { useSecurityLog } from '../api/queries';

const KIND_COLORS = { login_failed: 'yellow', login_locked: 'red', forbidden: 'orange' } as const;

/** Failed and locked sign-ins and 403 denials, newest first (issue 9 item 5). */
export function SecurityLogPage() {
  const { t } = useTranslation('security-log');
  const navigate = useNavigate();
  const search = useSearch({ from: '/app/configuration/security-log' });
  const setSearch = (next: Partial<SecurityLogSearch>) =>
    void navigate({
      to: '/configuration/security-log',
      search: (prev) => ({ ...prev, ...next }),
      replace: true,
    });

  const events = useSecurityLog({
    kind: search.kind,
    from: search.from,
    to: search.to,
    page: search.page,
    pageSize: SECURITY_LOG_PAGE_SIZE,
  });

  return (
    <>
      <PageHeader title={t('security-log:title')} />
      <Group mb="md" align="flex-end" wrap="wrap">
        <Select
          label={t('security-log:fields.kind')}
          placeholder={t('security-log:allKinds')}
          clearable
          value={search.kind ?? null}
          onChange={(value) => setSearch({ kind: (value ?? undefined) as SecurityLogSearch['kind'], page: 1 })}
          data={SECURITY_EVENT_KINDS.map((value) => ({ value, label: t(`security-log:kinds.${value}`) }))}
          w={240}
        />
        <TextInput
          type="date"
          label={t('security-log:from')}
          value={search.from ?? ''}
          onChange={(e) => setSearch({ from: e.currentTarget.value || null, page: 1 })}
          w={180}
        />
        <TextInput
          type="date"
          label={t('security-log:to')}
          value={search.to ?? ''}
          onChange={(e) => setSearch({ to: e.currentTarget.value || null, page: 1 })}
          w={180}
        />
      </Group>
      {events.isPending && <PageLoader />}
      {events.isError && <PageError error={events.error} onRetry={() => void events.refetch()} />}
      {events.data && (
        <Paper withBorder p="md" opacity={events.isPlaceholderData ? 0.6 : 1}>
          <Table.ScrollContainer minWidth={900}>
            <Table striped verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('security-log:fields.at')}</Table.Th>
                  <Table.Th>{t('security-log:fields.kind')}</Table.Th>
                  <Table.Th>{t('security-log:fields.user')}</Table.Th>
                  <Table.Th>{t('security-log:fields.route')}</Table.Th>
                  <Table.Th>{t('security-log:fields.code')}</Table.Th>
                  <Table.Th>{t('security-log:fields.ip')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.data.items.length === 0 && <EmptyRow colSpan={6} />}
                {events.data.items.map((event) => (
                  <Table.Tr key={event.id}>
                    <Table.Td>
                      <DateText value={event.at} withTime />
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={KIND_COLORS[event.kind]}>
                        {t(`security-log:kinds.${event.kind}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{event.userName ?? event.loginName ?? EMPTY}</Table.Td>
                    <Table.Td>{event.method && event.route ? `${event.method} ${event.route}` : EMPTY}</Table.Td>
                    <Table.Td>
                      {event.code ? t(`errors:problem.${event.code}`, { defaultValue: event.code }) : EMPTY}
                    </Table.Td>
                    <Table.Td>{event.ip ?? EMPTY}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <TablePagination
            page={events.data.page}
            pageSize={events.data.pageSize}
            total={events.data.total}
            totalCapped={events.data.totalCapped}
            onChange={(page) => setSearch({ page })}
          />
        </Paper>
      )}
    </>
  );
}
