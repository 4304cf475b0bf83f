import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';

/** Issue 9 item 1: one's own e-mail changes only with the current password and a link mailed to the new address. */
describe('self-service e-mail change', () => {
  let t: TestApp;
  let adminToken: string;

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
    ).rows;
  const profile = async (token: string) =>
    (await as(t.app, token).post('/api/user-check')).json().data.user as {
      email: string;
      version: number;
      fullName: string;
      phone: string | null;
      nit: string | null;
    };

  it('update_user cannot change the e-mail (the field is not part of the profile body)', async () => {
    const user = await createUser(t.app, adminToken, [], 'profilemail');
    const me = await profile(user.token);
    const res = await as(t.app, user.token).post('/api/update_user', {
      fullName: me.fullName,
      phone: '5555-1234',
      nit: '1234567-9',
      email: 'robada@amparo.test',
      version: me.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(user.token)).email).toBe(me.email);
  });

  it('needs the current password, and changes nothing until the link mailed to the new address is opened', async () => {
    const user = await createUser(t.app, adminToken, [], 'selfmail');
    const oldEmail = `${user.username}@amparo.test`;
    const newEmail = `nueva.${user.username}@amparo.test`;
    const other = await login(t.app, user.username, user.password); // a second session of the same user

    const wrong = await as(t.app, user.token).post('/api/account/email', {
      newEmail,
      currentPassword: 'no-es-la-clave',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'current_password_wrong',
      errors: [{ field: 'currentPassword', code: 'invalid' }],
    });
    expect(await mailsTo(newEmail)).toHaveLength(0);
    const same = await as(t.app, user.token).post('/api/account/email', {
      newEmail: oldEmail.toUpperCase(),
      currentPassword: user.password,
    });
    expect(same.json().errors).toContainEqual({ field: 'newEmail', code: 'email_unchanged' });
    const taken = await as(t.app, user.token).post('/api/account/email', {
      newEmail: 'admin@amparo.test',
      currentPassword: user.password,
    });
    expect(taken.json().errors).toContainEqual({ field: 'newEmail', code: 'email_taken' });

    const asked = await as(t.app, user.token).post('/api/account/email', { newEmail, currentPassword: user.password });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.pendingEmail).toBe(newEmail);
    // Not applied yet: the old address still signs in, the new one does not.
    expect((await profile(user.token)).email).toBe(oldEmail);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { username: newEmail, password: user.password },
        })
      ).statusCode,
    ).toBe(401);
    // The link goes to the new address only; the token is stored hashed.
    const link = (await mailsTo(newEmail)).at(-1)!.text;
    const token = /email-confirm\/([\w-]+)/.exec(link)![1]!;
    const stored = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from email_changes where token_hash = ${token}`,
    );
    expect(Number(stored.rows[0]!.n)).toBe(0);

    const confirmed = await t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data.email).toBe(newEmail);
    expect((await profile(user.token)).email).toBe(newEmail); // the session that asked survives
    expect((await as(t.app, other).post('/api/user-check')).statusCode).toBe(401); // the others are closed
    await login(t.app, newEmail, user.password);
    // The old address is told, with a link that undoes the change (issue 23 item 1) and nothing else.
    const notice = (await mailsTo(oldEmail)).at(-1)!.text;
    expect(notice).toContain(newEmail);
    expect(notice).toMatch(/email-change\/cancel\/[\w-]{40,}/);
    expect(notice).not.toMatch(/email-confirm|password-reset/);
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where action = 'email_change' and entity_id = ${user.id}`,
    );
    expect(Number(audit.rows[0]!.n)).toBe(1);

    // Single use.
    const again = await t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_token');
  });

  it("an administrator's e-mail change spends a pending self-service link", async () => {
    const user = await createUser(t.app, adminToken, [], 'pendingmail');
    const newEmail = `pendiente.${user.username}@amparo.test`;
    await as(t.app, user.token).post('/api/account/email', { newEmail, currentPassword: user.password });
    const token = /email-confirm\/([\w-]+)/.exec((await mailsTo(newEmail)).at(-1)!.text)![1]!;
    const current = (await as(t.app, adminToken).get(`/api/users/${user.id}`)).json().data;
    const byAdmin = await as(t.app, adminToken).put(`/api/users/${user.id}`, {
      ...current,
      email: `admin.puso.${user.username}@amparo.test`,
      emailReason: 'La persona perdió acceso a su buzón',
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
  });

  it('refuses an expired link', async () => {
    const user = await createUser(t.app, adminToken, [], 'expiredmail');
    const newEmail = `tarde.${user.username}@amparo.test`;
    await as(t.app, user.token).post('/api/account/email', { newEmail, currentPassword: user.password });
    const token = /email-confirm\/([\w-]+)/.exec((await mailsTo(newEmail)).at(-1)!.text)![1]!;
    await t.database.db.execute(
      sql`update email_changes set expires_at = now() - interval '1 minute' where user_id = ${user.id}`,
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/account/email/confirm', payload: { token } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('invalid_token');
    expect((await profile(user.token)).email).toBe(`${user.username}@amparo.test`);
  });
});
