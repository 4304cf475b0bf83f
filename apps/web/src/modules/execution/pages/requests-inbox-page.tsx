import { Badge, SegmentedControl, Text } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { REQUEST_STATUSES, type RequestInboxItem } from '@amparo/shared/modules/execution.schema';
import { formatDate } from '../../../shared/lib/format';
import { useContractSearch } from '../../../shared/lib/url-search';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText } from '../../../shared/ui/format';
import { ListPage } from '../../../shared/ui/list-page';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { INBOX_PAGE_SIZE, inboxSearch, type InboxSearch } from '../api/inbox-search';
import { useRequestInbox } from '../api/queries';
import { numberColumn, statusColumn, totalColumn } from '../components/request-columns';

/**
 * Ejecución › Por aprobar (`/execution/requests/inbox`; issue 26 section 5): the requests waiting for the caller's
 * approval, or a principal's while a delegation runs, urgent first, then the longest waiting; a stage chooser with
 * the count at each stage; the stage and page in the URL.
 */
export function RequestsInboxPage() {
  const { t } = useTranslation('execution');
  const navigate = useNavigate();
  const search = useContractSearch(inboxSearch, useSearch({ from: '/app/execution/requests/inbox' }));
  const setSearch = (next: Partial<InboxSearch>) =>
    void navigate({ to: '/execution/requests/inbox', search: { ...search, ...next }, replace: true });
  const inbox = useRequestInbox({ stage: search.stage, page: search.page, pageSize: INBOX_PAGE_SIZE });
  // Counts are exact up to the server's cap (four pages past this one); past it they read "125+".
  const counts = new Map((inbox.data?.stages ?? []).map((s) => [s.status, s.capped ? `${s.count}+` : String(s.count)]));
  const stagesData = inbox.data?.stages ?? [];
  const allCount = stagesData.reduce((n, s) => n + s.count, 0);
  const all = stagesData.some((s) => s.capped) ? `${allCount}+` : String(allCount);
  // The stages something waits at, in the chain's order, and the one chosen even when it emptied.
  const stages = REQUEST_STATUSES.filter((s) => counts.has(s) || s === search.stage);

  const columns: DataColumn<RequestInboxItem>[] = [
    numberColumn<RequestInboxItem>(t),
    { id: 'requester', header: t('execution:fields.requester'), text: (r) => r.requesterName, width: 180 },
    { id: 'description', header: t('execution:fields.description'), text: (r) => r.description, wrap: true },
    statusColumn<RequestInboxItem>(t),
    totalColumn<RequestInboxItem>(t),
    {
      id: 'since',
      header: t('execution:inbox.since'),
      text: (r) => formatDate(r.since),
      cell: (r) => <DateText value={r.since} withTime />,
      width: 160,
      visibleFrom: 'md',
    },
    {
      id: 'actingFor',
      header: t('execution:inbox.actingFor'),
      text: (r) => r.actingForName ?? '',
      cell: (r) =>
        r.actingForName ? (
          <Badge variant="light" color="grape">
            {t('execution:inbox.forWhom', { name: r.actingForName })}
          </Badge>
        ) : (
          <Text size="sm" c="dimmed">
            {t('execution:inbox.mine')}
          </Text>
        ),
      width: 200,
      visibleFrom: 'lg',
    },
  ];

  return (
    <ListPage
      title={t('execution:inbox.title')}
      filters={
        stages.length > 0 && (
          <SegmentedControl
            aria-label={t('execution:inbox.stage')}
            value={search.stage ?? ''}
            onChange={(value) => setSearch({ stage: (value || undefined) as InboxSearch['stage'], page: 1 })}
            data={[
              { value: '', label: t('execution:inbox.allStages', { count: all }) },
              ...stages.map((s) => ({
                value: s,
                label: t('execution:inbox.stageCount', {
                  stage: t(`execution:statuses.${s}`),
                  count: counts.get(s) ?? '0',
                }),
              })),
            ]}
          />
        )
      }
      query={inbox}
      busy={inbox.isPlaceholderData}
      footer={
        inbox.data && (
          <TablePagination
            page={inbox.data.page}
            pageSize={inbox.data.pageSize}
            total={inbox.data.total}
            totalCapped={inbox.data.totalCapped}
            onChange={(page) => setSearch({ page })}
          />
        )
      }
    >
      <DataTable
        label={t('execution:inbox.title')}
        columns={columns}
        rows={inbox.data?.items}
        loadingRows={INBOX_PAGE_SIZE}
        rowKey={(r) => r.id}
        minWidth={820}
        empty={search.stage ? t('execution:inbox.emptyStage') : t('execution:inbox.empty')}
      />
    </ListPage>
  );
}
