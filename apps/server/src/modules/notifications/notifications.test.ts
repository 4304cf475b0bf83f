import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, personBody, type TestApp } from '../../../test/helpers.ts';
import { mailOutbox } from '../../lib/mail.table.ts';
import { mailPendingNotifications, notify } from './notifications.service.ts';
import { systemActor } from '../../lib/actor.ts';

/**
 * In-app notifications (issue 12), produced by the access requests of the
 * population registry: the person's administrators hear of a request, the
 * requester of the decision; each user reads, counts and marks only their own;
 * the mails say what happened without a name or a file code.
 */
const POBLACION = ['poblacion', 'poblacion_poblacion'];
let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app);
});
afterAll(() => t?.close());

/** A person owned (administered) by a new user, and a second user who asks for access. */
async function requestScene(tag: string) {
  const owner = await createUser(t.app, adminToken, POBLACION, `owner-${tag}`);
  const asker = await createUser(t.app, adminToken, POBLACION, `asker-${tag}`);
  const created = await as(t.app, owner.token).post('/api/population/persons', personBody({ names: `Niña ${tag}` }));
  expect(created.statusCode, created.body).toBe(200);
  const person = created.json().data as { id: string; fileCode: string };
  const request = await as(t.app, asker.token).post(`/api/population/persons/${person.id}/access-requests`, {
    reason: 'Seguimiento del caso',
  });
  expect(request.statusCode, request.body).toBe(200);
  return { owner, asker, person, requestId: request.json().data.id as string };
}
const unread = async (token: string) =>
  (await as(t.app, token).get('/api/notifications/unread-count')).json().data.count as number;

