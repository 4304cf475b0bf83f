import { useTranslation } from 'react-i18next';
// Types only: the planning list's first load stays free of zod (e2e/load-budget.spec.ts).
import type { PLAN_TRANSITIONS, PlanStatus, PlanYear } from '@amparo/shared/modules/plan.schema';
import { notifySuccess } from '../../../shared/lib/notify';
import type { WorkflowTransitionConfig } from '../../../shared/ui/workflow/types';
import { useTransitionPlan } from './api';

export type AllowedPlanTransition = PlanYear['allowed'][number];
type PlanTransition = (typeof PLAN_TRANSITIONS)[number];

/**
 * How a year's plan takes its transitions through the shared workflow dialog (issue 25 section 1), from the
 * planning list's panel or a locked line's "open a revision": every one is confirmed in the dialog with what it
 * does, and the reason the workflow's table asks (required to return a plan or to open a revision, a comment to
 * submit or approve it). A stale plan's reload, and a move no longer allowed (403), refetch the year.
 */
export function usePlanTransitionConfig(
  year: number,
  refetch: () => Promise<unknown>,
): WorkflowTransitionConfig<PlanYear, AllowedPlanTransition, PlanYear> {
  const { t } = useTranslation('budget');
  const transition = useTransitionPlan(year);
  return {
    version: (plan) => plan.version,
    label: (name) => t(`budget:plan.actions.${name}`, { defaultValue: name }),
    stateLabel: (state) => t(`budget:plan.status.${state as PlanStatus}`, { defaultValue: state }),
    title: (a) => t(`budget:plan.confirm.${a.name}.title`, { year }),
    description: (a) => t(`budget:plan.confirm.${a.name}.text`, { year }),
    confirm: () => true,
    onSubmit: (_plan, body) => transition.mutateAsync({ ...body, transition: body.transition as PlanTransition }),
    onDone: (_plan, a) => notifySuccess(t(`budget:plan.done.${a.name}`, { year })),
    onStale: refetch,
    onRefused: () => void refetch(),
  };
}
