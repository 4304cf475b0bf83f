import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CarryForwardStatus } from '@amparo/shared/modules/assignment.schema';
import { formatMoney } from '../../../../shared/lib/format';
import { WorkflowHistory } from '../../../../shared/ui/workflow/workflow-history';
import { WorkflowStepper } from '../../../../shared/ui/workflow/workflow-stepper';
import type { CarryForward } from '../api';

/**
 * A carry-forward's path and workflow history (issue 25 section 1), in the shared workflow components: requested,
 * then approved or rejected; who decided, for whom (a delegation), when and why.
 */
export function CarryForwardHistoryModal({ doc, onClose }: { doc: CarryForward | null; onClose: () => void }) {
  const { t } = useTranslation('budget');
  const stateLabel = (state: string) =>
    t(`budget:carryForward.status.${state as CarryForwardStatus}`, { defaultValue: state });
  return (
    <Modal
      opened={doc !== null}
      onClose={onClose}
      size="lg"
      title={t('budget:carryForward.history.title')}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {doc && (
        <Stack gap="md">
          <Text size="sm">
            {t('budget:carryForward.decision.summary', {
              item: `${doc.itemCode} - ${doc.itemName}`,
              amount: formatMoney(doc.amount),
              from: doc.fromYear,
              to: doc.toYear,
            })}
          </Text>
          <WorkflowStepper steps={doc.steps ?? []} stateLabel={stateLabel} />
          <WorkflowHistory
            entries={doc.history ?? []}
            transitionLabel={(name) => t(`budget:carryForward.history.actions.${name}`, { defaultValue: name })}
            stateLabel={stateLabel}
            label={t('budget:carryForward.history.title')}
          />
        </Stack>
      )}
    </Modal>
  );
}
