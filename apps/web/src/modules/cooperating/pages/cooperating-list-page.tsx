import { Group, Tooltip } from '@mantine/core';
import { IconCash, IconListDetails, IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Cooperating } from '@amparo/shared/modules/cooperating.schema';
import { ActiveBadge } from '../../../shared/ui/active-badge';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { Money } from '../../../shared/ui/format';
import { ActiveListFilters } from '../../../shared/ui/active-list-filters';
import { ListPage } from '../../../shared/ui/list-page';
import { RowActions } from '../../../shared/ui/row-actions';
import { ActionIconLink } from '../../../shared/ui/router-links/action-icon-link';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { useContractSearch } from '../../../shared/lib/url-search';
import { COOPERATING_PAGE_SIZE, cooperatingSearch, type CooperatingSearch } from '../api/list-search';
import { useCooperatingList } from '../api/queries';

/**
 * Configuración › Cooperantes › list (spec section 2, `/configuration/cooperating/list`; issue 13 section 2):
 * search, active filter and paging in the URL; each funder's ceiling against its items' total, in Q.
 */
export function CooperatingListPage() {
  const { t } = useTranslation('cooperating');
  const navigate = useNavigate();
  const search = useContractSearch(cooperatingSearch, useSearch({ from: '/app/configuration/cooperating/list' }));
  const setSearch = (next: Partial<CooperatingSearch>) =>
    void navigate({ to: '/configuration/cooperating/list', search: (prev) => ({ ...prev, ...next }), replace: true });

  const list = useCooperatingList({
    q: search.q,
    page: search.page,
    active: search.active,
    age: search.age,
    pageSize: COOPERATING_PAGE_SIZE,
    sort: 'name',
    order: 'asc',
  });
  const filtered = !!search.q || search.active !== 'all' || !!search.age;
  const columns: DataColumn<Cooperating>[] = [
    { id: 'code', header: t('cooperating:fields.code'), text: (c) => c.code, strong: true, width: 120 },
    { id: 'name', header: t('cooperating:fields.name'), text: (c) => c.name, wrap: true },
    { id: 'country', header: t('cooperating:fields.country'), text: (c) => c.country, width: 80, visibleFrom: 'lg' },
    {
      id: 'period',
      header: t('cooperating:fields.period'),
      text: (c) => `${c.startDate} – ${c.endDate}`,
      width: 200,
      visibleFrom: 'xl',
    },
    { id: 'currency', header: t('cooperating:fields.currency'), text: (c) => c.currency, width: 90, visibleFrom: 'lg' },
    {
      id: 'ceiling',
      header: t('cooperating:fields.ceiling'),
      text: (c) => c.ceiling,
      cell: (c) => <Money value={c.ceiling} />,
      align: 'right',
      width: 150,
    },
    {
      id: 'itemsTotal',
      header: t('cooperating:fields.itemsTotal'),
      text: (c) => c.itemsTotal,
      cell: (c) => <Money value={c.itemsTotal} />,
      align: 'right',
      width: 160,
    },
    {
      id: 'active',
      header: t('cooperating:fields.active'),
      cell: (c) => <ActiveBadge active={c.active} />,
      width: 110,
    },
  ];

  return (
    <ListPage
      title={t('cooperating:title')}
      actions={
        <ButtonLink to="/configuration/cooperating/add" leftSection={<IconPlus size={16} />}>
          {t('cooperating:add')}
        </ButtonLink>
      }
      filters={
        <ActiveListFilters
          q={search.q}
          active={search.active}
          age={search.age}
          searchPlaceholder={t('cooperating:searchPlaceholder')}
          onChange={(patch) => setSearch({ ...patch, page: 1 })}
        />
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
        label={t('cooperating:title')}
        columns={columns}
        rows={list.data?.items}
        loadingRows={COOPERATING_PAGE_SIZE}
        rowKey={(c) => c.id}
        minWidth={760}
        actionsWidth={120}
        empty={filtered ? t('cooperating:emptyFiltered') : t('cooperating:emptyNone')}
        actions={(c) => (
          <Group gap={4} wrap="nowrap">
            <Tooltip label={t('cooperating:actions.items')}>
              <ActionIconLink
                to="/configuration/cooperating/$id/items"
                params={{ id: c.id }}
                variant="subtle"
                aria-label={t('cooperating:actions.itemsOf', { name: c.name })}
              >
                <IconListDetails size={18} />
              </ActionIconLink>
            </Tooltip>
            <Tooltip label={t('cooperating:actions.disbursements')}>
              <ActionIconLink
                to="/configuration/cooperating/$id/disbursements"
                params={{ id: c.id }}
                variant="subtle"
                aria-label={t('cooperating:actions.disbursementsOf', { name: c.name })}
              >
                <IconCash size={18} />
              </ActionIconLink>
            </Tooltip>
            <RowActions name={c.name} edit={{ to: '/configuration/cooperating/edit/$id', params: { id: c.id } }} />
          </Group>
        )}
      />
    </ListPage>
  );
}
