import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { as, buildTestApp, login, waitUntil, type TestApp } from '../../test/helpers.ts';
import { mailOutbox } from './mail.table.ts';
import { MAIL_DELIVER_JOB } from './mail.ts';

/**
 * Issue 12: with SMTP_URL set, the outbox is delivered by the `mail.deliver` job. A local SMTP server
 * (smtp-server) takes the mail, or refuses it as a busy server would: the job retries, and a mail refused every
 * time ends among the failed jobs with its row keeping the error. A link's token leaves the row once sent.
 */
const received: { to: string; body: string }[] = [];
let refuseNext = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, session, callback) {
    let body = '';
    stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
    stream.on('end', () => {
      if (refuseNext > 0) {
        refuseNext -= 1;
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
      }
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), body });
      callback();
    });
  },
});
let t: TestApp;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  t = await buildTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_RETRY_LIMIT: '2',
    MAIL_RETRY_DELAY_SECONDS: '1',
    JOBS_ENABLED: 'true',
  });
});
afterEach(() => {
  received.length = 0;
  refuseNext = 0;
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const row = async (to: string) => (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!;

describe('mail delivered by a job', () => {
  it('delivers the outbox row and scrubs the link token from it', async () => {
    const token = 'tok_DELIVERY_0123456789ABCDEFGHIJ';
    await t.app.mailer.send({
      to: 'entrega@amparo.test',
      subject: 'Restablecer',
      text: `Abra http://x/password-reset/${token}`,
      secret: token,
    });
    await waitUntil(() => received.length === 1);
    expect(received[0]!.to).toBe('entrega@amparo.test');
    expect(received[0]!.body).toContain(token);
    await waitUntil(async () => (await row('entrega@amparo.test')).sentAt !== null);
    const sent = await row('entrega@amparo.test');
    expect(sent).toMatchObject({ scrub: null, error: null, attempts: 1 });
    expect(sent.text).not.toContain(token);
  });

  it('retries a mail the server refused, and delivers it once the server takes it', async () => {
    refuseNext = 2;
    await t.app.mailer.send({ to: 'reintento@amparo.test', subject: 'Aviso', text: 'Hola' });
    await waitUntil(() => received.length === 1);
    await waitUntil(async () => (await row('reintento@amparo.test')).sentAt !== null);
    expect(await row('reintento@amparo.test')).toMatchObject({ attempts: 3, error: null });
  });

  it('a mail refused every time ends among the failed jobs, its row keeping the error', async () => {
    refuseNext = 100;
    await t.app.mailer.send({ to: 'rechazo@amparo.test', subject: 'Aviso', text: 'Hola' });
    await waitUntil(async () => (await t.app.jobs.failed()).some((j) => j.name === MAIL_DELIVER_JOB));
    const failed = (await t.app.jobs.failed()).filter((j) => j.name === MAIL_DELIVER_JOB);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ attempts: 3 });
    expect(failed[0]!.error).toBe('SMTP 451');
    const kept = await row('rechazo@amparo.test');
    expect(kept).toMatchObject({ sentAt: null, attempts: 3 });
    expect(kept.error).toMatch(/451/);
    expect(received).toEqual([]);
    // The administrators see it (security log's key), without the mail's address or text.
    const adminToken = await login(t.app);
    const listed = await as(t.app, adminToken).get('/api/security-log/failed-jobs');
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().data.items).toEqual([
      expect.objectContaining({ name: MAIL_DELIVER_JOB, attempts: 3, error: 'SMTP 451' }),
    ]);
    expect(listed.body).not.toContain('rechazo@amparo.test');
  });
});
