// Kept apart from form.ts (zod, the shared validation) so pages without a zod form, the sign-in page first
// among them, can show a server's errors without loading zod (issue 11 item 8).
import type { TFunction } from 'i18next';
import type { FieldError } from '@amparo/shared/errors';
import { ApiError } from './api';
import { focusFirstError } from './error-focus';

/** Translates one field error (`errors:field.<code>` with its params). */
export function translateFieldError(t: TFunction, error: Pick<FieldError, 'code' | 'params'>): string {
  const params = error.params ?? {};
  // 'length' errors carry one or both bounds; fill the missing one for the sentence.
  return t(`errors:field.${error.code}`, { min: 0, max: '∞', ...params, defaultValue: t('errors:field.invalid') });
}

/** Field error codes that say nothing without their field beside them: the toast keeps the general message. */
const GENERIC_FIELD_CODES = new Set([
  'required',
  'invalid',
  'not_a_number',
  'length',
  'too_small',
  'too_big',
  'select_at_least_one',
]);

/**
 * Puts a server's field errors beside the fields (`form.setErrors`), then
 * scrolls to and focuses the first of them, and returns the message for a
 * notification: the problem's own words, or, when the fields carry a telling
 * reason (a taken username, an NIT that fails its check digit), those reasons
 * instead of "complete the required fields" (issue 11 item 6).
 */
export function applyServerErrors(
  error: unknown,
  t: TFunction,
  setErrors?: (errors: Record<string, string>) => void,
): string {
  if (error instanceof ApiError) {
    if (setErrors && error.fieldErrors.length) {
      const out: Record<string, string> = {};
      for (const e of error.fieldErrors) out[e.field] = translateFieldError(t, e);
      setErrors(out);
      focusFirstError();
    }
    const telling = [
      ...new Set(
        error.fieldErrors.filter((e) => !GENERIC_FIELD_CODES.has(e.code)).map((e) => translateFieldError(t, e)),
      ),
    ];
    if (telling.length > 0) return telling.join('. ');
    return t(`errors:problem.${error.code}`, { defaultValue: t('errors:problem.internal') });
  }
  return t('errors:problem.internal');
}
