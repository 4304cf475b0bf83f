import type { Executor } from '../db/client.ts';
import { extensionPoint } from './extension-points.ts';

/**
 * A change to a user's access that other modules must follow at once, inside
 * the same transaction (issue 9 item 1; issue 10 item 3):
 * - `deactivated`: the account was switched off;
 * - `email_changed`: an administrator changed the address, so whoever knew the
 *   old one loses what it could reach (sessions, reset links, pending changes).
 */
export type UserAccessChange = 'deactivated' | 'email_changed';

/**
 * Does a module's part of a change, in the caller's transaction. It may return
 * facts for the audit entry (e.g. `{ resetTokensRevoked: 2 }`).
 */
export type UserAccessListener = (tx: Executor, userId: string) => Promise<Record<string, unknown> | void>;

/**
 * One listener of the extension point through which the users module tells
 * others that a user's access changed, so users never imports auth or account (which depend on
 * users). Modules contribute their listeners (`userEventsPoint`) in their
 * manifests: auth revokes sessions and reset links, account cancels pending
 * e-mail changes.
 */
export interface UserEventListener {
  change: UserAccessChange;
  /** Unique per change (`auth:sessions`). */
  name: string;
  run: UserAccessListener;
}

/** A module's part of a change to a user's access. */
export const userEventsPoint = extensionPoint<UserEventListener>('user-events', {
  key: (l) => `${l.change}:${l.name}`,
});

/** The contributed listeners, run in the users module's transaction. */
export class UserEvents {
  private readonly listeners = new Map<UserAccessChange, UserEventListener[]>();

  constructor(listeners: readonly UserEventListener[]) {
    for (const l of listeners) this.listeners.set(l.change, [...(this.listeners.get(l.change) ?? []), l]);
  }

  /**
   * Runs every listener of `change` for `userId`, one after the other in the
   * caller's transaction (a failure rolls the whole change back), and merges
   * the facts they return.
   */
  async emit(tx: Executor, change: UserAccessChange, userId: string): Promise<Record<string, unknown>> {
    const facts: Record<string, unknown> = {};
    for (const l of this.listeners.get(change) ?? []) Object.assign(facts, (await l.run(tx, userId)) ?? {});
    return facts;
  }

  /** `change → listener names`, for tests and docs. */
  list(): Record<string, string[]> {
    return Object.fromEntries([...this.listeners].map(([change, list]) => [change, list.map((l) => l.name)]));
  }
}
