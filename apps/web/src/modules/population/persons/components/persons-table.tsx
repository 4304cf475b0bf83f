import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PersonListItem } from '@amparo/shared/modules/population.schema';
import { formatDate } from '../../../../shared/lib/format';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table';
import { AnchorLink } from '../../../../shared/ui/router-links/anchor-link';
import type { PersonListSearch } from '../api/list-search';
import { CatalogBadges, CatalogText } from '../../shared/components/catalog-text';
import { AdmissionBadge } from '../../shared/components/person-status';

type Sort = PersonListSearch['sort'];
type Order = PersonListSearch['order'];

interface Props {
  /** The page's persons; undefined while the first page loads. */
  items: PersonListItem[] | undefined;
  sort: Sort;
  order: Order;
  onSort: (sort: Sort, order: Order) => void;
  onOpen: (id: string) => void;
}

/** The persons list's table: server sorting on file code, names, last names and admission date. */
export function PersonsTable({ items, sort, order, onSort, onOpen }: Props) {
  const { t } = useTranslation('population');
  const columns: DataColumn<PersonListItem>[] = [
    {
      id: 'fileCode',
      header: t('columns.fileCode'),
      text: (p) => p.fileCode,
      // A real link too, so keyboard users and 'open in new tab' work.
      cell: (p) => (
        <AnchorLink
          to="/population/served/$id"
          params={{ id: p.id }}
          ff="monospace"
          size="sm"
          style={{ whiteSpace: 'nowrap' }}
        >
          {p.fileCode}
        </AnchorLink>
      ),
      sortable: true,
      width: 150,
    },
    {
      id: 'names',
      header: t('columns.names'),
      text: (p) => (p.alias ? `${p.names} (${p.alias})` : p.names),
      cell: (p) => (
        <>
          {p.names}
          {p.alias ? (
            <Text span c="dimmed" size="xs">
              {' '}
              ({p.alias})
            </Text>
          ) : null}
        </>
      ),
      sortable: true,
      truncate: true,
    },
    { id: 'lastNames', header: t('columns.lastNames'), text: (p) => p.lastNames, sortable: true, truncate: true },
    { id: 'age', header: t('columns.age'), text: (p) => p.age, width: 70 },
    {
      id: 'ageGroup',
      header: t('columns.ageGroup'),
      cell: (p) => <CatalogText catalog="age_group" code={p.ageGroup} />,
      width: 130,
    },
    { id: 'sex', header: t('columns.sex'), cell: (p) => <CatalogText catalog="sex" code={p.sex} />, width: 110 },
    {
      id: 'location',
      header: t('columns.location'),
      text: (p) => (p.stateName ? `${p.stateName}${p.townName ? ` / ${p.townName}` : ''}` : null),
      truncate: true,
    },
    {
      id: 'thematic',
      header: t('columns.thematic'),
      cell: (p) => <CatalogBadges catalog="thematic" codes={p.thematic} />,
    },
    {
      id: 'admissionDate',
      header: t('columns.admissionDate'),
      text: (p) => formatDate(p.admissionDate),
      sortable: true,
      firstOrder: 'desc',
      width: 130,
    },
    { id: 'status', header: t('columns.status'), cell: (p) => <AdmissionBadge person={p} />, width: 130 },
  ];
  return (
    <DataTable
      bare
      label={t('title')}
      columns={columns}
      rows={items}
      rowKey={(p) => p.id}
      minWidth={1100}
      sort={{ by: sort, order, onChange: (by, next) => onSort(by as Sort, next) }}
      onRowClick={(p) => onOpen(p.id)}
      empty={
        <Text c="dimmed" ta="center" py="xl">
          {t('empty.list')}
        </Text>
      }
    />
  );
}
