import { Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryStatus } from '../../../../shared/ui/page-state';
import { EMPTY } from '../../../../shared/lib/format';
import { EmptyRow } from '../../../../shared/ui/empty-row';
import { usePersonActivities, type ActivitySummary } from '../../persons/api/queries';
import { formatLocalDateTime } from '../../shared/lib/case-file-utils';
import { CatalogText } from '../../shared/components/catalog-text';

const COLUMNS = 5;

/** Where it took place: the place, else the headquarters, with the municipality and department. */
function placeOf(a: ActivitySummary): string {
  const where = [a.place ?? a.headquarterName, [a.townName, a.stateName].filter(Boolean).join(', ')].filter(Boolean);
  return where.length ? where.join(' · ') : EMPTY;
}

/** 'Activities' tab: the group activities the person attended, newest as the server sends them. Read only. */
export function FileActivities({ personId }: { personId: string }) {
  const { t } = useTranslation('population');
  const activities = usePersonActivities(personId);

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" maw={720}>
        {t('person_activities.help')}
      </Text>
      <QueryStatus query={activities} />
      {activities.data && (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" striped aria-label={t('detail.tab_activities')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('person_activities.startsAt')}</Table.Th>
                <Table.Th>{t('person_activities.name')}</Table.Th>
                <Table.Th>{t('person_activities.type')}</Table.Th>
                <Table.Th>{t('person_activities.place')}</Table.Th>
                <Table.Th ta="right">{t('person_activities.participants')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {activities.data.length === 0 && <EmptyRow colSpan={COLUMNS} />}
              {activities.data.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatLocalDateTime(a.startsAt)}</Table.Td>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td>
                    <CatalogText catalog="activity_type" code={a.activityType} />
                  </Table.Td>
                  <Table.Td>{placeOf(a)}</Table.Td>
                  <Table.Td ta="right">{a.participantCount}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
