import { Group } from '@mantine/core';
import { IconListDetails, IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatCount } from '@amparo/shared/format';
import type { VoucherRange } from '@amparo/shared/modules/vouchers.schema';
import { useContractSearch } from '../../../shared/lib/url-search';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText, Money } from '../../../shared/ui/format';
import { LazyTooltip } from '../../../shared/ui/lazy-tooltip/lazy-tooltip';
import { ListPage } from '../../../shared/ui/list-page';
import { RowActions } from '../../../shared/ui/row-actions';
import { ActionIconLink } from '../../../shared/ui/router-links/action-icon-link';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { VOUCHERS_PAGE_SIZE, vouchersSearch, type VouchersSearch } from '../api/list-search';
import { useVoucherRangeList } from '../api/queries';
import { rangeName } from '../components/voucher-form-values';
import { VoucherStateBadge } from '../components/voucher-state-badge';
import { VouchersFilters } from '../components/vouchers-filters';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * Configuración › Vales › list (`/configuration/vouchers/list`; issue 26 section 2): the voucher ranges, soonest
 * expiry first, with what is left of each; a range about to expire with vouchers left is flagged «Por vencer».
 * Search, kind, state and paging in the URL.
 */
export function VouchersListPage() {
  const { t } = useTranslation('vouchers');
  const navigate = useNavigate({ from: '/configuration/vouchers/list' });
  const search = useContractSearch(vouchersSearch, useSearch({ from: '/app/configuration/vouchers/list' }));
  const setSearch = (next: Partial<VouchersSearch>) =>
    void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });

  const list = useVoucherRangeList({
    q: search.q,
    kind: search.type,
    state: search.state,
    page: search.page,
    pageSize: VOUCHERS_PAGE_SIZE,
    order: 'asc',
  });
  const filtered = !!search.q || !!search.type || search.state !== 'all';
  const count = (n: number) => <span style={numeric}>{formatCount(n)}</span>;
  const columns: DataColumn<VoucherRange>[] = [
    {
      id: 'description',
      header: t('vouchers:fields.description'),
      text: (r) => r.description,
      cell: (r) => (
        <AnchorLink to="/configuration/vouchers/edit/$id" params={{ id: r.id }} size="sm" fw={500}>
          {r.description}
        </AnchorLink>
      ),
      wrap: true,
    },
    {
      id: 'kind',
      header: t('vouchers:fields.kind'),
      text: (r) => t(`vouchers:kinds.${r.kind}`),
      wrap: true,
      width: 130,
      visibleFrom: 'lg',
    },
    // Up to 20 characters without a space: broken onto a second line rather than over the next column.
    { id: 'series', header: t('vouchers:fields.series'), text: (r) => r.series, wrap: true, width: 120 },
    {
      id: 'range',
      header: t('vouchers:fields.range'),
      text: (r) => t('vouchers:rangeOf', { start: r.start, end: r.end }),
      cell: (r) => <span style={numeric}>{t('vouchers:rangeOf', { start: r.start, end: r.end })}</span>,
      width: 160,
    },
    {
      id: 'available',
      header: t('vouchers:fields.availableOfTotal'),
      text: (r) => t('vouchers:countOf', { available: formatCount(r.available), total: formatCount(r.total) }),
      cell: (r) => (
        <span style={numeric}>
          {t('vouchers:countOf', { available: formatCount(r.available), total: formatCount(r.total) })}
        </span>
      ),
      align: 'right',
      width: 120,
    },
    {
      id: 'reserved',
      header: t('vouchers:fields.reserved'),
      cell: (r) => count(r.reserved),
      align: 'right',
      width: 100,
      visibleFrom: 'xl',
    },
    {
      id: 'used',
      header: t('vouchers:fields.used'),
      cell: (r) => count(r.used),
      align: 'right',
      width: 90,
      visibleFrom: 'xl',
    },
    {
      id: 'voided',
      header: t('vouchers:fields.voided'),
      cell: (r) => count(r.voided),
      align: 'right',
      width: 90,
      visibleFrom: 'xl',
    },
    {
      id: 'expiresOn',
      header: t('vouchers:fields.expiresOn'),
      text: (r) => r.expiresOn,
      cell: (r) => <DateText value={r.expiresOn} />,
      width: 120,
    },
    {
      id: 'faceValue',
      header: t('vouchers:fields.faceValue'),
      cell: (r) => <Money value={r.faceValue} />,
      align: 'right',
      width: 120,
      visibleFrom: 'xl',
    },
    {
      id: 'headquarter',
      header: t('vouchers:fields.headquarter'),
      text: (r) => r.headquarterName ?? t('vouchers:fields.allHeadquarters'),
      wrap: true,
      visibleFrom: 'xl',
    },
    {
      id: 'state',
      header: t('vouchers:fields.state'),
      cell: (r) => <VoucherStateBadge state={r.state} />,
      width: 120,
    },
  ];

  return (
    <ListPage
      title={t('vouchers:title')}
      actions={
        <ButtonLink to="/configuration/vouchers/add" leftSection={<IconPlus size={16} />}>
          {t('vouchers:add')}
        </ButtonLink>
      }
      filters={<VouchersFilters search={search} onChange={(patch) => setSearch({ ...patch, page: 1 })} />}
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
        label={t('vouchers:title')}
        columns={columns}
        rows={list.data?.items}
        loadingRows={VOUCHERS_PAGE_SIZE}
        rowKey={(r) => r.id}
        minWidth={760}
        actionsWidth={100}
        empty={filtered ? t('vouchers:emptyFiltered') : t('vouchers:emptyNone')}
        actions={(r) => (
          <Group gap={4} wrap="nowrap">
            <LazyTooltip label={t('vouchers:movements.title')}>
              <ActionIconLink
                to="/configuration/vouchers/$id/movements"
                params={{ id: r.id }}
                variant="subtle"
                aria-label={t('vouchers:movementsOf', { name: rangeName(r) })}
              >
                <IconListDetails size={18} />
              </ActionIconLink>
            </LazyTooltip>
            <RowActions name={rangeName(r)} edit={{ to: '/configuration/vouchers/edit/$id', params: { id: r.id } }} />
          </Group>
        )}
      />
    </ListPage>
  );
}
