import { Badge, Group, Select, Stack } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { SECURITY_EVENT_KINDS, type SecurityEventItem } from '@amparo/shared/modules/security-log.schema';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText } from '../../../shared/ui/format';
import { ListPage } from '../../../shared/ui/list-page';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { DateField } from '../../../shared/ui/date-field';
import { useContractSearch } from '../../../shared/lib/url-search';
import { SECURITY_LOG_PAGE_SIZE, securityLogSearch, type SecurityLogSearch } from '../api/list-search';
import { useSecurityLog } from '../api/queries';
import { FailedJobs } from '../components/failed-jobs';

const KIND_COLORS = {
  login_failed: 'yellow',
  login_locked: 'red',
  forbidden: 'orange',
  account_locked: 'grape',
} as const;

/** Failed and locked sign-ins and 403 denials, newest first (issue 9 item 5). */
export function SecurityLogPage() {
  const { t } = useTranslation('security-log');
  const navigate = useNavigate();
  const search = useContractSearch(securityLogSearch, useSearch({ from: '/app/configuration/security-log' }));
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

  const columns: DataColumn<SecurityEventItem>[] = [
    { id: 'at', header: t('security-log:fields.at'), cell: (e) => <DateText value={e.at} withTime />, width: 170 },
    {
      id: 'kind',
      header: t('security-log:fields.kind'),
      text: (e) => t(`security-log:kinds.${e.kind}`),
      cell: (e) => (
        <Badge variant="light" color={KIND_COLORS[e.kind]}>
          {t(`security-log:kinds.${e.kind}`)}
        </Badge>
      ),
      width: 190,
    },
    { id: 'user', header: t('security-log:fields.user'), text: (e) => e.userName ?? e.loginName, wrap: true },
    {
      id: 'route',
      header: t('security-log:fields.route'),
      text: (e) => (e.method && e.route ? `${e.method} ${e.route}` : null),
      wrap: true,
    },
    {
      id: 'code',
      header: t('security-log:fields.code'),
      text: (e) => (e.code ? t(`errors:problem.${e.code}`, { defaultValue: e.code }) : null),
      wrap: true,
    },
    { id: 'ip', header: t('security-log:fields.ip'), text: (e) => e.ip, width: 140 },
  ];

  return (
    <Stack gap="xl">
      <ListPage
        title={t('security-log:title')}
        filters={
          <Group align="flex-end" wrap="wrap">
            <Select
              label={t('security-log:fields.kind')}
              placeholder={t('security-log:allKinds')}
              clearable
              value={search.kind ?? null}
              onChange={(value) => setSearch({ kind: (value ?? undefined) as SecurityLogSearch['kind'], page: 1 })}
              data={SECURITY_EVENT_KINDS.map((value) => ({ value, label: t(`security-log:kinds.${value}`) }))}
              w={240}
            />
            <DateField
              label={t('security-log:from')}
              value={search.from ?? null}
              onChange={(from) => setSearch({ from, page: 1 })}
              maxDate={search.to ?? undefined}
              w={180}
            />
            <DateField
              label={t('security-log:to')}
              value={search.to ?? null}
              onChange={(to) => setSearch({ to, page: 1 })}
              minDate={search.from ?? undefined}
              w={180}
            />
          </Group>
        }
        query={events}
        busy={events.isPlaceholderData}
        footer={
          events.data && (
            <TablePagination
              page={events.data.page}
              pageSize={events.data.pageSize}
              total={events.data.total}
              totalCapped={events.data.totalCapped}
              onChange={(page) => setSearch({ page })}
            />
          )
        }
      >
        <DataTable
          label={t('security-log:title')}
          columns={columns}
          rows={events.data?.items}
          loadingRows={SECURITY_LOG_PAGE_SIZE}
          rowKey={(e) => String(e.id)}
          minWidth={900}
        />
      </ListPage>
      <FailedJobs />
    </Stack>
  );
}
