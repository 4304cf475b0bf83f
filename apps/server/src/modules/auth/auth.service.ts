import type { Actor, UserActor } from '../../lib/actor.ts';
import type { z } from 'zod';
import type {
  forgotBody,
  loginBody,
  registerBody,
  resetBody,
  resetCheckBody,
} from '@amparo/shared/modules/auth.schema';
import type { Db } from '../../db/client.ts';
import type { Config } from '../../config.ts';
import { resetTokenShape } from '@amparo/shared/modules/auth.schema';
import { AppError, invalidField } from '../../lib/errors.ts';
import { writeAudit } from '../../lib/audit.ts';
import { recordSecurityEvent } from '../../lib/security-log.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/password.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { isInstitutionalEmail } from '../../lib/email.ts';
import type { Mailer } from '../../lib/mail.ts';
import type { BackgroundTasks } from '../../lib/background.ts';
import * as repo from './auth.repository.ts';
import { forgive, takeAttempt } from './attempts.service.ts';
import * as users from '../users/users.service.ts';
import { getProfile } from '../users/users.service.ts';

/** Reset links live one hour (issue 3). */
const RESET_TTL_MS = 60 * 60 * 1000;
const INVITATION_TTL_DAYS = 7;

/**
 * Signs a user in with username-or-email and password. Failures answer one
 * message ('The credentials are wrong', spec section 8) whichever part was
 * wrong, with the same argon2 work when the account does not exist. Each
 * attempt is counted BEFORE the password is checked (atomically, so parallel
 * guesses are limited like sequential ones) and forgiven when it succeeds;
 * LOGIN_MAX_FAILURES_ACCOUNT attempts per account, or LOGIN_MAX_FAILURES_ADDRESS
 * per address, within LOGIN_WINDOW_MINUTES answer 429 (issue 9 item 3,
 * docs/decisions/0005). Returns the profile and the opaque session token
 * (stored only as its hash).
 */
export async function login(db: Db, config: Config, actor: Actor, body: z.output<typeof loginBody>) {
  const loginName = body.username.trim().toLowerCase();
  const user = await repo.findUserForLogin(db, loginName);
  // Attempts count per account (by id, whether it signs in by username or e-mail) and per address.
  const accountKey = user ? user.id : loginName;
  // Lockout: 429 before any password work.
  const attemptId = await takeAttempt(db, config, 'login', accountKey, actor.ip ?? 'unknown').catch(
    async (err: unknown) => {
      if (err instanceof AppError && err.status === 429)
        await recordSecurityEvent(db, actor, {
          kind: 'login_locked',
          userId: user?.id ?? null,
          loginName,
          code: 'too_many_attempts',
        });
      throw err;
    },
  );
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), body.password);
  if (!user || !ok || !user.active) {
    // Failed sign-in: the attempt stays counted.
    await recordSecurityEvent(db, actor, {
      kind: 'login_failed',
      userId: user?.id ?? null,
      loginName,
      code: 'credentials_wrong',
    });
    throw new AppError(401, 'credentials_wrong');
  }
  if (user.lockedUntil && user.lockedUntil > new Date()) {
    // Only once the password is right: a wrong one tells nothing of the lock (issue 23 item 1).
    await recordSecurityEvent(db, actor, { kind: 'login_locked', userId: user.id, loginName, code: 'account_locked' });
    throw new AppError(401, 'account_locked');
  }
  const token = newToken();
  await db.transaction(async (tx) => {
    await forgive(tx, 'login', attemptId, accountKey);
    await repo.insertSession(tx, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + config.SESSION_ABSOLUTE_HOURS * 3600_000),
      ip: actor.ip,
      userAgent: actor.userAgent,
    });
    await users.recordLogin(tx, user.id);
    await writeAudit(tx, actor, { action: 'login', entity: 'user', entityId: user.id }, user.id);
  });
  return { token, profile: await getProfile(db, user.id) };
}

/**
 * Starts a password reset (issue 9 item 3). Counted first (3 per address
 * asked for, 10 per client address in LOGIN_WINDOW_MINUTES; 429 beyond),
 * then answered at once the same way whether or not the account exists: the
 * look-up, the token and the mail run after the answer (`background`), so the
 * time tells nothing either. An active account gets a single-use link valid
 * one hour; the link is scrubbed from the outbox once delivered.
 * Issue 23 item 1: the account is the one with this address, or the one that
 * had it until a change of the last EMAIL_CHANGE_GUARD_HOURS; the link goes to
 * the address the account had before any change of those hours
 * (`users.resetAddress`), so an address someone else put on it receives
 * nothing; a locked account gets no link.
 */
export async function forgot(
  db: Db,
  config: Config,
  mailer: Mailer,
  background: BackgroundTasks,
  actor: Actor,
  body: z.output<typeof forgotBody>,
) {
  await takeAttempt(db, config, 'forgot', body.email, actor.ip ?? 'unknown');
  background.run('forgot', async () => {
    const hours = config.EMAIL_CHANGE_GUARD_HOURS;
    const [formerOwner] = await users.usersWhoseAddressWas(db, body.email, hours);
    const user =
      (await repo.findUserByEmail(db, body.email)) ??
      (formerOwner ? await repo.findUserForReset(db, formerOwner) : null);
    if (!user || !user.active || (user.lockedUntil && user.lockedUntil > new Date())) return;
    const to = await users.resetAddress(db, user.id, user.email, hours);
    const token = newToken();
    await repo.insertPasswordReset(db, {
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_TTL_MS),
    });
    const link = `${config.PUBLIC_URL}/password-reset/${token}`;
    await mailer.send({
      to,
      subject: 'Amparo: restablecer contraseña / reset password',
      text: `Hola ${user.fullName}:\n\nPara elegir una nueva contraseña abra este enlace (válido una hora, un solo uso):\n${link}\n\nSi no lo pidió, ignore este mensaje.\n\n--\nTo choose a new password open the link above (valid for one hour, single use).`,
      secret: token,
    });
  });
}

