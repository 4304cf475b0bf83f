import { useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { IconTrash } from '@tabler/icons-react';
import { useNavigate, useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { applyServerErrors } from '../../../../shared/lib/server-errors';
import { notifyError, notifySuccess } from '../../../../shared/lib/notify';
import { BackHeader } from '../../../../shared/ui/back-header';
import { ConfirmDialog } from '../../../../shared/ui/confirm-dialog';
import { PageError, PageLoader } from '../../../../shared/ui/page-state';
import { useDeletePlanningLine, useUpdatePlanningLine } from '../api/mutations';
import { usePlanningLine } from '../api/queries';
import { PlanningForm } from '../components/planning-form';
import { toPlanningValues } from '../components/planning-values';
import { GoalsPanel } from '../../goals/goals-panel';
import { isEditable, usePlanYear } from '../../plan/api';
import { usePlanTransitionConfig } from '../../plan/plan-transitions';
import { useWorkflowTransition } from '../../../../shared/ui/workflow/use-workflow-transition';

/**
 * Presupuesto › Planificación › edit (`/budget/planning/edit/$id`): saves with
 * the version read (a 409 offers to reload); delete asks first. A line of a
 * year whose plan is not a draft opens read-only, says why, and offers the
 * holder of the key to open a revision (issue 24 section 6 item 1).
 */
export function PlanningEditPage() {
  const { t } = useTranslation('budget');
  const navigate = useNavigate();
  const { id } = useParams({ from: '/app/budget/planning/edit/$id' });
  const line = usePlanningLine(id);
  const update = useUpdatePlanningLine(id);
  const remove = useDeletePlanningLine(id);
  const [confirming, setConfirming] = useState(false);
  const lineYear = line.data?.year ?? null;
  const plan = usePlanYear(lineYear);
  const transitions = useWorkflowTransition(usePlanTransitionConfig(lineYear ?? 0, () => plan.refetch()));

  const header = (
    <BackHeader
      title={t('budget:planning.editTitle')}
      back={{ to: '/budget/planning/list' }}
      backLabel={t('budget:planning.backToList')}
    />
  );
  if (line.isPending) return <PageLoader />;
  if (line.isError)
    return (
      <>
        {header}
        <PageError error={line.error} onRetry={() => void line.refetch()} />
      </>
    );

  const { version, year, description } = line.data;
  const toList = (listYear: number) => navigate({ to: '/budget/planning/list', search: { year: listYear } });
  const confirmDelete = async () => {
    try {
      await remove.mutateAsync();
      notifySuccess(t('budget:planning.deleted'));
      setConfirming(false);
      await toList(year);
    } catch (error) {
      setConfirming(false);
      notifyError(applyServerErrors(error, t));
    }
  };

  const readOnly = !isEditable(plan.data);
  const revise = plan.data?.allowed.find((a) => a.name === 'revise');
  return (
    <>
      {header}
      {readOnly && plan.data && (
        <Alert
          color="blue"
          icon={<IconLock size={18} />}
          title={t('budget:planning.readOnly.title')}
          mb="md"
          data-testid="line-read-only"
        >
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{t(`budget:plan.help.${plan.data.status}`)}</Text>
            {revise && (
              <Button size="xs" variant="light" onClick={() => plan.data && transitions.start(plan.data, revise)}>
                {t('budget:plan.actions.revise')}
              </Button>
            )}
          </Group>
        </Alert>
      )}
      <PlanningForm
        // A new version (after a reload) starts the form again from the saved line.
        key={version}
        initialValues={toPlanningValues(line.data)}
        saved={line.data}
        saving={update.isPending}
        readOnly={readOnly}
        onReload={() => line.refetch()}
        onSubmit={async (body) => {
          const saved = await update.mutateAsync({ ...body, version });
          notifySuccess(t('budget:planning.updated'));
          await toList(saved.year);
        }}
        extraActions={
          !readOnly && (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => setConfirming(true)}
            >
              {t('common:actions.delete')}
            </Button>
          )
        }
      />
      <GoalsPanel lineId={id} />
      {transitions.dialog}
      <ConfirmDialog
        opened={confirming}
        title={t('common:confirm.deleteTitle')}
        message={t('common:confirm.deleteMessage', { name: description })}
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
