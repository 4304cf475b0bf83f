import { Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RequestSummary } from '@amparo/shared/modules/execution.schema';
import { formatDate, formatMoney } from '../../../shared/lib/format';
import { useContractSearch } from '../../../shared/lib/url-search';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText, Money } from '../../../shared/ui/format';
import { ListPage } from '../../../shared/ui/list-page';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { REQUESTS_PAGE_SIZE, requestsSearch, type RequestsSearch } from '../api/list-search';
import { useRequestList } from '../api/queries';
import { RequestStatusBadge, UrgentBadge } from '../components/request-badges';
import { RequestsFilters } from '../components/requests-filters';
import { monthLabel } from '../lib/labels';

/**
 * Ejecución › Solicitudes › list (`/execution/requests/list`; issue 26 section 3): the caller's own requests,
 * newest first; status, type, planned year and month, urgency, a search and paging in the URL.
 */
export function RequestsListPage() {
  const { t } = useTranslation('execution');
  const navigate = useNavigate();
  const search = useContractSearch(requestsSearch, useSearch({ from: '/app/execution/requests/list' }));
  const setSearch = (next: Partial<RequestsSearch>) =>
    void navigate({ to: '/execution/requests/list', search: { ...search, ...next }, replace: true });

  const list = useRequestList({
    q: search.q,
    page: search.page,
    status: search.status,
    type: search.type,
    year: search.year,
    month: search.month,
    urgent: search.urgent,
    pageSize: REQUESTS_PAGE_SIZE,
    order: 'desc',
  });
  const filtered = !!(search.q || search.status || search.type || search.year || search.month || search.urgent);
  const columns: DataColumn<RequestSummary>[] = [
    {
      id: 'number',
      header: t('execution:fields.number'),
      text: (r) => r.number,
      cell: (r) => (
        <AnchorLink to="/execution/requests/$request" params={{ request: r.id }} size="sm" fw={500}>
          {r.number}
        </AnchorLink>
      ),
      width: 150,
    },
    { id: 'type', header: t('execution:fields.type'), text: (r) => t(`execution:types.${r.type}`), width: 150 },
    { id: 'description', header: t('execution:fields.description'), text: (r) => r.description, wrap: true },
    {
      id: 'month',
      header: t('execution:fields.month'),
      text: (r) => monthLabel(t, r.year, r.month),
      width: 150,
      visibleFrom: 'md',
    },
    {
      id: 'status',
      header: t('execution:fields.status'),
      text: (r) => t(`execution:statuses.${r.status}`),
      cell: (r) => (
        <Group gap={4} wrap="nowrap">
          <RequestStatusBadge status={r.status} />
          {r.urgent && <UrgentBadge />}
        </Group>
      ),
      width: 230,
    },
    {
      id: 'total',
      header: t('execution:fields.total'),
      text: (r) => formatMoney(r.total),
      cell: (r) => <Money value={r.total} />,
      align: 'right',
      width: 150,
    },
    {
      id: 'createdAt',
      header: t('execution:fields.createdAt'),
      text: (r) => formatDate(r.createdAt),
      cell: (r) => <DateText value={r.createdAt} />,
      width: 120,
      visibleFrom: 'lg',
    },
  ];

  return (
    <ListPage
      title={t('execution:title')}
      actions={
        <ButtonLink to="/execution/requests/add" leftSection={<IconPlus size={16} />}>
          {t('execution:add')}
        </ButtonLink>
      }
      filters={<RequestsFilters search={search} onChange={(patch) => setSearch({ ...patch, page: 1 })} />}
      query={list}
      busy={list.isPlaceholderData}
      footer={
        list.data && (
          <TablePagination
            page={list.data.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            totalCapped={list.data.totalCapped}
            onChange={(page) => setSearch({ page })}
          />
        )
      }
    >
      <DataTable
        label={t('execution:title')}
        columns={columns}
        rows={list.data?.items}
        loadingRows={REQUESTS_PAGE_SIZE}
        rowKey={(r) => r.id}
        minWidth={760}
        empty={filtered ? t('execution:emptyFiltered') : t('execution:emptyNone')}
      />
    </ListPage>
  );
}
