import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanRevision, PlanYear } from '@amparo/shared/modules/plan.schema';
import { EMPTY } from '../../../shared/lib/format';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table';
import { DateText, Money } from '../../../shared/ui/format';

type Entry = PlanYear['history'][number];

/**
 * The year's approved revisions (number, reason, approver, date and time in Guatemala, total planned in Q, lines)
 * and its workflow history (when, what, from → to, who, why), newest first.
 */
export function PlanRecords({ plan }: { plan: PlanYear }) {
  const { t } = useTranslation('budget');
  const status = (s: string) => t(`budget:plan.status.${s}`, { defaultValue: s });
  const revisionColumns: DataColumn<PlanRevision>[] = [
    { id: 'revision', header: t('budget:plan.revisions.number'), text: (r) => r.revision, width: 90, strong: true },
    { id: 'reason', header: t('budget:plan.revisions.reason'), text: (r) => r.reason ?? EMPTY, truncate: true },
    { id: 'approvedBy', header: t('budget:plan.revisions.approvedBy'), text: (r) => r.approvedByName, width: 180 },
    {
      id: 'approvedAt',
      header: t('budget:plan.revisions.approvedAt'),
      text: (r) => r.approvedAt,
      cell: (r) => <DateText value={r.approvedAt} withTime />,
      width: 150,
    },
    {
      id: 'total',
      header: t('budget:plan.revisions.total'),
      text: (r) => r.total,
      cell: (r) => <Money value={r.total} />,
      align: 'right',
      width: 150,
    },
    { id: 'lineCount', header: t('budget:plan.revisions.lines'), text: (r) => r.lineCount, align: 'right', width: 80 },
  ];
  const historyColumns: DataColumn<Entry>[] = [
    { id: 'at', header: t('budget:plan.history.at'), cell: (h) => <DateText value={h.at} withTime />, width: 150 },
    {
      id: 'transition',
      header: t('budget:plan.history.action'),
      text: (h) => t(`budget:plan.history.actions.${h.transition}`, { defaultValue: h.transition }),
      width: 190,
    },
    {
      id: 'change',
      header: t('budget:plan.history.change'),
      text: (h) => t('budget:plan.history.fromTo', { from: status(h.from), to: status(h.to) }),
      width: 200,
    },
    { id: 'actor', header: t('budget:plan.history.actor'), text: (h) => h.actorName, truncate: true, width: 180 },
    { id: 'reason', header: t('budget:plan.history.reason'), text: (h) => h.reason ?? EMPTY, truncate: true },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={3} size="h5" mb="xs">
          {t('budget:plan.revisions.title')}
        </Title>
        {plan.revisions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('budget:plan.revisions.none')}
          </Text>
        ) : (
          <DataTable
            bare
            label={t('budget:plan.revisions.title')}
            columns={revisionColumns}
            rows={[...plan.revisions].reverse()}
            rowKey={(r) => String(r.revision)}
            minWidth={760}
          />
        )}
      </div>
      <div>
        <Title order={3} size="h5" mb="xs">
          {t('budget:plan.history.title')}
        </Title>
        {plan.history.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('budget:plan.history.none')}
          </Text>
        ) : (
          <DataTable
            bare
            label={t('budget:plan.history.title')}
            columns={historyColumns}
            rows={plan.history}
            rowKey={(h) => `${h.at}:${h.transition}`}
            minWidth={820}
          />
        )}
      </div>
    </Stack>
  );
}
