import type { ErrorCode, FieldError, FieldErrorCode } from '@amparo/shared/errors';

/**
 * An error the API answers as RFC 9457 problem+json. Services throw these;
 * the errors plugin renders them. `code` is translated by the web.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fieldErrors: FieldError[];
  /** Headers the answer carries (a 503's Retry-After), lower-case names. */
  readonly headers: Record<string, string>;
  constructor(status: number, code: ErrorCode, fieldErrors: FieldError[] = [], headers: Record<string, string> = {}) {
    super(code);
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.headers = headers;
  }
}

export const notFound = () => new AppError(404, 'not_found');
export const noPersonAccess = () => new AppError(403, 'no_person_access');
export const versionConflict = () => new AppError(409, 'version_conflict');
/** 400 with one field error. */
export const invalidField = (field: string, code: FieldErrorCode, params?: Record<string, unknown>) =>
  new AppError(400, 'validation', [params ? { field, code, params } : { field, code }]);
export const invalidFields = (errors: FieldError[]) => new AppError(400, 'validation', errors);

/** PostgreSQL unique violation (23505) → 409 duplicate with the field. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return !!e && e.code === '23505' && (!constraint || e.constraint === constraint);
}

/** PostgreSQL foreign key violation (23503), or a row an `ON DELETE RESTRICT` key still points at (23001). */
export function isForeignKeyViolation(err: unknown): boolean {
  const code = findPgError(err)?.code;
  return code === '23503' || code === '23001';
}

/**
 * PostgreSQL aborted the transaction so another could finish: a deadlock victim (40P01) or a serialization
 * failure (40001). Running it again can succeed (`inTransaction`); answered as 409 `write_conflict`, never 500.
 */
export function isRetryableConflict(err: unknown): boolean {
  const code = findPgError(err)?.code;
  return code === '40P01' || code === '40001';
}

function findPgError(err: unknown): { code?: string; constraint?: string } | null {
  // Drizzle wraps driver errors in `cause`; PGlite and pg put `code` on the error.
  let current = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
  for (let i = 0; current && i < 4; i++) {
    if (typeof current.code === 'string' && /^[0-9A-Z]{5}$/.test(current.code)) return current;
    current = current.cause as typeof current;
  }
  return null;
}
