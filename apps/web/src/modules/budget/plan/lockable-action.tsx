import { lazy, Suspense } from 'react';
import { Button } from '@mantine/core';
import type { LockableActionProps } from './locked-action';
import { withRestStyles } from '../../../shared/styles/load';

// Its Tooltip (floating-ui) loads only when a year is locked, not with every planning list (issue 24 section 4).
const LockedAction = lazy(() =>
  withRestStyles(import('./locked-action')).then((module) => ({ default: module.LockedAction })),
);

/**
 * An action of the planning list that a submitted or approved year refuses (add, import, copy): while locked it
 * is a disabled button whose tooltip and accessible description say why (`LockedAction`); otherwise the action as
 * given.
 */
export function LockableAction({ locked, children, ...props }: LockableActionProps) {
  if (!locked) return children;
  // While its code loads, the same button without the tooltip.
  const fallback = (
    <Button data-disabled aria-disabled="true" variant={props.variant} leftSection={props.icon}>
      {props.label}
    </Button>
  );
  return (
    <Suspense fallback={fallback}>
      <LockedAction {...props} />
    </Suspense>
  );
}
