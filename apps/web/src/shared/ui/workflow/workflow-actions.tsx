import { useId } from 'react';
import { Button, Group, Stack, Text, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isPermissionKey, permissionLabel } from '@amparo/shared/permissions';
import type { RefusedTransition } from '@amparo/shared/workflow';
import { offeredLabel } from './offered-label';
import type { OfferedTransition, WorkflowTransitionConfig } from './types';
import { useWorkflowTransition } from './use-workflow-transition';

interface Props<S, A extends OfferedTransition, R> {
  /** What the transitions are taken on (the ticket, the year's plan). */
  subject: S;
  /** The transitions the server allows the caller now (the record's `allowed`). */
  allowed: readonly A[];
  /** The transitions open from the record's state the caller may not take, with why (the record's `refused`). */
  refused?: readonly RefusedTransition[];
  /** How the transitions are taken: labels, the dialog's texts and fields, the call, the reload. */
  config: WorkflowTransitionConfig<S, A, R>;
  /** A transition's button look (filled for the main move, light red for a rejection). */
  look?: (name: string) => Pick<ButtonProps, 'variant' | 'color'>;
  /** The group's accessible name ("Acciones"). */
  ariaLabel: string;
}

/**
 * The buttons of a record's workflow and their dialog (issues 24 section 6 item 6, 25 section 1), shared by every
 * workflow: one button per transition the server allows the caller now ("on behalf of X" when offered through a
 * delegation), and, disabled, one per transition open from this state they may not take, with the reason written
 * under the buttons (not only in a tooltip: a disabled button gets no hover on a phone) and tied to the button by
 * `aria-describedby`. Both lists come from the server's workflow table, which also refuses the transition if it
 * were forced. A button takes its transition through `useWorkflowTransition` (the reason, the return stage, the
 * module's fields, the stale reload).
 */
export function WorkflowActions<S, A extends OfferedTransition, R>({
  subject,
  allowed,
  refused = [],
  config,
  look,
  ariaLabel,
}: Props<S, A, R>) {
  const { t, i18n } = useTranslation('common');
  const baseId = useId();
  const runner = useWorkflowTransition(config);
  if (allowed.length === 0 && refused.length === 0) return null;
  const reasonOf = (r: RefusedTransition) => {
    const key = r.permission && isPermissionKey(r.permission) ? permissionLabel(r.permission, i18n.language) : '';
    const action = config.label(r.name);
    return (
      t(`workflow.refused.${r.because}`, { action, key, defaultValue: '' }) || t('workflow.refused.other', { action })
    );
  };
  return (
    <Stack gap={4} align="flex-end" data-testid="workflow-actions">
      <Group gap="xs" role="group" aria-label={ariaLabel} justify="flex-end">
        {allowed.map((a) => (
          <Button
            key={`${a.name}:${a.actingFor?.id ?? ''}`}
            {...(look?.(a.name) ?? {})}
            loading={runner.busy}
            onClick={() => runner.start(subject, a)}
          >
            {offeredLabel(t, config.label, a)}
          </Button>
        ))}
        {refused.map((r) => (
          <Button
            key={r.name}
            {...(look?.(r.name) ?? {})}
            disabled
            aria-describedby={`${baseId}-${r.name}`}
            data-refused={r.because}
          >
            {config.label(r.name)}
          </Button>
        ))}
      </Group>
      {refused.map((r) => (
        <Text key={r.name} id={`${baseId}-${r.name}`} size="xs" c="dimmed" ta="right" maw={420}>
          {reasonOf(r)}
        </Text>
      ))}
      {runner.dialog}
    </Stack>
  );
}
