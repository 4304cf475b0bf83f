import { Badge, Paper, SegmentedControl, Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { REFUND_STATUSES, type RefundListItem, type RefundStatus } from '@amparo/shared/modules/invoices.schema';
import { api } from '../../../shared/lib/api';
import { formatDate, formatMoney } from '../../../shared/lib/format';
import { useContractSearch } from '../../../shared/lib/url-search';
import { DataTable } from '../../../shared/ui/data-table/data-table';
import { PageHeader } from '../../../shared/ui/page-header';
import { PageError } from '../../../shared/ui/page-state';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { executionKeys } from '../api/queries';

const SHOWN = REFUND_STATUSES.filter((s) => s !== 'void');
const ALL = 'all';
/** The page's URL state: a status (default the refunds still owed) and the page. */
export const refundsSearch = z.object({
  status: z
    .enum([...SHOWN, ALL])
    .default('pending')
    .catch('pending'),
  page: z.coerce.number().int().min(1).default(1).catch(1),
});
const COLOR: Record<RefundStatus, string> = { pending: 'orange', deposited: 'blue', received: 'green', void: 'gray' };
type Paged = { items: RefundListItem[]; page: number; pageSize: number; total: number; totalCapped: boolean };

/**
 * Ejecución › Reintegros (`/execution/refunds`, key ejecucion_administracion; issue 27 section 1): what the
 * liquidations give back, tracked until received: owed, deposited (with the slip's number and date), received. The
 * longest unchanged first; a row opens its request, where the deposit is confirmed.
 */
export function RefundsPage() {
  const { t } = useTranslation('execution');
  const navigate = useNavigate();
  const search = useContractSearch(refundsSearch, useSearch({ from: '/app/execution/refunds' }));
  const query = new URLSearchParams({ page: String(search.page), pageSize: '25' });
  if (search.status !== ALL) query.set('status', search.status);
  const list = useQuery({
    queryKey: [...executionKeys.all, 'refunds', query.toString()],
    queryFn: () => api.get<Paged>(`execution/refunds?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
  const go = (patch: Partial<z.output<typeof refundsSearch>>) =>
    void navigate({ to: '/execution/refunds', search: { ...search, ...patch }, replace: true });
  return (
    <Stack gap="md">
      <PageHeader title={t('execution:refunds.title')} description={t('execution:refunds.description')} />
      <SegmentedControl
        aria-label={t('execution:refunds.status')}
        value={search.status}
        onChange={(v) => go({ status: v as typeof search.status, page: 1 })}
        data={[...SHOWN, ALL].map((s) => ({
          value: s,
          label: s === ALL ? t('execution:refunds.all') : t(`execution:liquidation.refundStatuses.${s}`),
        }))}
        style={{ alignSelf: 'flex-start' }}
      />
      {list.isError && <PageError error={list.error} onRetry={() => void list.refetch()} />}
      <Paper withBorder p="md">
        <DataTable<RefundListItem>
          label={t('execution:refunds.title')}
          bare
          rows={list.data?.items}
          rowKey={(r) => r.requestId}
          onRowClick={(r) => void navigate({ to: '/execution/requests/$request', params: { request: r.requestId } })}
          minWidth={900}
          empty={t('execution:refunds.empty')}
          columns={[
            {
              id: 'number',
              header: t('execution:fields.number'),
              text: (r) => r.requestNumber,
              strong: true,
              width: 150,
            },
            {
              id: 'description',
              header: t('execution:fields.description'),
              text: (r) => r.description,
              truncate: true,
            },
            {
              id: 'liquidator',
              header: t('execution:liquidation.liquidator'),
              text: (r) => r.liquidatorName,
              width: 180,
            },
            {
              id: 'amount',
              header: t('execution:liquidation.refund'),
              text: (r) => formatMoney(r.amount),
              align: 'right',
              width: 120,
            },
            {
              id: 'status',
              header: t('execution:refunds.status'),
              text: (r) => t(`execution:liquidation.refundStatuses.${r.status}`),
              cell: (r) => (
                <Badge color={COLOR[r.status]} variant="light">
                  {t(`execution:liquidation.refundStatuses.${r.status}`)}
                </Badge>
              ),
              width: 130,
            },
            {
              id: 'deposit',
              header: t('execution:liquidation.depositTitle'),
              text: (r) =>
                r.depositNumber
                  ? t('execution:liquidation.deposit', {
                      number: r.depositNumber,
                      date: formatDate(r.depositedOn ?? ''),
                    })
                  : '',
              width: 220,
            },
          ]}
        />
        {list.data && list.data.total > list.data.pageSize && (
          <TablePagination
            page={search.page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            totalCapped={list.data.totalCapped}
            onChange={(page) => go({ page })}
          />
        )}
      </Paper>
    </Stack>
  );
}
