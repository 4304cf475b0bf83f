import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PlanRevision, PlanYear } from '@amparo/shared/modules/plan.schema';
import { EMPTY } from '../../../shared/lib/format';
import { DataTable, type DataColumn } from '../../../shared/ui/data-table/data-table';
import { DateText, Money } from '../../../shared/ui/format';
import { WorkflowHistory } from '../../../shared/ui/workflow/workflow-history';
import { WorkflowStepper } from '../../../shared/ui/workflow/workflow-stepper';

/**
 * The year's approved revisions (number, reason, approver, date and time in Guatemala, total planned in Q, lines)
 * and, in the shared workflow components, its path (the Stepper) and its history (what, from → to, who and for
 * whom, when, why), oldest first.
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
        <Stack gap="md">
          {(plan.steps ?? []).length > 0 && (
            <div style={{ overflowX: 'auto' }}>
              <WorkflowStepper steps={plan.steps} stateLabel={status} label={t('budget:plan.steps')} />
            </div>
          )}
          <WorkflowHistory
            entries={plan.history}
            transitionLabel={(name) => t(`budget:plan.history.actions.${name}`, { defaultValue: name })}
            stateLabel={status}
            label={t('budget:plan.history.title')}
          />
        </Stack>
      </div>
    </Stack>
  );
}
