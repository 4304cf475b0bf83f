import type { Executor } from '../../db/client.ts';
import * as repo from './auth.repository.ts';

/**
 * What other modules may do with sessions (users on deactivation, account on
 * a password change): they come here, not to the auth repository.
 */

/** Ends every session of a user except `keepSessionId` (the caller's own, after changing their password). */
export function revokeUserSessions(db: Executor, userId: string, keepSessionId?: string) {
  return repo.revokeUserSessions(db, userId, keepSessionId);
}

/** Spends every outstanding password-reset token of a user (e-mail changed: old links must die). Returns how many. */
export function revokePasswordResets(db: Executor, userId: string) {
  return repo.revokePasswordResets(db, userId);
}
