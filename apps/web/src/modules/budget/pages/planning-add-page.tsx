import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../shared/hooks/use-current-user';
import { notifySuccess } from '../../../shared/lib/notify';
import { BackHeader } from '../../../shared/ui/back-header';
import { useCreatePlanningLine } from '../api/mutations';
import { currentYear } from '../api/list-url';
import { PlanningForm } from '../components/planning-form';
import { emptyPlanning } from '../components/planning-values';

/** Presupuesto › Planificación › add (`/budget/planning/add`): a new line for this year, planned by the user. */
export function PlanningAddPage() {
  const { t } = useTranslation('budget');
  const navigate = useNavigate();
  const me = useCurrentUser();
  const create = useCreatePlanningLine();
  const year = currentYear();

  return (
    <>
      <BackHeader
        title={t('budget:planning.addTitle')}
        back={{ to: '/budget/planning/list' }}
        backLabel={t('budget:planning.backToList')}
      />
      <PlanningForm
        initialValues={emptyPlanning(year, me?.id ?? null)}
        knownUsers={me ? [{ id: me.id, fullName: me.fullName, username: me.username }] : []}
        saving={create.isPending}
        onSubmit={async (body) => {
          const line = await create.mutateAsync(body);
          notifySuccess(t('budget:planning.created'));
          await navigate({ to: '/budget/planning/list', search: { year: line.year } });
        }}
      />
    </>
  );
}
