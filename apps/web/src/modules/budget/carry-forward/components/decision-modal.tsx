import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { optionalText, text } from '@amparo/shared/validation';
import { useZodForm } from '../../../../shared/hooks/use-zod-form';
import { formatMoney } from '../../../../shared/lib/format';
import { notifySuccess } from '../../../../shared/lib/notify';
import { useDecideCarryForward, type CarryForward } from '../api';

export type Decision = 'approve' | 'reject';

/** A rejection says why; an approval may. */
const schemaOf = (decision: Decision) => z.object({ reason: decision === 'reject' ? text(1000) : optionalText(1000) });

function DecisionForm({ doc, decision, onClose }: { doc: CarryForward; decision: Decision; onClose: () => void }) {
  const { t } = useTranslation('budget');
  const decide = useDecideCarryForward(doc.id);
  const { form, submitWith } = useZodForm<{ reason: string }>(schemaOf(decision), { reason: '' });
  const submit = submitWith(async ({ reason }) => {
    await decide.mutateAsync({ transition: decision, version: doc.version, reason: reason.trim() || undefined });
    notifySuccess(t(`budget:carryForward.decision.done.${decision}`));
    onClose();
  });
  return (
    <form onSubmit={submit} noValidate aria-label={t(`budget:carryForward.decision.title.${decision}`)}>
      <Stack gap="sm">
        <Text size="sm">
          {t('budget:carryForward.decision.summary', {
            item: `${doc.itemCode} - ${doc.itemName}`,
            amount: formatMoney(doc.amount),
            from: doc.fromYear,
            to: doc.toYear,
          })}
        </Text>
        <Textarea
          label={t('budget:carryForward.fields.decisionReason')}
          autosize
          minRows={2}
          maxLength={1000}
          withAsterisk={decision === 'reject'}
          {...form.getInputProps('reason')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={decide.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" color={decision === 'reject' ? 'red' : 'teal'} loading={decide.isPending}>
            {t(`budget:carryForward.decision.confirm.${decision}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Approve or reject a requested carry-forward (presupuesto_aprobacion): a rejection needs a reason. The server
 * refuses the requester's own (403) and an approval past what the year still leaves (the amount's limit).
 */
export function DecisionModal({
  doc,
  decision,
  onClose,
}: {
  doc: CarryForward | null;
  decision: Decision;
  onClose: () => void;
}) {
  const { t } = useTranslation('budget');
  return (
    <Modal
      opened={doc !== null}
      onClose={onClose}
      title={t(`budget:carryForward.decision.title.${decision}`)}
      closeButtonProps={{ 'aria-label': t('common:actions.close') }}
    >
      {doc && <DecisionForm key={`${doc.id}-${decision}`} doc={doc} decision={decision} onClose={onClose} />}
    </Modal>
  );
}
