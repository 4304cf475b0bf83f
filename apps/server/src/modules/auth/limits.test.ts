import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { Mailer } from '../../lib/mail.ts';
import { as, buildTestApp, countRows, createUser, login, type TestApp } from '../../../test/helpers.ts';

/** Issue 9 item 3: attempts are counted before the work they guard, atomically. */
describe('sign-in and account guessing limits', () => {
  let t: TestApp;
  let adminToken: string;

  beforeAll(async () => {
    t = await buildTestApp({ ALLOWED_EMAIL_DOMAINS: 'amparo.test' });
    adminToken = await login(t.app);
  });
  afterAll(() => t.close());

  const signIn = (username: string, password: string, remoteAddress = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/login', payload: { username, password }, remoteAddress });
  /** Moves every counted attempt back past the window (LOGIN_WINDOW_MINUTES = 15). */
  const windowPasses = () => t.database.db.execute(sql`update login_failures set at = at - interval '16 minutes'`);

  it('40 parallel wrong guesses: at most 5 reach the password check, the rest answer 429', async () => {
    const user = await createUser(t.app, adminToken, [], 'guessed');
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(user.username, `wrong-${i}`)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBe(5);
    expect(statuses.filter((s) => s === 429).length).toBe(35);
    // Locked for the window, even with the right password, even from another address...
    expect((await signIn(user.username, user.password, '10.9.9.9')).statusCode).toBe(429);
    // ...but not longer than the window.
    await windowPasses();
    expect((await signIn(user.username, user.password, '10.9.9.9')).statusCode).toBe(200);
  });

  it('a successful sign-in does not count, and clears the earlier failures', async () => {
    const user = await createUser(t.app, adminToken, [], 'forgiven');
    for (let i = 0; i < 4; i += 1) expect((await signIn(user.username, 'wrong', '10.0.1.1')).statusCode).toBe(401);
    expect((await signIn(user.username, user.password, '10.0.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1)
      expect((await signIn(user.username, user.password, '10.0.1.1')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await signIn(user.username, 'wrong', '10.0.1.1')).statusCode).toBe(401);
    expect((await signIn(user.username, 'wrong', '10.0.1.1')).statusCode).toBe(429);
  });

  it('limits forgot per address asked for and per client address, answering at once either way', async () => {
    const user = await createUser(t.app, adminToken, [], 'forgetful');
    const email = `${user.username}@amparo.test`;
    const forgot = (to: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/forgot', payload: { email: to }, remoteAddress });
    const known = await forgot(email, '10.0.2.1');
    const unknown = await forgot('nadie-aqui@amparo.test', '10.0.2.1');
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    await forgot(email, '10.0.2.2');
    await forgot(email, '10.0.2.3');
    const fourth = await forgot(email, '10.0.2.4');
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().code).toBe('too_many_attempts');
    // Per client address: 10 requests, whatever the addresses asked for.
    for (let i = 0; i < 8; i += 1) expect((await forgot(`otra${i}@amparo.test`, '10.0.2.1')).statusCode).toBe(200);
    expect((await forgot('una-mas@amparo.test', '10.0.2.1')).statusCode).toBe(429);
    await t.app.background.idle();
    // Three links were mailed, none after the limit.
    const mails = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where "to" = ${email}`,
    );
    expect(Number(mails.rows[0]!.n)).toBe(3);
  });

  it('a password reset spends every other outstanding reset link of the user', async () => {
    const user = await createUser(t.app, adminToken, [], 'twolinks');
    const email = `${user.username}@amparo.test`;
    for (const ip of ['10.0.3.1', '10.0.3.2'])
      await t.app.inject({ method: 'POST', url: '/api/forgot', payload: { email }, remoteAddress: ip });
    await t.app.background.idle();
    const mails = await t.database.db.execute<{ text: string }>(
      sql`select text from mail_outbox where "to" = ${email} order by created_at`,
    );
    const [first, second] = mails.rows.map((m) => /password-reset\/([\w-]+)/.exec(m.text)![1]!);
    const reset = (token: string, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/reset', payload: { token, password, confirmation: password } });
    expect((await reset(second!, 'Nueva-Clave-1')).statusCode).toBe(200);
    const old = await reset(first!, 'Robada-Clave-1');
    expect(old.statusCode).toBe(400);
    expect(old.json().code).toBe('invalid_token');
    await login(t.app, user.username, 'Nueva-Clave-1');
  });

  it('limits the reset-link check to 30 per client address', async () => {
    const check = (ip: string) =>
      t.app.inject({ method: 'POST', url: '/api/reset/check', payload: { token: 'y'.repeat(43) }, remoteAddress: ip });
    for (let i = 0; i < 30; i += 1) expect((await check('10.0.5.1')).statusCode).toBe(400);
    expect((await check('10.0.5.1')).statusCode).toBe(429);
    // Another address is not held back by the first one's guesses.
    expect((await check('10.0.5.2')).statusCode).toBe(400);
  });

  it('limits the current-password check of My account (password and e-mail changes)', async () => {
    const user = await createUser(t.app, adminToken, [], 'checked');
    const me = as(t.app, user.token);
    for (let i = 0; i < 5; i += 1) {
      const res = await me.post('/api/account/password', {
        currentPassword: `wrong-${i}`,
        newPassword: 'Otra-Clave-1',
        confirmation: 'Otra-Clave-1',
      });
      expect(res.json().code).toBe('current_password_wrong');
    }
    const locked = await me.post('/api/account/email', {
      currentPassword: user.password,
      newEmail: `nuevo-${user.username}@amparo.test`,
    });
    expect(locked.statusCode).toBe(429);
    await windowPasses();
    expect(
      (
        await me.post('/api/account/password', {
          currentPassword: user.password,
          newPassword: 'Otra-Clave-1',
          confirmation: 'Otra-Clave-1',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('limits the public username-availability check per address', async () => {
    const check = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/api/register/username-available?username=alguien', remoteAddress });
    for (let i = 0; i < 60; i += 1) expect((await check('10.0.4.1')).statusCode).toBe(200);
    expect((await check('10.0.4.1')).statusCode).toBe(429);
    expect((await check('10.0.4.2')).statusCode).toBe(200);
  });

  it('scrubs a reset link from the outbox once SMTP delivered it', async () => {
    // nodemailer's own JSON transport stands in for an SMTP server.
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const mailer = new Mailer(t.database.db, t.app.config, t.app.log, { transport });
    const before = await countRows(t.database, 'mail_outbox');
    const token = 'tok_ABCDEFGHIJKLMNOPQRSTUVWXYZ012345';
    await mailer.send({
      to: 'alguien@amparo.test',
      subject: 'Reset',
      text: `Abra http://x/password-reset/${token} ahora`,
      secret: token,
    });
    expect(await countRows(t.database, 'mail_outbox')).toBe(before + 1);
    const row = await t.database.db.execute<{ text: string; sent: boolean }>(
      sql`select text, sent_at is not null as sent from mail_outbox where "to" = 'alguien@amparo.test'`,
    );
    expect(row.rows[0]!.sent).toBe(true);
    expect(row.rows[0]!.text).not.toContain(token);
  });
});

/**
 * Issue 23 item 4: an office shares one address, so failed sign-ins from it
 * slow it down (a growing delay) instead of locking everyone out; the limit
 * per account stays hard. Limits lowered so the test runs in seconds: 3
 * attempts, then 300 ms doubling up to 1 s.
 */
describe('a shared address is slowed down, not locked out', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp({
      LOGIN_MAX_FAILURES_ADDRESS: '3',
      LOGIN_ADDRESS_DELAY_BASE_MS: '300',
      LOGIN_ADDRESS_DELAY_MAX_SECONDS: '1',
    });
    adminToken = await login(t.app);
  });
  afterAll(() => t.close());

  /**
   * `n` users, made one after the other: `createUser` signs each in from the tests' own address, and sign-ins in
   * flight count as attempts of that address, so made in parallel they would be delayed and queued too.
   */
  const users = async (n: number, name: string) => {
    const made = [];
    for (let i = 1; i <= n; i += 1) made.push(await createUser(t.app, adminToken, [], `${name}${i}`));
    return made;
  };

  /** A sign-in, with when it was sent and when it was answered (ms, performance.now()). */
  const timed = async (username: string, password: string, remoteAddress: string) => {
    const start = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username, password },
      remoteAddress,
    });
    return { res, start, end: performance.now() };
  };

  it('lets a colleague with the right password in after a delay that grows with the failures', async () => {
    const office = '10.7.0.1';
    const sprayed = await users(3, 'spray');
    const colleague = await createUser(t.app, adminToken, [], 'colleague');
    // One wrong password on each of three accounts: the address's free attempts.
    let previous = { start: 0 };
    for (const u of sprayed) {
      previous = await timed(u.username, 'wrong', office);
      expect((previous as Awaited<ReturnType<typeof timed>>).res.statusCode).toBe(401);
    }
    // Each further attempt proceeds its delay after the failure before it began: 300 ms, 600 ms, then at most 1 s;
    // the colleague with the right password gets in after the longest delay, not a lockout.
    for (const [username, password, status, delay] of [
      [sprayed[0]!.username, 'wrong', 401, 300],
      [sprayed[1]!.username, 'wrong', 401, 600],
      [sprayed[2]!.username, 'wrong', 401, 1000],
      [colleague.username, colleague.password, 200, 1000],
    ] as const) {
      const attempt = await timed(username, password, office);
      expect(attempt.res.statusCode, attempt.res.body).toBe(status);
      expect(attempt.end - previous.start).toBeGreaterThanOrEqual(delay - 10);
      previous = attempt;
    }

    // Another address is not slowed down by the office's failures.
    const elsewhere = await timed(colleague.username, colleague.password, '10.7.0.2');
    expect(elsewhere.res.statusCode).toBe(200);
    expect(elsewhere.end - elsewhere.start).toBeLessThan(1000);
  });

  it('queues parallel attempts from one address, answering 429 with Retry-After past the longest delay', async () => {
    const office = '10.7.1.1';
    const queued = await users(6, 'queued');
    for (const u of queued.slice(0, 3)) expect((await timed(u.username, 'wrong', office)).res.statusCode).toBe(401);
    const answers = await Promise.all(queued.slice(3).map((u) => timed(u.username, u.password, office)));
    const refused = answers.filter((a) => a.res.statusCode === 429);
    expect(answers.filter((a) => a.res.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const r of refused) {
      expect(r.res.json().code).toBe('too_many_attempts');
      expect(Number(r.res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });
});
