import { Stack, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PersonListItem } from '@amparo/shared/modules/population.schema';
import { formatDate } from '../../../../shared/lib/format';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { AnchorLink } from '../../../../shared/ui/router-links/anchor-link';
import type { PersonListSearch } from '../api/list-search';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import { CodeBadges } from '../../shared/components/catalog-text';
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
  /** A search or filter narrows the list: an empty one then says so, else it explains per-person access. */
  filtered: boolean;
  /** Rows of the page: as many skeleton rows show while it loads, so nothing below jumps when it arrives. */
  pageSize: number;
}

/** The persons list's table: server sorting on file code, names, last names and admission date. */
export function PersonsTable({ items, sort, order, onSort, onOpen, filtered, pageSize }: Props) {
  const { t } = useTranslation('population');
  // Each catalog read once for the page's rows, not once a cell.
  const ageGroups = useCatalog('age_group');
  const sexes = useCatalog('sex');
  const thematic = useCatalog('thematic');
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
      width: 128,
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
      wrap: true,
    },
    { id: 'lastNames', header: t('columns.lastNames'), text: (p) => p.lastNames, sortable: true, wrap: true },
    { id: 'age', header: t('columns.age'), text: (p) => p.age, width: 64, align: 'right' },
    // Age group and place are secondary (the age and the record give them): shown from 1408 px up.
    {
      id: 'ageGroup',
      header: t('columns.ageGroup'),
      text: (p) => (p.ageGroup ? ageGroups.labelOf(p.ageGroup) : null),
      wrap: true,
      // Shares of the table's width: wider on a wide screen, where the names have room to spare.
      width: '13%',
      visibleFrom: 'xl',
    },
    { id: 'sex', header: t('columns.sex'), text: (p) => sexes.labelOf(p.sex), width: 90 },
    {
      id: 'location',
      header: t('columns.location'),
      text: (p) => (p.stateName ? `${p.stateName}${p.townName ? ` / ${p.townName}` : ''}` : null),
      wrap: true,
      visibleFrom: 'xl',
    },
    {
      id: 'thematic',
      header: t('columns.thematic'),
      cell: (p) => <CodeBadges codes={p.thematic} labelOf={thematic.labelOf} limit={1} />,
      width: '14%',
    },
    {
      id: 'admissionDate',
      header: t('columns.admissionDate'),
      text: (p) => formatDate(p.admissionDate),
      sortable: true,
      firstOrder: 'desc',
      width: 112,
    },
    { id: 'status', header: t('columns.status'), cell: (p) => <AdmissionBadge person={p} />, width: 124 },
  ];
  return (
    <DataTable
      bare
      label={t('title')}
      columns={columns}
      rows={items}
      loadingRows={pageSize}
      rowKey={(p) => p.id}
      minWidth={960}
      sort={{ by: sort, order, onChange: (by, next) => onSort(by as Sort, next) }}
      onRowClick={(p) => onOpen(p.id)}
      empty={
        filtered ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('empty.list')}
          </Text>
        ) : (
          // Nobody at all: most often a new user with no grant yet, who needs to know why and what to do.
          <Stack align="center" gap="xs" py="xl" maw={640} mx="auto" data-testid="no-access-empty">
            <IconLock size={28} aria-hidden />
            <Text fw={600}>{t('empty.no_access_title')}</Text>
            <Text size="sm" c="dimmed" ta="center">
              {t('empty.no_access')}
            </Text>
          </Stack>
        )
      }
    />
  );
}
