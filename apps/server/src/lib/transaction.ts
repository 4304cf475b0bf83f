import type { Db, Tx } from '../db/client.ts';
import { AppError, isRetryableConflict } from './errors.ts';

/** Seconds a client waits before trying a write again after a 409 `write_conflict`. */
export const WRITE_CONFLICT_RETRY_AFTER = 1;

/** 409 `write_conflict` with Retry-After: two writes met on the same rows twice in a row (issue 25 section 2). */
export const writeConflict = () =>
  new AppError(409, 'write_conflict', [], { 'retry-after': String(WRITE_CONFLICT_RETRY_AFTER) });

/**
 * Runs `work` in one transaction; when PostgreSQL aborts it as a deadlock victim (40P01) or a serialization
 * failure (40001), runs it once more from the start (the other writer has finished or holds fewer locks), and
 * answers 409 `write_conflict` with Retry-After if it fails so again (issue 25 section 2: a retryable 409,
 * never a 500). `work` must be safe to run twice: everything it writes is in the transaction, which the
 * failure rolled back. Other errors pass unchanged.
 */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (err) {
      if (!isRetryableConflict(err)) throw err;
      if (attempt === 2) throw writeConflict();
    }
  }
}
