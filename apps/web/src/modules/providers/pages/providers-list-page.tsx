import { Group } from '@mantine/core';
import { IconContract, IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { Provider } from '@amparo/shared/modules/providers.schema';
import { useContractSearch } from '../../../shared/lib/url-search';
import { ActiveBadge } from '../../../shared/ui/active-badge';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { LazyTooltip } from '../../../shared/ui/lazy-tooltip/lazy-tooltip';
import { ListPage } from '../../../shared/ui/list-page';
import { RowActions } from '../../../shared/ui/row-actions';
import { ActionIconLink } from '../../../shared/ui/router-links/action-icon-link';
import { AnchorLink } from '../../../shared/ui/router-links/anchor-link';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { PROVIDERS_PAGE_SIZE, providersSearch, type ProvidersSearch } from '../api/list-search';
import { useProviderList } from '../api/queries';
import { ProvidersFilters } from '../components/providers-filters';

/** Where a provider is, as the list says it: municipality and department in Guatemala, else city and country. */
const placeOf = (p: Provider) =>
  (p.country === 'GT' ? [p.townName, p.stateName ?? p.state] : [p.city, p.country]).filter(Boolean).join(', ');

/**
 * Configuración › Proveedores › list (`/configuration/providers/list`; issue 26 section 1): search by name,
 * trade name or NIT, active filter and paging in the URL.
 */
export function ProvidersListPage() {
  const { t } = useTranslation('providers');
  const navigate = useNavigate();
  const search = useContractSearch(providersSearch, useSearch({ from: '/app/configuration/providers/list' }));
  const setSearch = (next: Partial<ProvidersSearch>) =>
    void navigate({ to: '/configuration/providers/list', search: (prev) => ({ ...prev, ...next }), replace: true });

  const list = useProviderList({
    q: search.q,
    page: search.page,
    active: search.active,
    pageSize: PROVIDERS_PAGE_SIZE,
    order: 'asc',
  });
  const filtered = !!search.q || search.active !== 'all';
  const columns: DataColumn<Provider>[] = [
    {
      id: 'name',
      header: t('providers:fields.name'),
      text: (p) => p.name,
      cell: (p) => (
        <AnchorLink to="/configuration/providers/edit/$id" params={{ id: p.id }} size="sm" fw={500}>
          {p.name}
        </AnchorLink>
      ),
      wrap: true,
    },
    { id: 'tradeName', header: t('providers:fields.tradeName'), text: (p) => p.tradeName, wrap: true },
    { id: 'nit', header: t('providers:fields.nit'), text: (p) => p.nit, width: 120 },
    {
      id: 'taxRegime',
      header: t('providers:fields.taxRegime'),
      text: (p) => t(`providers:taxRegimes.${p.taxRegime}`),
      wrap: true,
      width: 200,
      visibleFrom: 'lg',
    },
    { id: 'place', header: t('providers:fields.place'), text: placeOf, wrap: true, visibleFrom: 'md' },
    {
      id: 'active',
      header: t('providers:fields.active'),
      cell: (p) => <ActiveBadge active={p.active} />,
      width: 110,
    },
  ];

  return (
    <ListPage
      title={t('providers:title')}
      actions={
        <ButtonLink to="/configuration/providers/add" leftSection={<IconPlus size={16} />}>
          {t('providers:add')}
        </ButtonLink>
      }
      filters={
        <ProvidersFilters q={search.q} active={search.active} onChange={(patch) => setSearch({ ...patch, page: 1 })} />
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
        label={t('providers:title')}
        columns={columns}
        rows={list.data?.items}
        loadingRows={PROVIDERS_PAGE_SIZE}
        rowKey={(p) => p.id}
        minWidth={720}
        actionsWidth={100}
        empty={filtered ? t('providers:emptyFiltered') : t('providers:emptyNone')}
        actions={(p) => (
          <Group gap={4} wrap="nowrap">
            <LazyTooltip label={t('providers:agreements.link')}>
              <ActionIconLink
                to="/configuration/providers/$id/agreements"
                params={{ id: p.id }}
                variant="subtle"
                aria-label={t('providers:agreements.linkOf', { name: p.name })}
              >
                <IconContract size={18} />
              </ActionIconLink>
            </LazyTooltip>
            <RowActions name={p.name} edit={{ to: '/configuration/providers/edit/$id', params: { id: p.id } }} />
          </Group>
        )}
      />
    </ListPage>
  );
}
