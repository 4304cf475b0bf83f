import { Group, Paper, Select } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { ListPage } from '../../../shared/ui/list-page';
import { TablePagination } from '../../../shared/ui/table-pagination';
import { useContractSearch } from '../../../shared/lib/url-search';
import { documentListSearch, type DocumentListSearch } from '../api/list-search';
import { DOCUMENT_SORTS, PAGE_SIZES } from '../api/list-url';
import { useDocuments } from '../api/queries';
import { SearchBox } from '../../../shared/ui/search-box';
import { ItemAgeSelect } from '../../../shared/ui/item-age-select';
import { DocumentsTable } from '../components/documents-table';
import { ButtonLink } from '../../../shared/ui/router-links/button-link';
import { SortSelects } from '../../../shared/ui/sort-selects';

/** Documentation › Documents: server-side paging, sorting, search and type filter, all kept in the URL. */
export function DocumentsListPage() {
  const { t } = useTranslation('documentation');
  const navigate = useNavigate();
  const search = useContractSearch(documentListSearch, useSearch({ from: '/app/documentation/list' }));
  const documents = useDocuments(search);
  const types = useCatalog('document_type');

  const update = (patch: Partial<DocumentListSearch>, resetPage = true) =>
    void navigate({ to: '/documentation/list', search: { ...search, ...(resetPage ? { page: 1 } : {}), ...patch } });

  const data = documents.data;
  return (
    <ListPage
      title={t('title')}
      actions={
        <ButtonLink to="/documentation/add" leftSection={<IconPlus size={16} />}>
          {t('actions.new')}
        </ButtonLink>
      }
      filters={
        <Group align="flex-start" wrap="wrap" gap="sm">
          <SearchBox
            value={search.q}
            onSearch={(q) => update({ q })}
            label={t('list.searchLabel')}
            placeholder={t('list.searchPlaceholder')}
            clearLabel={t('actions.clearSearch')}
          />
          <Select
            label={t('list.typeFilter')}
            placeholder={t('list.allTypes')}
            data={types.data}
            value={search.documentType ?? null}
            onChange={(v) => update({ documentType: v ?? undefined })}
            clearable
            searchable
            nothingFoundMessage={t('common:status.empty')}
            w={220}
          />
          <ItemAgeSelect value={search.age} onChange={(age) => update({ age })} />
          <SortSelects
            sorts={DOCUMENT_SORTS}
            sortLabel={(s) => t(`sort.${s}`)}
            sort={search.sort}
            order={search.order}
            onChange={(patch) => update(patch)}
            widths={[200, 150]}
          />
          <Select
            label={t('list.pageSize')}
            w={130}
            allowDeselect={false}
            data={PAGE_SIZES.map(String)}
            value={String(search.pageSize)}
            onChange={(v) => v && update({ pageSize: Number(v) })}
          />
        </Group>
      }
      query={documents}
      busy={documents.isPlaceholderData}
      footer={
        data && (
          <TablePagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            totalCapped={data.totalCapped}
            onChange={(page) => update({ page }, false)}
          />
        )
      }
    >
      <Paper withBorder p="md">
        <DocumentsTable
          items={data?.items}
          pageSize={search.pageSize}
          sort={{
            by: search.sort,
            order: search.order,
            onChange: (by, order) => update({ sort: by as DocumentListSearch['sort'], order }),
          }}
        />
      </Paper>
    </ListPage>
  );
}
