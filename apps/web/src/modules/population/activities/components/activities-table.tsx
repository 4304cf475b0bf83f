import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMPTY } from '../../../../shared/lib/format';
import { EmptyRow } from '../../../../shared/ui/empty-row';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import type { ActivitySummary } from '../api/queries';
import { formatLocalDateTime } from '../../shared/lib/case-file-utils';
import { AnchorLink } from '../../../../shared/ui/router-links';

interface Props {
  items: ActivitySummary[];
  onOpen: (id: string) => void;
}

const numberFormat = new Intl.NumberFormat('en-US');

export function ActivitiesTable({ items, onOpen }: Props) {
  const { t } = useTranslation('activities');
  const types = useCatalog('activity_type');
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table highlightOnHover striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.startsAt')}</Table.Th>
            <Table.Th>{t('columns.name')}</Table.Th>
            <Table.Th>{t('columns.activityType')}</Table.Th>
            <Table.Th>{t('columns.location')}</Table.Th>
            <Table.Th>{t('columns.place')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('columns.participants')}</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>{t('columns.photos')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.length === 0 && <EmptyRow colSpan={7} />}
          {items.map((a) => (
            <Table.Tr key={a.id} onClick={() => onOpen(a.id)} style={{ cursor: 'pointer' }}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLocalDateTime(a.startsAt)}</Table.Td>
              <Table.Td>
                {/* A real link too, so keyboard users and 'open in new tab' work. */}
                <AnchorLink
                  to="/population/activities/view/$id"
                  params={{ id: a.id }}
                  onClick={(e: React.MouseEvent) => e.stopPropagation()}
                  size="sm"
                >
                  {a.name}
                </AnchorLink>
              </Table.Td>
              <Table.Td>{types.labelOf(a.activityType) ?? EMPTY}</Table.Td>
              <Table.Td>{a.stateName ? `${a.stateName}${a.townName ? ` / ${a.townName}` : ''}` : EMPTY}</Table.Td>
              <Table.Td>{a.place ?? EMPTY}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{numberFormat.format(a.participantCount)}</Table.Td>
              <Table.Td style={{ textAlign: 'right' }}>{numberFormat.format(a.photoCount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
