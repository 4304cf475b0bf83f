import { useDeferredValue } from 'react';
import { Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PERSON_SORTS } from '@amparo/shared/modules/population.constants';
import { SortedListFooter } from '../../../../shared/ui/sorted-list-footer';
import { ListPage } from '../../../../shared/ui/list-page';
import { useContractSearch } from '../../../../shared/lib/url-search';
import { isFiltered, personListSearch, type PersonListSearch } from '../api/list-search';
import { PAGE_SIZES } from '../api/list-url';
import { usePersons } from '../api/list-query';
import { FileExport } from '../../export/components/file-export';
import { PersonsFilters } from '../components/persons-filters';
import { PersonsTable } from '../components/persons-table';
import { ButtonLink } from '../../../../shared/ui/router-links/button-link';

/** Population › Served › list: server-side paging, sorting, search and filters, all kept in the URL. */
export function PersonsListPage() {
  const { t } = useTranslation('population');
  const navigate = useNavigate();
  const search = useContractSearch(personListSearch, useSearch({ from: '/app/population/served/list' }));
  const persons = usePersons(search);

  const update = (patch: Partial<PersonListSearch>, resetPage = true) =>
    void navigate({
      to: '/population/served/list',
      search: { ...search, ...(resetPage ? { page: 1 } : {}), ...patch },
    });

  // The rows are drawn in a transition, which React renders in slices between which the browser works, rather
  // than in one long task as the answer arrives (issue 11 item 8: total blocking time). `null` until the first of
  // these renders, so even an answer already there when the page mounts (the route's loader started it) comes after
  // the page's first paint.
  const data = useDeferredValue(persons.data, null) ?? undefined;

  return (
    <ListPage
      title={t('title')}
      actions={
        <ButtonLink to="/population/served/add" leftSection={<IconPlus size={16} />}>
          {t('actions.new')}
        </ButtonLink>
      }
      filters={<PersonsFilters search={search} onChange={(patch) => update(patch)} />}
      exportSlot={<FileExport search={search} />}
      query={persons}
      busy={persons.isPlaceholderData}
      footer={
        <SortedListFooter
          search={search}
          data={data}
          pageSizes={PAGE_SIZES}
          sorts={PERSON_SORTS}
          sortLabel={(s) => t(`sort.${s}`)}
          totalLabel={(total, count) => t('list.total', { total, count })}
          update={update}
        />
      }
    >
      <Paper withBorder p={0}>
        <PersonsTable
          items={data?.items}
          sort={search.sort}
          order={search.order}
          onSort={(sort, order) => update({ sort, order })}
          onOpen={(id) => void navigate({ to: '/population/served/$id', params: { id } })}
          filtered={isFiltered(search)}
          pageSize={search.pageSize}
        />
      </Paper>
    </ListPage>
  );
}
