import type { Actor, UserActor } from '../../lib/actor.ts';
import type { z } from 'zod';
import type {
  updateProfileBody,
  changePasswordBody,
  emailChangeBody,
  emailConfirmBody,
} from '@amparo/shared/modules/auth.schema';
import { normalizeNit } from '@amparo/shared/identifiers';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { AppError, invalidField, notFound } from '../../lib/errors.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { isInstitutionalEmail } from '../../lib/email.ts';
import type { Mailer } from '../../lib/mail.ts';
import * as repo from './account.repository.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { users as usersTable } from '../../db/schema.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { recordSecurityEvent } from '../../lib/security-log.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { forgive, takeAttempt } from '../auth/attempts.service.ts';
import * as users from '../users/users.service.ts';
import { getProfile } from '../users/users.service.ts';
import { revokePasswordResets, revokeUserSessions } from '../auth/sessions.service.ts';

/**
 * `update_user`: the user edits their own full name, phone and NIT (spec
 * section 5, all required; NIT normalised, modulo-11 checked by the schema).
 * 409 when `version` is stale.
 */
export async function updateOwnProfile(
  db: Db,
  actor: UserActor,
  userId: string,
  body: z.output<typeof updateProfileBody>,
) {
  return db.transaction(async (tx) => {
    const before = await getProfile(tx, userId);
    const values = { fullName: body.fullName, phone: body.phone, nit: normalizeNit(body.nit), updatedBy: userId };
    await updateVersioned(tx, usersTable, userId, body.version, values);
    const after = await getProfile(tx, userId);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: 'user',
      entityId: userId,
      changes: diff(before, after, ['version', 'permisos']),
    });
    return after;
  });
}

/**
 * The user's record once `currentPassword` is right: 400
 * `current_password_wrong` otherwise; 429 `too_many_attempts` after
 * LOGIN_MAX_FAILURES_ACCOUNT wrong ones in LOGIN_WINDOW_MINUTES (per user, and
 * per address), counted before the check (issue 9 item 3).
 */
async function checkCurrentPassword(db: Db, config: Config, actor: UserActor, userId: string, currentPassword: string) {
  const record = await users.findUserRecord(db, userId);
  if (!record) throw notFound();
  const attemptId = await takeAttempt(db, config, 'password_check', userId, actor.ip ?? 'unknown');
  if (!(await verifyPassword(record.passwordHash, currentPassword))) {
    throw new AppError(400, 'current_password_wrong', [{ field: 'currentPassword', code: 'invalid' }]);
  }
  await forgive(db, 'password_check', attemptId, userId);
  return record;
}

/**
 * Changes the user's password after checking the current one ('The current
 * password is wrong', spec section 8); every other session is revoked.
 */
export async function changeOwnPassword(
  db: Db,
  config: Config,
  actor: UserActor,
  userId: string,
  sessionId: string,
  body: z.output<typeof changePasswordBody>,
) {
  await checkCurrentPassword(db, config, actor, userId, body.currentPassword);
  const passwordHash = await hashPassword(body.newPassword);
  await db.transaction(async (tx) => {
    await users.setPasswordHash(tx, userId, passwordHash);
    await revokeUserSessions(tx, userId, sessionId);
    await writeAudit(tx, actor, { action: 'password_change', entity: 'user', entityId: userId });
  });
}

/** Confirmation links for a new e-mail live 24 hours (issue 9 item 1): the owner may read that mailbox the next day. */
const EMAIL_CHANGE_TTL_MS = 24 * 3600_000;

/**
 * Starts a self-service e-mail change (issue 9 item 1): checks the current
 * password (400 `current_password_wrong`), the new address (institutional,
 * free, not the current one), then mails a single-use link to the NEW address.
 * Nothing changes until the link is opened; an earlier pending change is
 * spent. Returns the pending address and when the link expires.
 */
export async function requestEmailChange(
  db: Db,
  config: Config,
  mailer: Mailer,
  actor: UserActor,
  userId: string,
  sessionId: string,
  body: z.output<typeof emailChangeBody>,
) {
  const record = await checkCurrentPassword(db, config, actor, userId, body.currentPassword);
  if (body.newEmail.toLowerCase() === record.email.toLowerCase()) throw invalidField('newEmail', 'email_unchanged');
  if (!isInstitutionalEmail(body.newEmail, config.ALLOWED_EMAIL_DOMAINS))
    throw invalidField('newEmail', 'mail_not_institutional');
  if (await users.emailTaken(db, body.newEmail, userId)) throw invalidField('newEmail', 'email_taken');
  const token = newToken();
  const expiresAt = new Date(Date.now() + EMAIL_CHANGE_TTL_MS);
  await db.transaction(async (tx) => {
    await repo.cancelEmailChanges(tx, userId);
    await repo.insertEmailChange(tx, {
      userId,
      newEmail: body.newEmail,
      tokenHash: hashToken(token),
      sessionId,
      expiresAt,
    });
    await writeAudit(tx, actor, {
      action: 'email_change_request',
      entity: 'user',
      entityId: userId,
      changes: { email: { before: record.email, after: body.newEmail } },
    });
  });
  await mailer.send({
    to: body.newEmail,
    subject: 'Amparo: confirme su nuevo correo / confirm your new e-mail',
    text: `Hola ${record.fullName}:\n\nPara usar esta dirección en su cuenta de Amparo abra este enlace (válido 24 horas, un solo uso):\n${config.PUBLIC_URL}/email-confirm/${token}\n\nSi no lo pidió, ignore este mensaje: nada cambiará.\n\n--\nTo use this address for your Amparo account open the link above (valid 24 hours, single use). If you did not ask for it, ignore this message.`,
    secret: token,
  });
  return { pendingEmail: body.newEmail, expiresAt: expiresAt.toISOString() };
}

