import { SegmentedControl } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { RequestSummary } from '@amparo/shared/modules/execution.schema';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { formatDate } from '../../../shared/lib/format';
import { can } from '../../../shared/lib/session';
import { useContractSearch } from '../../../shared/lib/url-search';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText } from '../../../shared/ui/format';
import { ListPage } from '../../../shared/ui/list-page';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { REQUESTS_PAGE_SIZE, requestsSearch, type RequestsSearch } from '../api/list-search';
import { useRequestList } from '../api/queries';
import { numberColumn, statusColumn, totalColumn } from '../components/request-columns';
import { RequestsFilters } from '../components/requests-filters';
import { monthLabel } from '../lib/labels';

/** The keys of the chain's deciders, who open any request and so may list them all. */
const DECIDER_KEYS = [
  'ejecucion_aprobacion_jefe',
  'ejecucion_aprobacion_superior',
  'ejecucion_administracion',
] as const;

/**
 * Ejecución › Solicitudes › list (`/execution/requests/list`; issue 26 section 3): the caller's own requests, or
 * for the chain's deciders every requester's (with a requester filter), newest first; status, type, planned year and month, urgency, a search and paging in the URL.
 */
export function RequestsListPage() {
  const { t } = useTranslation('execution');
  const navigate = useNavigate();
  const user = useCurrentUser();
  // The chain's deciders may list every requester's requests; anyone else lists their own.
  const decider = DECIDER_KEYS.some((k) => can(user, k));
  const raw = useContractSearch(requestsSearch, useSearch({ from: '/app/execution/requests/list' }));
  const search: RequestsSearch = decider ? raw : { ...raw, scope: 'mine', requesterId: undefined };
  const all = search.scope === 'all';
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
    scope: search.scope,
    requesterId: all ? search.requesterId : undefined,
    pageSize: REQUESTS_PAGE_SIZE,
    order: 'desc',
  });
  const filtered = !!(
    search.q ||
    search.status ||
    search.type ||
    search.year ||
    search.month ||
    search.urgent ||
    search.requesterId
  );
  // The chosen requester's name, from a row of theirs, so the filter shows it after a reload.
  const chosen = list.data?.items.find((r) => r.requesterId === search.requesterId);
  const knownRequester = chosen ? [{ value: chosen.requesterId, label: chosen.requesterName }] : [];
  const columns: DataColumn<RequestSummary>[] = [
    numberColumn<RequestSummary>(t),
    { id: 'type', header: t('execution:fields.type'), text: (r) => t(`execution:types.${r.type}`), width: 150 },
    ...(all
      ? [
          {
            id: 'requester',
            header: t('execution:fields.requester'),
            text: (r: RequestSummary) => r.requesterName,
            width: 180,
          },
        ]
      : []),
    { id: 'description', header: t('execution:fields.description'), text: (r) => r.description, wrap: true },
    {
      id: 'month',
      header: t('execution:fields.month'),
      text: (r) => monthLabel(t, r.year, r.month),
      width: 150,
      visibleFrom: 'md',
    },
    statusColumn<RequestSummary>(t),
    totalColumn<RequestSummary>(t),
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
        can(user, 'ejecucion_solicitudes') && (
          <ButtonLink to="/execution/requests/add" leftSection={<IconPlus size={16} />}>
            {t('execution:add')}
          </ButtonLink>
        )
      }
      filters={
        <>
          {decider && (
            <SegmentedControl
              mb="sm"
              aria-label={t('execution:scope.label')}
              value={search.scope}
              onChange={(value) =>
                setSearch({ scope: value as RequestsSearch['scope'], requesterId: undefined, page: 1 })
              }
              data={[
                { value: 'mine', label: t('execution:scope.mine') },
                { value: 'all', label: t('execution:scope.all') },
              ]}
            />
          )}
          <RequestsFilters
            search={search}
            onChange={(patch) => setSearch({ ...patch, page: 1 })}
            requester={all ? { known: knownRequester } : null}
          />
        </>
      }
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
