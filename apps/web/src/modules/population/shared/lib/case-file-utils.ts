import { toGuatemalaLocal } from '@amparo/shared/format';
import type { ErrorCode } from '@amparo/shared/errors';
import { ApiError } from '../../../../shared/lib/api';

/** A 409 `version_conflict`: someone saved the record after the form opened. */
export const isVersionConflict = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code === 'version_conflict';

/** The current date ('YYYY-MM-DD') and time ('HH:mm') in Guatemala, whatever the browser's zone. */
export function nowInGuatemala(now: Date = new Date()): { date: string; time: string } {
  // The shared arithmetic (UTC-6, no DST since 2006), not an Intl formatter built on every form's opening.
  const [date = '', time = ''] = toGuatemalaLocal(now).split('T');
  return { date, time };
}

/**
 * The same error with its field errors moved to the inputs that show them
 * (e.g. the server's `attendedAt` onto the date input); other errors unchanged.
 */
export function renameFieldErrors(error: unknown, rename: (field: string) => string): unknown {
  if (!(error instanceof ApiError) || error.fieldErrors.length === 0) return error;
  return new ApiError({
    status: error.status,
    code: error.code as ErrorCode,
    errors: error.fieldErrors.map((e) => ({ ...e, field: rename(e.field) })),
  });
}
