import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../shared/ui/page-state';
import { EMPTY } from '../../../../shared/lib/format';
import { DataTable, type DataColumn } from '../../../../shared/ui/data-table/data-table';
import { usePersonActivities, type ActivitySummary } from '../../persons/api/queries';
import { formatLocalDateTime } from '../../../../shared/lib/format';
import { CatalogText } from '../../shared/components/catalog-text';

/** Where it took place: the place, else the headquarters, with the municipality and department. */
function placeOf(a: ActivitySummary): string {
  const where = [a.place ?? a.headquarterName, [a.townName, a.stateName].filter(Boolean).join(', ')].filter(Boolean);
  return where.length ? where.join(' · ') : EMPTY;
}

/** 'Activities' tab: the group activities the person attended, newest as the server sends them. Read only. */
export function FileActivities({ personId }: { personId: string }) {
  const { t } = useTranslation('population');
  const activities = usePersonActivities(personId);
  const columns: DataColumn<ActivitySummary>[] = [
    {
      id: 'startsAt',
      header: t('person_activities.startsAt'),
      text: (a) => formatLocalDateTime(a.startsAt),
      width: 160,
    },
    { id: 'name', header: t('person_activities.name'), text: (a) => a.name, wrap: true },
    {
      id: 'type',
      header: t('person_activities.type'),
      cell: (a) => <CatalogText catalog="activity_type" code={a.activityType} />,
    },
    { id: 'place', header: t('person_activities.place'), text: placeOf, wrap: true },
    {
      id: 'participants',
      header: t('person_activities.participants'),
      text: (a) => a.participantCount,
      align: 'right',
      width: 120,
    },
  ];

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" maw={720}>
        {t('person_activities.help')}
      </Text>
      <QueryStatus query={activities} />
      {activities.data && (
        <DataTable
          bare
          label={t('detail.tab_activities')}
          columns={columns}
          rows={activities.data}
          rowKey={(a) => a.id}
          minWidth={760}
        />
      )}
    </Stack>
  );
}
