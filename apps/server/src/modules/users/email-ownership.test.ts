import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, personBody, type TestApp } from '../../../test/helpers.ts';

/**
 * Issue 23 item 1: an account's e-mail is its owner's. The chain the probe
 * ran (a user manager moves a peer's e-mail, resets the password at the new
 * address, signs in as the peer and opens a file the manager has no grant on)
 * is refused at each step, and each refusal has its own test here.
 */
describe("an account's e-mail is its owner's", () => {
  let t: TestApp;
  let adminToken: string;
  const POPULATION = ['poblacion', 'poblacion_poblacion'];
  const USER_MANAGER = ['configuracion', 'configuracion_usuarios', ...POPULATION];

  beforeAll(async () => {
    t = await buildTestApp({ ALLOWED_EMAIL_DOMAINS: 'amparo.test' });
    adminToken = await login(t.app);
  });
  afterAll(() => t.close());

  const mailsTo = async (to: string) =>
    (
      await t.database.db.execute<{ text: string }>(
        sql`select text from mail_outbox where lower("to") = lower(${to}) order by created_at`,
      )
    ).rows.map((r) => r.text);
  const getUser = async (id: string) => {
    const res = await as(t.app, adminToken).get(`/api/users/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Record<string, unknown> & { email: string; version: number; lockedUntil: string | null };
  };
  const forgot = async (email: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forgot', payload: { email } });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.background.idle(); // the mail is written after the answer
  };
  const signIn = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  const resetLinks = (texts: string[]) => texts.filter((m) => /password-reset\//.test(m));

  it('a user manager cannot change the e-mail of a peer who has signed in (step 1 of the chain)', async () => {
    const manager = await createUser(t.app, adminToken, USER_MANAGER, 'peermgr');
    // A peer: holds no key the manager lacks, so issue 9's outrank rule lets the manager edit the rest.
    const victim = await createUser(t.app, adminToken, POPULATION, 'peer');
    const person = await as(t.app, victim.token).post('/api/population/persons', personBody({ names: 'Resguardada' }));
    expect(person.statusCode, person.body).toBe(200);
    const personId = person.json().data.id as string;
    const current = await getUser(victim.id);
    const attacker = `buzon.${manager.username}@amparo.test`;

    const moved = await as(t.app, manager.token).put(`/api/users/${victim.id}`, { ...current, email: attacker });
    expect(moved.statusCode, moved.body).toBe(403);
    expect(moved.json()).toMatchObject({ code: 'email_owner_only', errors: [{ field: 'email' }] });
    // A reason does not open it either: only the Administrador role gives one.
    const withReason = await as(t.app, manager.token).put(`/api/users/${victim.id}`, {
      ...current,
      email: attacker,
      emailReason: 'Lo pidió por teléfono',
    });
    expect(withReason.statusCode).toBe(403);
    // The rest of the peer's record stays editable by the manager.
    const renamed = await as(t.app, manager.token).put(`/api/users/${victim.id}`, { ...current, fullName: 'Par Uno' });
    expect(renamed.statusCode, renamed.body).toBe(200);

    await forgot(attacker);
    expect(await mailsTo(attacker)).toHaveLength(0);
    expect((await getUser(victim.id)).email).toBe(current.email);
    expect((await as(t.app, victim.token).post('/api/user-check')).statusCode).toBe(200);
    // Step 4 never comes: the manager still cannot open the peer's case file.
    expect((await as(t.app, manager.token).get(`/api/population/persons/${personId}`)).statusCode).toBe(403);
  });

  it('a user manager corrects the e-mail of a user who has never signed in', async () => {
    const manager = await createUser(t.app, adminToken, USER_MANAGER, 'fixmgr');
    const created = await as(t.app, adminToken).post('/api/users', {
      username: `nuevo${Date.now().toString(36)}`,
      password: 'Clave-Inicial-1',
      fullName: 'Persona Nueva',
      email: `nueov.${Date.now().toString(36)}@amparo.test`,
      roleId: null,
      active: true,
      extraPermissions: [],
    });
    expect(created.statusCode, created.body).toBe(200);
    const fresh = created.json().data;
    const fixed = `nuevo.${Date.now().toString(36)}@amparo.test`;
    const res = await as(t.app, manager.token).put(`/api/users/${fresh.id}`, { ...fresh, email: fixed });
    expect(res.statusCode, res.body).toBe(200);
    const history = await t.database.db.execute<{ kind: string; changed_by: string }>(
      sql`select kind, changed_by from user_email_changes where user_id = ${fresh.id}`,
    );
    expect(history.rows).toEqual([{ kind: 'correction', changed_by: manager.id }]);

    // Once the user has signed in, the same change is the owner's.
    await login(t.app, fresh.username, 'Clave-Inicial-1');
    const after = await getUser(fresh.id);
    const again = await as(t.app, manager.token).put(`/api/users/${fresh.id}`, {
      ...after,
      email: `otra.${fixed}`,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('email_owner_only');
  });

  it('the Administrador role changes it only with a reason; the reset link then goes to the previous address', async () => {
    const victim = await createUser(t.app, adminToken, POPULATION, 'admmoved');
    const oldEmail = `${victim.username}@amparo.test`;
    const newEmail = `nuevo.${victim.username}@amparo.test`;
    const current = await getUser(victim.id);

    const noReason = await as(t.app, adminToken).put(`/api/users/${victim.id}`, { ...current, email: newEmail });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toContainEqual({ field: 'emailReason', code: 'required' });
    expect((await getUser(victim.id)).email).toBe(oldEmail);

    const moved = await as(t.app, adminToken).put(`/api/users/${victim.id}`, {
      ...current,
      email: newEmail,
      emailReason: 'Buzón nuevo tras el cambio de dominio',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await as(t.app, victim.token).post('/api/user-check')).statusCode).toBe(401); // sessions revoked
    const history = await t.database.db.execute<{ kind: string; reason: string }>(
      sql`select kind, reason from user_email_changes where user_id = ${victim.id}`,
    );
    expect(history.rows).toEqual([{ kind: 'administrator', reason: 'Buzón nuevo tras el cambio de dominio' }]);

    // Asked for by the new address or by the old one: the link goes to the old one only (step 2 of the chain).
    await forgot(newEmail);
    await forgot(oldEmail);
    expect(resetLinks(await mailsTo(newEmail))).toHaveLength(0);
    expect(resetLinks(await mailsTo(oldEmail))).toHaveLength(2);

    // After the guard window the account's current address receives it.
    await t.database.db.execute(
      sql`update user_email_changes set changed_at = now() - interval '73 hours' where user_id = ${victim.id}`,
    );
    await forgot(newEmail);
    expect(resetLinks(await mailsTo(newEmail))).toHaveLength(1);
  });

  it("the owner's old address cancels their change, which locks the account until an administrator lifts it", async () => {
    const owner = await createUser(t.app, adminToken, POPULATION, 'cancels');
    const manager = await createUser(t.app, adminToken, USER_MANAGER, 'lockmgr');
    const oldEmail = `${owner.username}@amparo.test`;
    const newEmail = `otra.${owner.username}@amparo.test`;
    const asked = await as(t.app, owner.token).post('/api/account/email', {
      newEmail,
      currentPassword: owner.password,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const confirmToken = /email-confirm\/([\w-]+)/.exec((await mailsTo(newEmail)).at(-1)!)![1]!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/account/email/confirm',
      payload: { token: confirmToken },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const cancelToken = /email-change\/cancel\/([\w-]+)/.exec((await mailsTo(oldEmail)).at(-1)!)![1]!;
    const stored = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from user_email_changes where cancel_token_hash = ${cancelToken}`,
    );
    expect(Number(stored.rows[0]!.n)).toBe(0); // stored hashed
    // Within the window, a reset asked for by the new address goes to the old one.
    await forgot(newEmail);
    expect(resetLinks(await mailsTo(newEmail))).toHaveLength(0);
    const pendingReset = /password-reset\/([\w-]+)/.exec(resetLinks(await mailsTo(oldEmail)).at(-1)!)![1]!;
    const session = await login(t.app, newEmail, owner.password);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/account/email/cancel',
      payload: { token: cancelToken },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.email).toBe(oldEmail);
    const user = await getUser(owner.id);
    expect(user.email).toBe(oldEmail);
    expect(user.lockedUntil).not.toBeNull();
    expect(new Date(user.lockedUntil!).getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);
    expect((await as(t.app, session).post('/api/user-check')).statusCode).toBe(401);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { token: pendingReset, password: 'Otra-Clave-12', confirmation: 'Otra-Clave-12' },
    });
    expect(reset.statusCode).toBe(400);

    // Locked: the right password answers account_locked, a wrong one says nothing of the lock; no reset link.
    const locked = await signIn(oldEmail, owner.password);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().code).toBe('account_locked');
    expect((await signIn(oldEmail, 'no-es-la-clave')).json().code).toBe('credentials_wrong');
    const before = resetLinks(await mailsTo(oldEmail)).length;
    await forgot(oldEmail);
    expect(resetLinks(await mailsTo(oldEmail))).toHaveLength(before);
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'email_change_cancel' and entity_id = ${owner.id}`,
    );
    expect(Number(audit.rows[0]!.n)).toBe(1);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/account/email/cancel',
      payload: { token: cancelToken },
    });
    expect(again.json().code).toBe('invalid_token');

    // Only the Administrador role lifts the lock, with a reason.
    const byManager = await as(t.app, manager.token).post(`/api/users/${owner.id}/unlock`, {
      reason: 'Revisado con la persona',
      version: user.version,
    });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json().code).toBe('administrator_only');
    const lifted = await as(t.app, adminToken).post(`/api/users/${owner.id}/unlock`, {
      reason: 'Revisado con la persona',
      version: user.version,
    });
    expect(lifted.statusCode, lifted.body).toBe(200);
    expect(lifted.json().data.lockedUntil).toBeNull();
    expect((await signIn(oldEmail, owner.password)).statusCode).toBe(200);
  });
});
