import { useId, type ReactElement, type ReactNode } from 'react';
import { Button, Tooltip, VisuallyHidden } from '@mantine/core';

interface Props {
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
 * An action of the planning list that a submitted or approved year refuses (add, import, copy): while locked it
 * is a disabled button (`aria-disabled`, so it still takes the focus) whose tooltip and accessible description
 * say why; otherwise the action as given.
 */
export function LockableAction({ locked, reason, label, icon, variant, children }: Props) {
  const id = useId();
  if (!locked) return children;
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