describe('notifications', () => {
  it("an access request tells the person's administrators, not the asker; a decision tells the asker", async () => {
    const { owner, asker, person, requestId } = await requestScene('a');
    expect(await unread(owner.token)).toBe(1);
    expect(await unread(asker.token)).toBe(0);
    const list = (await as(t.app, owner.token).get('/api/notifications')).json().data;
    // Who asked is named (a staff member); the child is not.
    const askerName = (await as(t.app, asker.token).post('/api/user-check', {})).json().data.user.fullName as string;
    expect(list.items).toEqual([
      expect.objectContaining({
        kind: 'population.access_requested',
        link: `/population/served/${person.id}`,
        params: { fileCode: person.fileCode, requester: askerName },
        readAt: null,
      }),
    ]);
    // No name in what a notification carries.
    expect(JSON.stringify(list)).not.toContain('Niña a');

    const decided = await as(t.app, owner.token).post(`/api/population/access-requests/${requestId}/decision`, {
      approve: false,
      note: 'No corresponde',
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const mine = (await as(t.app, asker.token).get('/api/notifications?unread=true')).json().data.items;
    expect(mine).toEqual([
      expect.objectContaining({
        kind: 'population.access_decided',
        link: '/population/served/list',
        params: { approved: false, fileCode: person.fileCode },
      }),
    ]);
    // The owner decided: not told of their own act.
    expect(await unread(owner.token)).toBe(1);
  });

  it('never tells the actor of their own act, even when the act names them among the recipients', async () => {
    // The access-request scenes never list the actor as a recipient, so they could not catch the rule broken
    // (issue 25 section 5): here the actor is one of the two recipients named.
    const actorUser = await createUser(t.app, adminToken, POBLACION, 'self-actor');
    const other = await createUser(t.app, adminToken, POBLACION, 'self-other');
    const actor = {
      ...systemActor('test'),
      system: null,
      userId: actorUser.id,
      sessionId: null,
      permissions: new Set<string>(),
    };
    const told = await t.database.db.transaction((tx) =>
      notify(tx, actor, {
        kind: 'population.access_decided',
        recipients: [actorUser.id, other.id, actorUser.id],
        link: '/population/served/list',
      }),
    );
    expect(told).toBe(1);
    expect(await unread(actorUser.token)).toBe(0);
    expect(await unread(other.token)).toBe(1);
  });

  it('tells the active holders of a key (with its parents), never the actor among them, and refuses an undeclared kind', async () => {
    const STAFF = ['soporte', 'soporte_gestion'];
    const holder = await createUser(t.app, adminToken, STAFF, 'holder');
    const actorUser = await createUser(t.app, adminToken, STAFF, 'holder-actor');
    const parentless = await createUser(t.app, adminToken, ['soporte_gestion'], 'no-parent');
    const outsider = await createUser(t.app, adminToken, POBLACION, 'outsider');
    const actor = {
      ...systemActor('test'),
      system: null,
      userId: actorUser.id,
      sessionId: null,
      permissions: new Set<string>(STAFF),
    };
    const send = (kind: string) =>
      t.database.db.transaction((tx) =>
        notify(tx, actor, { kind, recipients: [{ holders: 'soporte_gestion' }], link: '/support/board' }),
      );
    expect(await send('support.ticket_created')).toBeGreaterThanOrEqual(1);
    expect(await unread(holder.token)).toBe(1);
    expect(await unread(actorUser.token)).toBe(0);
    // A key without its parent is not held (spec section 6), and another area's user is not a holder.
    expect(await unread(parentless.token)).toBe(0);
    expect(await unread(outsider.token)).toBe(0);
    await expect(send('support.never_declared')).rejects.toThrow('declared by no module');
    expect(await unread(holder.token)).toBe(1);
  });

  it("marks one's own read, refuses another's as not found, and marks all read", async () => {
    const { owner, asker } = await requestScene('b');
    const [item] = (await as(t.app, owner.token).get('/api/notifications')).json().data.items;
    const theirs = await as(t.app, asker.token).post(`/api/notifications/${item.id}/read`);
    expect(theirs.statusCode).toBe(404);
    expect(await unread(owner.token)).toBe(1);
    const read = await as(t.app, owner.token).post(`/api/notifications/${item.id}/read`);
    expect(read.json().data).toEqual({ count: 0 });
    const again = (await as(t.app, owner.token).get('/api/notifications')).json().data.items[0];
    expect(again.readAt).not.toBeNull();
    await t.database.db.execute(sql`update notifications set read_at = null where id = ${item.id}`);
    // Another administrator's unread notification is not theirs to mark.
    const other = await requestScene('b2');
    expect((await as(t.app, owner.token).post('/api/notifications/read-all')).json().data).toEqual({ count: 0 });
    expect((await as(t.app, owner.token).get('/api/notifications?unread=true')).json().data.items).toEqual([]);
    expect(await unread(other.owner.token)).toBe(1);
  });

  it('keeps e-mail choices per kind, refuses an unknown kind or choice, and needs a session', async () => {
    const user = await createUser(t.app, adminToken, POBLACION, 'prefs');
    const defaults = (await as(t.app, user.token).get('/api/notifications/preferences')).json().data.preferences;
    expect(defaults).toEqual([
      { kind: 'population.access_requested', email: 'immediate' },
      { kind: 'population.access_decided', email: 'digest' },
      // A kind of every signed-in user ('session').
      { kind: 'workflow.delegation_received', email: 'immediate' },
    ]);
    const put = await as(t.app, user.token).put('/api/notifications/preferences', {
      preferences: [{ kind: 'population.access_requested', email: 'off' }],
    });
    expect(put.json().data.preferences[0]).toEqual({ kind: 'population.access_requested', email: 'off' });
    for (const bad of [
      { kind: 'nope', email: 'off' },
      { kind: 'population.access_decided', email: 'hourly' },
    ]) {
      const res = await as(t.app, user.token).put('/api/notifications/preferences', { preferences: [bad] });
      expect(res.statusCode).toBe(400);
    }
    expect((await as(t.app, null).get('/api/notifications')).statusCode).toBe(401);
  });

  it('mails unread notifications once, by choice, without names or file codes', async () => {
    const { owner, asker, person, requestId } = await requestScene('c');
    const ownerEmail = (
      await t.database.db.execute<{ email: string }>(sql`select email from users where id = ${owner.id}`)
    ).rows[0]!.email;
    const outboxFor = (to: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    await mailPendingNotifications(t.database.db, t.app.mailer, t.app.config, 'immediate');
    const mails = await outboxFor(ownerEmail);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('/notifications');
    expect(mails[0]!.text).toContain('Alguien pidió acceso a un expediente');
    expect(mails[0]!.text).not.toContain(person.fileCode);
    expect(mails[0]!.text).not.toContain('Niña c');
    // Mailed once.
    await mailPendingNotifications(t.database.db, t.app.mailer, t.app.config, 'immediate');
    expect(await outboxFor(ownerEmail)).toHaveLength(1);

    // The decision is a digest kind by default: not in the minute's mail, in the morning's.
    await as(t.app, owner.token).post(`/api/population/access-requests/${requestId}/decision`, { approve: true });
    const askerEmail = (
      await t.database.db.execute<{ email: string }>(sql`select email from users where id = ${asker.id}`)
    ).rows[0]!.email;
    await mailPendingNotifications(t.database.db, t.app.mailer, t.app.config, 'immediate');
    expect(await outboxFor(askerEmail)).toHaveLength(0);
    await mailPendingNotifications(t.database.db, t.app.mailer, t.app.config, 'digest');
    expect(await outboxFor(askerEmail)).toHaveLength(1);
  });

  it('mails nothing for a kind chosen off, a notification already read, or an inactive user', async () => {
    const { owner } = await requestScene('d');
    await as(t.app, owner.token).put('/api/notifications/preferences', {
      preferences: [{ kind: 'population.access_requested', email: 'off' }],
    });
    const second = await requestScene('e');
    await as(t.app, second.owner.token).post('/api/notifications/read-all');
    const third = await requestScene('f');
    await t.database.db.execute(sql`update users set active = false where id = ${third.owner.id}`);
    const before = Number(
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox`)).rows[0]!.n,
    );
    await mailPendingNotifications(t.database.db, t.app.mailer, t.app.config, 'immediate');
    const after = Number(
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from mail_outbox`)).rows[0]!.n,
    );
    expect(after).toBe(before);
  });
});
