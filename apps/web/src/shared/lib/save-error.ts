import type { TFunction } from 'i18next';
import { ApiError } from './api';
import { applyServerErrors, translateFieldError } from './server-errors';

/** What a form says beside its pressed button after a refused save. */
export interface SaveError {
  message: string;
  /** Only a stale edit (`version_conflict`) offers to reload the record. */
  reload: boolean;
}

/**
 * The message of a refused save, from the problem's own code (issue 24 section 6 item 1): a stale edit says
 * someone saved first and offers a reload; every other refusal (a locked plan, a closed year, a 403, field errors
 * placed beside their fields through `setErrors`) says its own reason; no answer or a 5xx says nothing was saved
 * (`failed`, the form's own sentence). Never falls back to the stale-edit message.
 */
export function saveErrorOf(
  error: unknown,
  t: TFunction,
  failed: string,
  setErrors?: (errors: Record<string, string>) => void,
): SaveError {
  if (!(error instanceof ApiError) || error.status === 0 || error.code === 'internal')
    return { message: failed, reload: false };
  if (error.code === 'version_conflict') return { message: t('errors:problem.version_conflict'), reload: true };
  // Only a 400's field errors take the focus to the first field; a refusal's (a month over what is assigned) is
  // placed beside its field but the eye stays on the button, and a field error restating the refusal itself
  // (plan_locked on `year`) is left to the message.
  if (error.code === 'validation') return { message: applyServerErrors(error, t, setErrors), reload: false };
  const beside = error.fieldErrors.filter((e) => e.code !== error.code);
  if (setErrors && beside.length)
    setErrors(Object.fromEntries(beside.map((e) => [e.field, translateFieldError(t, e)])));
  return { message: applyServerErrors(error, t), reload: false };
}
