import { useNavigate, useSearch } from '@tanstack/react-router';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from '@amparo/shared/modules/budget.schema';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../../shared/hooks/use-current-user';
import { notifySuccess } from '../../../../shared/lib/notify';
import { BackHeader } from '../../../../shared/ui/back-header';
import { useCreatePlanningLine } from '../api/mutations';
import { currentYear } from '../../shared/years';
import { PlanningForm } from '../components/planning-form';
import { emptyPlanning } from '../components/planning-values';

/** The year a link asked for (`?year=`), when it is one a line can be planned for. */
const plannable = (year: unknown) =>
  typeof year === 'number' && Number.isInteger(year) && year >= PLAN_YEAR_MIN && year <= PLAN_YEAR_MAX ? year : null;

/**
 * Presupuesto › Planificación › add (`/budget/planning/add`): a new line, planned by the user, for the year the
 * list showed (`?year=`) or else this one.
 */
export function PlanningAddPage() {
  const { t } = useTranslation('budget');
  const navigate = useNavigate();
  const me = useCurrentUser();
  const create = useCreatePlanningLine();
  const year = plannable(useSearch({ from: '/app/budget/planning/add' }).year) ?? currentYear();

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
