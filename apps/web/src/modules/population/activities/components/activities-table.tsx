import { formatCount } from '@amparo/shared/format';
import { useTranslation } from 'react-i18next';
import { useCatalog } from '../../../../shared/hooks/use-catalog';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { AnchorLink } from '../../../../shared/ui/router-links/anchor-link';
import type { ActivitySummary } from '../api/queries';
import { formatLocalDateTime } from '../../../../shared/lib/format';

interface Props {
  /** The page's activities; undefined while the first page loads. */
  items: ActivitySummary[] | undefined;
  onOpen: (id: string) => void;
  /** Rows of the page: as many skeleton rows show while it loads, so nothing below jumps when it arrives. */
  pageSize: number;
}

/** The activities list's table; a row opens the activity. */
export function ActivitiesTable({ items, onOpen, pageSize }: Props) {
  const { t } = useTranslation('activities');
  const types = useCatalog('activity_type');
  const columns: DataColumn<ActivitySummary>[] = [
    { id: 'startsAt', header: t('columns.startsAt'), text: (a) => formatLocalDateTime(a.startsAt), width: 160 },
    {
      id: 'name',
      header: t('columns.name'),
      text: (a) => a.name,
      // A real link too, so keyboard users and 'open in new tab' work.
      cell: (a) => (
        <AnchorLink to="/population/activities/view/$id" params={{ id: a.id }} size="sm">
          {a.name}
        </AnchorLink>
      ),
      wrap: true,
    },
    {
      id: 'activityType',
      header: t('columns.activityType'),
      text: (a) => types.labelOf(a.activityType),
      wrap: true,
    },
    {
      id: 'location',
      header: t('columns.location'),
      text: (a) => (a.stateName ? `${a.stateName}${a.townName ? ` / ${a.townName}` : ''}` : null),
      wrap: true,
    },
    { id: 'place', header: t('columns.place'), text: (a) => a.place, wrap: true },
    {
      id: 'participants',
      header: t('columns.participants'),
      text: (a) => formatCount(a.participantCount),
      align: 'right',
      width: 120,
    },
    {
      id: 'photos',
      header: t('columns.photos'),
      text: (a) => formatCount(a.photoCount),
      align: 'right',
      width: 90,
    },
  ];
  return (
    <DataTable
      bare
      label={t('title')}
      columns={columns}
      rows={items}
      loadingRows={pageSize}
      rowKey={(a) => a.id}
      minWidth={900}
      onRowClick={(a) => onOpen(a.id)}
    />
  );
}