/**
 * Applies a self-service e-mail change from its link (issue 9 item 1): the
 * token is spent atomically (400 `invalid_token` when unknown, used, expired
 * or the account is inactive), the address must still be free (400
 * `email_taken`). In one transaction: the e-mail changes, every session but
 * the one that asked is revoked, reset links and other pending changes are
 * spent, and it is audited. Then the OLD address is told.
 */
export async function confirmEmailChange(
  db: Db,
  config: Config,
  mailer: Mailer,
  actor: Actor,
  body: z.output<typeof emailConfirmBody>,
) {
  const cancelToken = newToken();
  const done = await db.transaction(async (tx) => {
    const change = await repo.consumeEmailChange(tx, hashToken(body.token));
    if (!change) throw new AppError(400, 'invalid_token');
    const record = await users.findUserRecord(tx, change.userId);
    if (!record || !record.active) throw new AppError(400, 'invalid_token');
    if (await users.emailTaken(tx, change.newEmail, change.userId)) throw invalidField('email', 'email_taken');
    await users.setConfirmedEmail(tx, {
      userId: change.userId,
      oldEmail: record.email,
      newEmail: change.newEmail,
      cancelTokenHash: hashToken(cancelToken),
      cancelExpiresAt: new Date(Date.now() + config.EMAIL_CHANGE_GUARD_HOURS * 3600_000),
    });
    await repo.cancelEmailChanges(tx, change.userId);
    await revokeUserSessions(tx, change.userId, change.sessionId ?? undefined);
    await revokePasswordResets(tx, change.userId);
    await writeAudit(
      tx,
      actor,
      {
        action: 'email_change',
        entity: 'user',
        entityId: change.userId,
        changes: { email: { before: record.email, after: change.newEmail } },
      },
      change.userId,
    );
    return { oldEmail: record.email, newEmail: change.newEmail, fullName: record.fullName };
  });
  // The old address may undo it (issue 23 item 1): a link that restores it and locks the account.
  await mailer.send(
    users.identityChangedMail(done.oldEmail, done.fullName, { email: done.newEmail }, null, {
      link: `${config.PUBLIC_URL}/email-change/cancel/${cancelToken}`,
      hours: config.EMAIL_CHANGE_GUARD_HOURS,
      secret: cancelToken,
    }),
  );
  return { email: done.newEmail };
}

/**
 * The owner did not make the change (issue 23 item 1): from the link mailed to
 * the old address (single use, EMAIL_CHANGE_GUARD_HOURS), in one transaction
 * the old address comes back (unless another account holds it by now), the
 * account is locked for EMAIL_CHANGE_GUARD_HOURS, every session, reset link and
 * pending e-mail change is spent, and it is audited and written to the
 * security log. Then the restored address is told. Errors: 400 `invalid_token`.
 * Returns the account's address and the lock's end (ISO instant).
 */
export async function cancelEmailChange(
  db: Db,
  config: Config,
  mailer: Mailer,
  actor: Actor,
  body: z.output<typeof emailConfirmBody>,
) {
  const done = await db.transaction(async (tx) => {
    const cancelled = await users.cancelOwnEmailChange(tx, hashToken(body.token), config.EMAIL_CHANGE_GUARD_HOURS);
    if (!cancelled) throw new AppError(400, 'invalid_token');
    await repo.cancelEmailChanges(tx, cancelled.userId);
    await revokeUserSessions(tx, cancelled.userId);
    const resetTokensRevoked = await revokePasswordResets(tx, cancelled.userId);
    await writeAudit(
      tx,
      actor,
      {
        action: 'email_change_cancel',
        entity: 'user',
        entityId: cancelled.userId,
        changes: {
          email: { before: cancelled.before, after: cancelled.email },
          lockedUntil: { before: null, after: cancelled.lockedUntil.toISOString() },
          resetTokensRevoked: { before: null, after: resetTokensRevoked },
        },
      },
      cancelled.userId,
    );
    await recordSecurityEvent(tx, actor, { kind: 'account_locked', userId: cancelled.userId, code: 'account_locked' });
    return cancelled;
  });
  await mailer.send({
    to: done.email,
    subject: 'Amparo: cambio de correo anulado, cuenta bloqueada / e-mail change cancelled, account locked',
    text: `Hola ${done.fullName}:\n\nAnulamos el cambio de correo de su cuenta de Amparo: la cuenta vuelve a usar esta dirección, se cerraron todas las sesiones y nadie puede entrar en ella durante ${config.EMAIL_CHANGE_GUARD_HOURS} horas. Avise a un administrador: puede revisar lo ocurrido y desbloquearla antes.\n\n--\nThe e-mail change of your Amparo account was cancelled: the account uses this address again, every session was closed and nobody can sign in for ${config.EMAIL_CHANGE_GUARD_HOURS} hours. Tell an administrator: they can look into it and unlock it sooner.`,
  });
  return { email: done.email, lockedUntil: done.lockedUntil.toISOString() };
}