/**
 * Completes a reset: the token is used once, every other outstanding reset
 * token of the user is spent with it (issue 9 item 3), and every session of
 * the user is revoked.
 */
/**
 * Whether a reset link is still good (unknown, used or older than one hour is
 * not), so its page says so when it opens instead of after the form is sent
 * (issue 11 item 6). Spends nothing. Errors: 400 `invalid_token`; 429
 * `too_many_attempts` past 30 checks per client address in the window.
 */
export async function checkResetToken(
  db: Db,
  config: Config,
  actor: Actor,
  body: z.output<typeof resetCheckBody>,
): Promise<void> {
  // A token of the wrong shape is as invalid as an unknown one, and answered the same way; it cannot match any
  // link, so it costs no attempt and writes nothing (bad input changes nothing).
  if (!resetTokenShape.safeParse(body.token).success) throw new AppError(400, 'invalid_token');
  await takeAttempt(db, config, 'reset_check', null, actor.ip ?? 'unknown');
  if (!(await repo.liveResetExists(db, hashToken(body.token)))) throw new AppError(400, 'invalid_token');
}

export async function reset(db: Db, actor: Actor, body: z.output<typeof resetBody>) {
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const userId = await repo.consumePasswordReset(tx, hashToken(body.token));
    if (!userId) throw new AppError(400, 'invalid_token');
    await repo.revokePasswordResets(tx, userId);
    await users.setPasswordHash(tx, userId, passwordHash);
    await repo.revokeUserSessions(tx, userId);
    await writeAudit(tx, actor, { action: 'password_reset', entity: 'user', entityId: userId }, userId);
  });
}

/**
 * What the registration page shows of a live invitation (e-mail, role name, expiry as ISO instant).
 * 404 `invitation_invalid` when it is unknown, used or expired.
 */
export async function invitationInfo(db: Db, id: string) {
  const inv = await repo.findLiveInvitation(db, id);
  if (!inv) throw new AppError(404, 'invitation_invalid');
  return { email: inv.email, roleName: inv.roleName, expiresAt: inv.expiresAt.toISOString() };
}

/**
 * Creates an account from an administrator's invitation (`/register/{id}`):
 * institutional mail only, the invitation's address, a free username; the
 * invitation is used up in the same transaction.
 */
export async function register(db: Db, config: Config, actor: Actor, body: z.output<typeof registerBody>) {
  if (!isInstitutionalEmail(body.email, config.ALLOWED_EMAIL_DOMAINS))
    throw invalidField('email', 'mail_not_institutional');
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    const inv = await repo.findLiveInvitation(tx, body.invitationId);
    if (!inv) throw new AppError(400, 'invitation_invalid');
    if (inv.email.toLowerCase() !== body.email.toLowerCase()) throw invalidField('email', 'invalid');
    if (await users.usernameTaken(tx, body.username)) throw invalidField('username', 'username_taken');
    if (await users.emailTaken(tx, body.email)) throw invalidField('email', 'email_taken');
    if (!(await repo.useInvitation(tx, inv.id))) throw new AppError(400, 'invitation_invalid');
    const id = await users.insertRegisteredUser(tx, {
      username: body.username,
      email: body.email,
      fullName: body.fullName,
      passwordHash,
      roleId: inv.roleId,
    });
    await writeAudit(
      tx,
      actor,
      {
        action: 'register',
        entity: 'user',
        entityId: id,
        changes: { username: { before: null, after: body.username } },
      },
      id,
    );
  });
}

/** Creates an invitation valid INVITATION_TTL_DAYS; the link is mailed and returned. */
export async function invite(
  db: Db,
  config: Config,
  mailer: Mailer,
  actor: UserActor,
  email: string,
  roleId: string | null,
) {
  if (!isInstitutionalEmail(email, config.ALLOWED_EMAIL_DOMAINS)) throw invalidField('email', 'mail_not_institutional');
  if (await users.emailTaken(db, email)) throw invalidField('email', 'email_taken');
  const inv = await db.transaction(async (tx) => {
    const row = await repo.insertInvitation(tx, {
      email,
      roleId,
      createdBy: actor.userId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86400_000),
    });
    await writeAudit(tx, actor, {
      action: 'invite',
      entity: 'invitation',
      entityId: row.id,
      changes: { email: { before: null, after: email } },
    });
    return row;
  });
  const path = `/register/${inv.id}`;
  await mailer.send({
    to: email,
    subject: 'Amparo: invitación / invitation',
    text: `Le invitaron a Amparo. Cree su cuenta aquí (válido ${INVITATION_TTL_DAYS} días):\n${config.PUBLIC_URL}${path}\n\n--\nYou were invited to Amparo. Create your account with the link above.`,
  });
  return { id: inv.id, email, expiresAt: inv.expiresAt.toISOString(), path };
}
