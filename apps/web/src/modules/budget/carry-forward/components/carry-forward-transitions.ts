import { useTranslation } from 'react-i18next';
import type { CarryForwardStatus } from '@amparo/shared/modules/assignment.schema';
import type { AllowedTransition } from '@amparo/shared/workflow';
import { formatMoney } from '../../../../shared/lib/format';
import { notifySuccess } from '../../../../shared/lib/notify';
import type { WorkflowTransitionConfig } from '../../../../shared/ui/workflow/types';
import { useDecideCarryForward, useReloadCarryForwards, type CarryForward } from '../api';

/**
 * How a requested carry-forward is approved or rejected through the shared workflow dialog (issue 25 section 1):
 * the document's item, amount and years, the reason (required to reject, optional to approve, as the workflow's
 * table says), and who it is done for when offered through a delegation. The server refuses the requester's own
 * approval and one past what the year still leaves (the amount's limit, said in a toast).
 */
export function useCarryForwardTransitionConfig(): WorkflowTransitionConfig<
  CarryForward,
  AllowedTransition,
  CarryForward
> {
  const { t } = useTranslation('budget');
  const decide = useDecideCarryForward();
  const reload = useReloadCarryForwards();
  return {
    version: (doc) => doc.version,
    label: (name) => t(`budget:carryForward.decision.${name}`, { defaultValue: name }),
    stateLabel: (state) => t(`budget:carryForward.status.${state as CarryForwardStatus}`, { defaultValue: state }),
    title: (a) => t(`budget:carryForward.decision.title.${a.name}`, { defaultValue: a.name }),
    description: (_a, doc) =>
      t('budget:carryForward.decision.summary', {
        item: `${doc.itemCode} - ${doc.itemName}`,
        amount: formatMoney(doc.amount),
        from: doc.fromYear,
        to: doc.toYear,
      }),
    submitLabel: (a) => t(`budget:carryForward.decision.confirm.${a.name}`, { defaultValue: a.name }),
    submitColor: (a) => (a.name === 'reject' ? 'red' : 'teal'),
    confirm: () => true,
    onSubmit: (doc, body) =>
      decide.mutateAsync({ id: doc.id, body: { ...body, transition: body.transition as 'approve' | 'reject' } }),
    onDone: (_doc, a) => notifySuccess(t(`budget:carryForward.decision.done.${a.name}`, { defaultValue: '' })),
    onStale: reload,
    onRefused: () => void reload(),
  };
}
