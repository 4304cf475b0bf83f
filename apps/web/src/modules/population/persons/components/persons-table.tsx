import type { ReactNode } from 'react';
import { Center, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PersonListItem } from '@amparo/shared/modules/population.schema';
import { EMPTY, formatDate } from '../../../../shared/lib/format';
import type { PersonListSearch } from '../api/list-search';
import { CatalogBadges, CatalogText } from '../../shared/components/catalog-text';
import { AdmissionBadge } from '../../shared/components/person-status';
import { AnchorLink } from '../../../../shared/ui/router-links';

type Sort = PersonListSearch['sort'];
type Order = PersonListSearch['order'];

interface Props {
  items: PersonListItem[];
  sort: Sort;
  order: Order;
  onSort: (sort: Sort, order: Order) => void;
  onOpen: (id: string) => void;
}

/** Dates read best newest first; names alphabetically. */
const FIRST_ORDER: Record<Sort, Order> = {
  names: 'asc',
  lastNames: 'asc',
  fileCode: 'asc',
  admissionDate: 'desc',
  createdAt: 'desc',
};

function SortHeader({
  column,
  sort,
  order,
  onSort,
  children,
}: { column: Sort; children: ReactNode } & Pick<Props, 'sort' | 'order' | 'onSort'>) {
  const activeSort = sort === column;
  const Icon = activeSort ? (order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={activeSort ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(column, activeSort ? (order === 'asc' ? 'desc' : 'asc') : FIRST_ORDER[column])}
        style={{ display: 'flex', alignItems: 'center', gap: 4, fontWeight: 600, fontSize: 'inherit' }}
      >
        {children}
        <Icon size={14} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}

export function PersonsTable({ items, sort, order, onSort, onOpen }: Props) {
  const { t } = useTranslation('population');
  const sortProps = { sort, order, onSort };
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table highlightOnHover striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <SortHeader column="fileCode" {...sortProps}>
              {t('columns.fileCode')}
            </SortHeader>
            <SortHeader column="names" {...sortProps}>
              {t('columns.names')}
            </SortHeader>
            <SortHeader column="lastNames" {...sortProps}>
              {t('columns.lastNames')}
            </SortHeader>
            <Table.Th>{t('columns.age')}</Table.Th>
            <Table.Th>{t('columns.ageGroup')}</Table.Th>
            <Table.Th>{t('columns.sex')}</Table.Th>
            <Table.Th>{t('columns.location')}</Table.Th>
            <Table.Th>{t('columns.thematic')}</Table.Th>
            <SortHeader column="admissionDate" {...sortProps}>
              {t('columns.admissionDate')}
            </SortHeader>
            <Table.Th>{t('columns.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((p) => (
            <Table.Tr key={p.id} onClick={() => onOpen(p.id)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                {/* A real link too, so keyboard users and 'open in new tab' work. */}
                <AnchorLink
                  to="/population/served/$id"
                  params={{ id: p.id }}
                  onClick={(e: React.MouseEvent) => e.stopPropagation()}
                  ff="monospace"
                  size="sm"
                >
                  {p.fileCode}
                </AnchorLink>
              </Table.Td>
              <Table.Td>
                {p.names}
                {p.alias ? (
                  <Text span c="dimmed" size="xs">
                    {' '}
                    ({p.alias})
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>{p.lastNames}</Table.Td>
              <Table.Td>{p.age ?? EMPTY}</Table.Td>
              <Table.Td>
                <CatalogText catalog="age_group" code={p.ageGroup} />
              </Table.Td>
              <Table.Td>
                <CatalogText catalog="sex" code={p.sex} />
              </Table.Td>
              <Table.Td>{p.stateName ? `${p.stateName}${p.townName ? ` / ${p.townName}` : ''}` : EMPTY}</Table.Td>
              <Table.Td>
                <CatalogBadges catalog="thematic" codes={p.thematic} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(p.admissionDate)}</Table.Td>
              <Table.Td>
                <AdmissionBadge person={p} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {items.length === 0 && (
        <Center py="xl">
          <Group>
            <Text c="dimmed">{t('empty.list')}</Text>
          </Group>
        </Center>
      )}
    </Table.ScrollContainer>
  );
}
