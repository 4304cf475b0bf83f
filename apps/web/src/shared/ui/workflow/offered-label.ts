import type { TFunction } from 'i18next';
import type { OfferedTransition } from './types';

/** A transition's label, with "on behalf of X" when it is offered through a delegation (issue 25 section 1). */
export function offeredLabel(t: TFunction, label: (name: string) => string, a: OfferedTransition): string {
  return a.actingFor
    ? t('common:workflow.actingFor', { action: label(a.name), name: a.actingFor.name })
    : label(a.name);
}
