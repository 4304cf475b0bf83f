import { useState } from 'react';
import { Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface PayrollBudgetDialogProps {
  /** `warning`: the lines pass what is available under a warning control; `stop`: under a stop control. */
  kind: 'warning' | 'stop' | null;
  /** One sentence a line: its description and how far it passes what is available. */
  lines: string[];
  loading: boolean;
  onConfirm: (overrideReason?: string) => void;
  onClose: () => void;
}

/**
 * The budget control's answer to a payroll's execution (issue 27 section 4): the lines it passes what is
 * available on, then either a confirmation (a warning) or, for a holder of asignacion_liberacion, the reason to
 * let a stopped excess through (recorded with the control's event).
 */
export function PayrollBudgetDialog({ kind, lines, loading, onConfirm, onClose }: PayrollBudgetDialogProps) {
  const { t } = useTranslation('execution');
  const [reason, setReason] = useState('');
  const close = () => {
    setReason('');
    onClose();
  };
  return (
    <Modal
      opened={kind !== null}
      onClose={close}
      centered
      title={kind === 'stop' ? t('execution:personal.budget.stopTitle') : t('execution:personal.budget.warningTitle')}
    >
      <Stack>
        <Text size="sm">
          {kind === 'stop' ? t('execution:personal.budget.stopMessage') : t('execution:personal.budget.warningMessage')}
        </Text>
        {lines.length > 0 && (
          <List size="sm" spacing={4}>
            {lines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        )}
        {kind === 'stop' && (
          <Textarea
            label={t('execution:personal.budget.reason')}
            description={t('execution:personal.budget.reasonHint')}
            withAsterisk
            autosize
            minRows={2}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={loading}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            color={kind === 'stop' ? 'red' : undefined}
            loading={loading}
            disabled={kind === 'stop' && reason.trim() === ''}
            onClick={() => onConfirm(kind === 'stop' ? reason.trim() : undefined)}
          >
            {kind === 'stop' ? t('execution:personal.budget.override') : t('execution:personal.budget.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
