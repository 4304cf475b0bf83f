import { Stepper } from '@mantine/core';
import { IconMinus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WorkflowStep } from '@amparo/shared/workflow';

interface Props {
  steps: readonly WorkflowStep[];
  stateLabel: (state: string) => string;
  /** The stepper's accessible name; "Etapas" by default. */
  label?: string;
  orientation?: 'horizontal' | 'vertical';
}

/**
 * A record's path (issue 25 section 1, the spec's current, completed and pending steps), as the server's
 * `workflowSteps` gives it: the steps before the current one are completed (a skipped one, which an amount band
 * passed over, is drawn grey with a dash), the current one is in progress, the rest are pending. Each step says
 * its status in words, not only in colour. A record in its last state has no pending step.
 */
export function WorkflowStepper({ steps, stateLabel, label, orientation = 'horizontal' }: Props) {
  const { t } = useTranslation('common');
  if (steps.length === 0) return null;
  const current = steps.findIndex((s) => s.status === 'current');
  const active = current >= 0 ? current : steps.filter((s) => s.status !== 'pending').length;
  return (
    <Stepper
      active={active}
      size="sm"
      orientation={orientation}
      role="group"
      aria-label={label ?? t('workflow.steps.label')}
      data-testid="workflow-stepper"
    >
      {steps.map((s) => (
        <Stepper.Step
          key={s.state}
          label={stateLabel(s.state)}
          description={t(`workflow.steps.${s.status}`)}
          aria-current={s.status === 'current' ? 'step' : undefined}
          data-status={s.status}
          {...(s.status === 'skipped' ? { color: 'gray', completedIcon: <IconMinus size={14} /> } : {})}
        />
      ))}
    </Stepper>
  );
}
