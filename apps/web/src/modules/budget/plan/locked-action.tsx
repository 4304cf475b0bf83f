import { useId, type ReactElement, type ReactNode } from 'react';
import { Button, Tooltip, VisuallyHidden } from '@mantine/core';

export interface LockableActionProps {
  /** When true the action is shown disabled, with `reason` in a tooltip and as its accessible description. */
  locked: boolean;
  reason: string;
  label: string;
  icon?: ReactNode;
  variant?: string;
  /** The action itself (a link or button), shown when not locked. */
  children: ReactElement;
}

/**
 * A locked action of the planning list: a disabled button (`aria-disabled`, so it still takes the focus) whose
 * tooltip and accessible description say why. Loaded by `LockableAction` only when an action is locked.
 */
export function LockedAction({ reason, label, icon, variant }: Omit<LockableActionProps, 'locked' | 'children'>) {
  const id = useId();
  return (
    <>
      <Tooltip label={reason} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
        <Button
          data-disabled
          aria-disabled="true"
          aria-describedby={id}
          variant={variant}
          leftSection={icon}
          onClick={(event) => event.preventDefault()}
        >
          {label}
        </Button>
      </Tooltip>
      <VisuallyHidden id={id}>{reason}</VisuallyHidden>
    </>
  );
}
