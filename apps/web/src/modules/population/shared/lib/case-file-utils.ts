import { TIME_ZONE } from '@amparo/shared/format';
import type { ErrorCode } from '@amparo/shared/errors';
import { ApiError } from '../../../../shared/lib/api';

/** A 409 `version_conflict`: someone saved the record after the form opened. */
export const isVersionConflict = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code === 'version_conflict';

/** The current date ('YYYY-MM-DD') and time ('HH:mm') in Guatemala, whatever the browser's zone. */
export function nowInGuatemala(now: Date = new Date()): { date: string; time: string } {
  const parts: Record<string, string> = {};
  const fmt = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  for (const p of fmt.formatToParts(now)) parts[p.type] = p.value;
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
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
