import { useId } from 'react';
import { Button, Group, Stack, Text, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isPermissionKey, permissionLabel } from '@amparo/shared/permissions';
import type { RefusedTransition } from '@amparo/shared/workflow';

/** A transition the server offers the caller now (the `allowed` of a workflow's record). */
export interface OfferedTransition {
  name: string;
}

interface Props<A extends OfferedTransition> {
  allowed: readonly A[];
  /** The transitions open from the record's state the caller may not take, with why (the record's `refused`). */
  refused: readonly RefusedTransition[];
  /** A transition's button label. */
  label: (name: string) => string;
  /** A transition's button look (filled for the main move, light red for a rejection). */
  look?: (name: string) => Pick<ButtonProps, 'variant' | 'color'>;
  onTake: (transition: A) => void;
  busy?: boolean;
  /** The group's accessible name ("Acciones"). */
  ariaLabel: string;
}

/**
 * The buttons of a record's workflow (issue 24 section 6, item 6), shared by the plan and the ticket pages: one
 * per transition the server allows the caller now, and, disabled, one per transition open from this state they
 * may not take, with the reason written under the buttons (not only in a tooltip: a disabled button gets no hover
 * on a phone) and tied to the button by `aria-describedby`. Both lists come from the server's workflow table,
 * which also refuses the transition if it were forced.
 */
export function WorkflowActions<A extends OfferedTransition>({
  allowed,
  refused,
  label,
  look,
  onTake,
  busy,
  ariaLabel,
}: Props<A>) {
  const { t, i18n } = useTranslation('common');
  const baseId = useId();
  if (allowed.length === 0 && refused.length === 0) return null;
  const reasonOf = (r: RefusedTransition) => {
    const key = r.permission && isPermissionKey(r.permission) ? permissionLabel(r.permission, i18n.language) : '';
    return (
      t(`workflow.refused.${r.because}`, { action: label(r.name), key, defaultValue: '' }) ||
      t('workflow.refused.other', { action: label(r.name) })
    );
  };
  return (
    <Stack gap={4} align="flex-end" data-testid="workflow-actions">
      <Group gap="xs" role="group" aria-label={ariaLabel} justify="flex-end">
        {allowed.map((a) => (
          <Button key={a.name} {...(look?.(a.name) ?? {})} loading={busy} onClick={() => onTake(a)}>
            {label(a.name)}
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
            {label(r.name)}
          </Button>
        ))}
      </Group>
      {refused.map((r) => (
        <Text key={r.name} id={`${baseId}-${r.name}`} size="xs" c="dimmed" ta="right" maw={420}>
          {reasonOf(r)}
        </Text>
      ))}
    </Stack>
  );
}
