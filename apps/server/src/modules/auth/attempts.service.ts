import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../db/client.ts';
import { setTimeout } from 'node:timers/promises';
import { AppError } from '../../lib/errors.ts';
import * as repo from './auth.repository.ts';

/**
 * What is rate-limited, per account key and per client address, in a sliding
 * window (issue 9 item 3; docs/decisions/0005-sign-in-limits.md):
 * - `login`: sign-in attempts, counted before the password is checked, the
 *   successful one removed (LOGIN_MAX_FAILURES_ACCOUNT per account, a hard
 *   limit; past LOGIN_MAX_FAILURES_ADDRESS per address, a growing delay of
 *   LOGIN_ADDRESS_DELAY_BASE_MS doubling up to LOGIN_ADDRESS_DELAY_MAX_SECONDS,
 *   never a lockout: issue 23 item 4; LOGIN_WINDOW_MINUTES);
 * - `password_check`: the current-password check of My account (password and
 *   e-mail changes), same limits as sign-in, per user;
 * - `forgot`: every reset request, 3 per address asked for and 10 per client address;
 * - `username_check`: the public availability look-up, 60 per client address;
 * - `reset_check`: whether a reset link is still good, 30 per client address
 *   (tokens are 256 random bits: the limit only keeps the check from being a free oracle).
 */
export type AttemptKind = 'login' | 'password_check' | 'forgot' | 'username_check' | 'reset_check';

function limitsOf(kind: AttemptKind, config: Config) {
  const windowMinutes = config.LOGIN_WINDOW_MINUTES;
  switch (kind) {
    case 'login':
    case 'password_check':
      return {
        account: config.LOGIN_MAX_FAILURES_ACCOUNT,
        address: config.LOGIN_MAX_FAILURES_ADDRESS,
        windowMinutes,
        // An office shares one address: past its limit it is slowed down, never locked out (issue 23 item 4).
        addressDelay: {
          baseMs: config.LOGIN_ADDRESS_DELAY_BASE_MS,
          maxMs: config.LOGIN_ADDRESS_DELAY_MAX_SECONDS * 1000,
        },
      };
    case 'forgot':
      return { account: 3, address: 10, windowMinutes };
    case 'username_check':
      return { account: Number.MAX_SAFE_INTEGER, address: 60, windowMinutes };
    case 'reset_check':
      return { account: Number.MAX_SAFE_INTEGER, address: 30, windowMinutes };
  }
}

/**
 * Counts one attempt before the work it guards, atomically (parallel calls
 * are limited like sequential ones), and waits the address's delay, if any,
 * before returning. Returns the attempt's id, to `forgive` when it succeeded.
 * 429 `too_many_attempts` with `Retry-After` (seconds) when the account key is
 * at its limit in the window, or the address at its limit (kinds without a
 * delay) or already queued past the longest delay (sign-in, password check).
 */
export async function takeAttempt(
  db: Db,
  config: Config,
  kind: AttemptKind,
  accountKey: string | null,
  ip: string,
): Promise<number> {
  const decision = await repo.takeAttempt(
    db,
    kind,
    accountKey === null ? null : accountKey.toLowerCase(),
    ip,
    limitsOf(kind, config),
  );
  if ('refused' in decision)
    throw new AppError(429, 'too_many_attempts', [], {
      'retry-after': String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))),
    });
  if (decision.waitMs > 0) await setTimeout(decision.waitMs);
  return decision.id;
}

/** The guarded work succeeded: this attempt no longer counts, nor do earlier failures on the account. */
export async function forgive(db: Executor, kind: AttemptKind, attemptId: number, accountKey: string) {
  await repo.forgetAttempt(db, attemptId);
  await repo.clearAttempts(db, kind, accountKey.toLowerCase());
}
