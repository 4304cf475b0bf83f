import type { Executor } from '../../db/client.ts';
import * as repo from './account.repository.ts';

/**
 * What other modules may do with pending self-service e-mail changes (users,
 * when an administrator sets the address): they come here, not to the
 * account repository, and without importing the account service.
 */

/** Spends every pending e-mail change of a user, so an older link cannot undo an administrator's change (issue 9 item 1). */
export function cancelPendingEmailChanges(db: Executor, userId: string) {
  return repo.cancelEmailChanges(db, userId);
}
