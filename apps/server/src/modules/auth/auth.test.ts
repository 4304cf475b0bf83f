import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { hashToken } from '../../lib/tokens.ts';
import { as, buildTestApp, countRows, createUser, login, TEST_ADMIN, type TestApp } from '../../../test/helpers.ts';

describe('sign-in, session and password reset', () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await buildTestApp({ LOGIN_MAX_FAILURES_ACCOUNT: '3', ALLOWED_EMAIL_DOMAINS: 'amparo.test' });
    adminToken = await login(t.app);
  });
  afterAll(() => t.close());

  it('answers the same error for an unknown user and a wrong password', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nadie', password: 'x' },
    });
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'admin', password: 'wrong-password' },
    });
    for (const res of [unknown, wrong]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'credentials_wrong', status: 401 });
    }
    expect(unknown.body.replace(/"instance":"[^"]*"/, '')).toBe(wrong.body.replace(/"instance":"[^"]*"/, ''));
  });

  it('returns data.user with token and permisos, and an httpOnly SameSite=Strict cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: TEST_ADMIN.email, password: TEST_ADMIN.password },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.user.token).toMatch(/^[\w-]{40,}$/);
    expect(body.data.user.permisos).toContain('poblacion_poblacion');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toContain('amparo_session=');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    // Only the hash of the token is stored.
    const token = body.data.user.token as string;
    const stored = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sessions where token_hash = ${token}`,
    );
    expect(Number(stored.rows[0]!.n)).toBe(0);
    // The cookie alone authenticates.
    const check = await t.app.inject({ method: 'POST', url: '/api/user-check', cookies: { amparo_session: token } });
    expect(check.statusCode).toBe(200);
    expect(check.json().data.user.username).toBe('admin');
  });

  it('rate-limits repeated failures per account, even with the right password afterwards', async () => {
    const user = await createUser(t.app, adminToken, [], 'ratelimit');
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { username: user.username, password: 'bad-password' },
      });
      expect(res.statusCode).toBe(401);
    }
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: user.password },
    });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_attempts');
  });

  it('revokes the session at logout', async () => {
    const token = await login(t.app);
    expect((await as(t.app, token).post('/api/logout')).statusCode).toBe(200);
    const after = await as(t.app, token).post('/api/user-check');
    expect(after.statusCode).toBe(401);
  });

  it('ends a session after the idle time and after the absolute lifetime', async () => {
    const idle = await login(t.app);
    await t.database.db.execute(
      sql`update sessions set last_seen_at = now() - interval '2 hours' where token_hash = ${hashToken(idle)}`,
    );
    expect((await as(t.app, idle).post('/api/user-check')).statusCode).toBe(401);
    const absolute = await login(t.app);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where token_hash = ${hashToken(absolute)}`,
    );
    expect((await as(t.app, absolute).post('/api/user-check')).statusCode).toBe(401);
  });

  it('logs out a deactivated user at once', async () => {
    const user = await createUser(t.app, adminToken, [], 'deactivated');
    const current = (await as(t.app, adminToken).get(`/api/users/${user.id}`)).json().data;
    const res = await as(t.app, adminToken).put(`/api/users/${user.id}`, {
      ...current,
      active: false,
      version: current.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await as(t.app, user.token).post('/api/user-check')).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: user.username, password: user.password },
    });
    expect(again.statusCode).toBe(401);
  });

  it('answers forgot the same way for known and unknown addresses, and mails only the known one', async () => {
    const before = await countRows(t.database, 'mail_outbox');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/forgot',
      payload: { email: 'nobody@amparo.test' },
    });
    await t.app.background.idle(); // the reset mail is written after the answer
    expect(unknown.statusCode).toBe(200);
    expect(await countRows(t.database, 'mail_outbox')).toBe(before);
    const known = await t.app.inject({ method: 'POST', url: '/api/forgot', payload: { email: TEST_ADMIN.email } });
    await t.app.background.idle(); // the reset mail is written after the answer
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await countRows(t.database, 'mail_outbox')).toBe(before + 1);
  });

  it('resets a password with a single-use token that expires after one hour', async () => {
    const user = await createUser(t.app, adminToken, [], 'reset');
    const email = `${user.username}@amparo.test`;
    await t.app.inject({ method: 'POST', url: '/api/forgot', payload: { email } });
    await t.app.background.idle(); // the reset mail is written after the answer
    const mail = await t.database.db.execute<{ text: string }>(
      sql`select text from mail_outbox where "to" = ${email} order by created_at desc limit 1`,
    );
    const token = /password-reset\/([\w-]+)/.exec(mail.rows[0]!.text)![1]!;

    // The page asks whether the link is good when it opens; asking spends nothing.
    const check = (tok: string) => t.app.inject({ method: 'POST', url: '/api/reset/check', payload: { token: tok } });
    expect((await check(token)).statusCode).toBe(200);
    expect((await check(token)).statusCode).toBe(200);
    const unknown = await check('x'.repeat(43));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('invalid_token');
    // A link cut short or mangled by a mail program is an invalid link too, not a form to complete (issue 24).
    for (const bad of ['abc', '', 'x'.repeat(201), token.slice(0, 10)]) {
      const answer = await check(bad);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json().code, bad).toBe('invalid_token');
    }

    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { token, password: 'Nueva-Clave-1', confirmation: 'Otra-Clave-1' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().errors).toContainEqual({ field: 'confirmation', code: 'password_mismatch' });

    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { token, password: 'Nueva-Clave-1', confirmation: 'Nueva-Clave-1' },
    });
    expect(ok.statusCode).toBe(200);
    // The old session is revoked, the new password works, the token is spent.
    expect((await as(t.app, user.token).post('/api/user-check')).statusCode).toBe(401);
    await login(t.app, user.username, 'Nueva-Clave-1');
    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { token, password: 'Otra-Clave-22', confirmation: 'Otra-Clave-22' },
    });
    expect(reuse.json().code).toBe('invalid_token');
    expect((await check(token)).json().code).toBe('invalid_token');

    await t.app.inject({ method: 'POST', url: '/api/forgot', payload: { email } });
    await t.app.background.idle(); // the reset mail is written after the answer
    const mail2 = await t.database.db.execute<{ text: string }>(
      sql`select text from mail_outbox where "to" = ${email} order by created_at desc limit 1`,
    );
    const token2 = /password-reset\/([\w-]+)/.exec(mail2.rows[0]!.text)![1]!;
    await t.database.db.execute(
      sql`update password_resets set expires_at = now() - interval '1 minute' where used_at is null`,
    );
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/reset',
      payload: { token: token2, password: 'Otra-Clave-22', confirmation: 'Otra-Clave-22' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('invalid_token');
    expect((await check(token2)).json().code).toBe('invalid_token');
  });

  it('registers from an invitation: institutional mail, free username, single use', async () => {
    const bad = await as(t.app, adminToken).post('/api/users/invitations', {
      email: 'someone@gmail.com',
      roleId: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: 'email', code: 'mail_not_institutional' });

    const inv = await as(t.app, adminToken).post('/api/users/invitations', {
      email: 'nueva@amparo.test',
      roleId: null,
    });
    expect(inv.statusCode, inv.body).toBe(200);
    const id = inv.json().data.id as string;
    expect(inv.json().data.path).toBe(`/register/${id}`);
    expect((await t.app.inject({ method: 'GET', url: `/api/register/${id}` })).json().data.email).toBe(
      'nueva@amparo.test',
    );

    const taken = await t.app.inject({ method: 'GET', url: '/api/register/username-available?username=admin' });
    expect(taken.json().data.available).toBe(false);
    const free = await t.app.inject({ method: 'GET', url: '/api/register/username-available?username=nueva.persona' });
    expect(free.json().data.available).toBe(true);

    const payload = {
      invitationId: id,
      username: 'nueva.persona',
      fullName: 'Nueva Persona',
      email: 'nueva@amparo.test',
      password: 'Clave-Nueva-9',
      confirmation: 'Clave-Nueva-9',
    };
    const usersBefore = await countRows(t.database, 'users');
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...payload, username: 'admin' },
    });
    expect(dup.json().errors).toContainEqual({ field: 'username', code: 'username_taken' });
    expect(await countRows(t.database, 'users')).toBe(usersBefore);

    expect((await t.app.inject({ method: 'POST', url: '/api/register', payload })).statusCode).toBe(200);
    await login(t.app, 'nueva.persona', 'Clave-Nueva-9');
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...payload, username: 'otra.persona' },
    });
    expect(again.json().code).toBe('invitation_invalid');
  });
});
