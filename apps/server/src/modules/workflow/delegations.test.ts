import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Delegation } from '@amparo/shared/modules/workflow.schema';
import type { InboxItem } from '@amparo/shared/workflow';
import { as, buildTestApp, createUser, inDays, login, type TestApp } from '../../../test/helpers.ts';
import { postgresOnly } from '../../../test/postgres-only.ts';

/**
 * Delegations as staff manage them (issue 25 section 1, `…/api/workflow/delegations`): each user delegates their
 * own approvals, sees what they gave and received, and either side ends one; nobody else sees or ends it. The
 * delegation moves the inbox: a delegate sees what waits for the delegating user while it is in force only.
 */
describe('/api/workflow/delegations', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
  });
  afterAll(() => t.close());

  const staff = (name: string, keys: string[] = ['presupuesto']) => createUser(t.app, adminToken, keys, name);
  const listOf = async (token: string) => {
    const res = await as(t.app, token).get('/api/workflow/delegations');
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { given: Delegation[]; received: Delegation[]; workflows: string[] };
  };

  it('records a delegation of the caller, audited, shown to both sides and notified to the delegate', async () => {
    const [ana, beto, carla] = [await staff('ana'), await staff('beto'), await staff('carla')];
    const created = await as(t.app, ana.token).post('/api/workflow/delegations', {
      toUserId: beto.id,
      validFrom: todayInGuatemala(),
      lastDay: inDays(6),
      workflow: 'plan_year',
    });
    expect(created.statusCode, created.body).toBe(200);
    const d = created.json().data as Delegation;
    expect(d).toMatchObject({
      from: { id: ana.id, name: expect.stringContaining('ana') },
      to: { id: beto.id },
      validFrom: todayInGuatemala(),
      lastDay: inDays(6),
      workflow: 'plan_year',
      state: 'in_force',
      endedAt: null,
    });
    const anas = await listOf(ana.token);
    expect(anas.given.map((x) => x.id)).toEqual([d.id]);
    expect(anas.received).toEqual([]);
    expect(anas.workflows).toEqual(expect.arrayContaining(['plan_year', 'budget_carry_forward', 'support_ticket']));
    expect((await listOf(beto.token)).received).toEqual([d]);
    expect(await listOf(carla.token)).toMatchObject({ given: [], received: [] });

    const audit = await t.database.db.execute<{ user_id: string; changes: Record<string, { after: unknown }> }>(
      sql`select user_id, changes from audit_log where entity = 'workflow_delegation' and entity_id = ${d.id}`,
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      user_id: ana.id,
      changes: { toUserId: { after: beto.id }, lastDay: { after: inDays(6) }, workflow: { after: 'plan_year' } },
    });
    const notices = (await as(t.app, beto.token).get('/api/notifications')).json().data.items;
    expect(notices).toEqual([
      expect.objectContaining({
        kind: 'workflow.delegation_received',
        link: '/delegations',
        params: { from: d.from.name },
      }),
    ]);
    // Every signed-in user is offered the kind's e-mail choice.
    const prefs = (await as(t.app, carla.token).get('/api/notifications/preferences')).json().data.preferences;
    expect(prefs).toContainEqual({ kind: 'workflow.delegation_received', email: 'immediate' });
  });

  it('refuses a delegation to oneself, to nobody, into the past, backwards, in an unknown workflow or in a cycle', async () => {
    const [ana, beto] = [await staff('ana'), await staff('beto')];
    const post = (token: string, body: Record<string, unknown>) =>
      as(t.app, token).post('/api/workflow/delegations', { validFrom: todayInGuatemala(), ...body });
    const refusal = async (res: Awaited<ReturnType<typeof post>>) => {
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors[0];
    };
    expect(await refusal(await post(ana.token, { toUserId: ana.id }))).toMatchObject({
      field: 'toUserId',
      code: 'delegation_self',
    });
    expect(await refusal(await post(ana.token, { toUserId: randomUUID() }))).toMatchObject({
      field: 'toUserId',
      code: 'invalid',
    });
    expect(await refusal(await post(ana.token, { toUserId: beto.id, validFrom: inDays(-1) }))).toMatchObject({
      field: 'validFrom',
      code: 'date_out_of_range',
      params: { min: todayInGuatemala() },
    });
    expect(
      await refusal(await post(ana.token, { toUserId: beto.id, validFrom: inDays(3), lastDay: inDays(2) })),
    ).toMatchObject({ field: 'lastDay', code: 'date_order' });
    expect(await refusal(await post(ana.token, { toUserId: beto.id, workflow: 'nonexistent' }))).toMatchObject({
      field: 'workflow',
      code: 'invalid',
    });
    expect((await post(ana.token, { toUserId: beto.id, lastDay: inDays(10) })).statusCode).toBe(200);
    expect(await refusal(await post(beto.token, { toUserId: ana.id, validFrom: inDays(5) }))).toMatchObject({
      field: 'toUserId',
      code: 'delegation_cycle',
    });
    // After ana's last day the reverse is no cycle.
    expect((await post(beto.token, { toUserId: ana.id, validFrom: inDays(11) })).statusCode).toBe(200);
    expect((await listOf(ana.token)).given).toHaveLength(1);
  });

  it('lets either side end it and nobody else; the delegate no longer acts for the delegating user', async () => {
    const year = 2094;
    const approver = await staff('apr', ['presupuesto', 'presupuesto_aprobacion', 'presupuesto_planificacion']);
    const delegate = await staff('dlg', ['presupuesto', 'presupuesto_planificacion']);
    const stranger = await staff('otro');
    const admin = as(t.app, adminToken);
    const { version } = (await admin.get(`/api/budget/plans/${year}`)).json().data;
    expect(
      (await admin.post(`/api/budget/plans/${year}/transition`, { transition: 'submit', version })).statusCode,
    ).toBe(200);
    const waiting = async () =>
      ((await as(t.app, delegate.token).get('/api/workflow/inbox')).json().data as InboxItem[]).filter(
        (i) => i.workflow === 'plan_year' && i.titleParams.year === String(year),
      );
    const d = (
      await as(t.app, approver.token).post('/api/workflow/delegations', {
        toUserId: delegate.id,
        validFrom: todayInGuatemala(),
      })
    ).json().data as Delegation;
    expect(await waiting()).toHaveLength(1);

    expect((await as(t.app, stranger.token).post(`/api/workflow/delegations/${d.id}/end`)).statusCode).toBe(404);
    expect((await as(t.app, stranger.token).post(`/api/workflow/delegations/${randomUUID()}/end`)).statusCode).toBe(
      404,
    );
    const ended = await as(t.app, delegate.token).post(`/api/workflow/delegations/${d.id}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json().data).toMatchObject({ state: 'ended', endedAt: expect.any(String), lastDay: null });
    expect(await waiting()).toEqual([]);
    const seen = (await as(t.app, delegate.token).get(`/api/budget/plans/${year}`)).json().data;
    expect(seen.allowed).toEqual([]);
    const again = await as(t.app, approver.token).post(`/api/workflow/delegations/${d.id}/end`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('delegation_ended');
    const audit = await t.database.db.execute<{ action: string; user_id: string }>(
      sql`select action, user_id from audit_log where entity = 'workflow_delegation' and entity_id = ${d.id} order by id`,
    );
    expect(audit.rows).toEqual([
      { action: 'create', user_id: approver.id },
      { action: 'end', user_id: delegate.id },
    ]);
  });

  it('ends a delegation not started yet: it never comes into force', async () => {
    const [ana, beto] = [await staff('ana'), await staff('beto')];
    const d = (
      await as(t.app, ana.token).post('/api/workflow/delegations', { toUserId: beto.id, validFrom: inDays(2) })
    ).json().data as Delegation;
    expect(d.state).toBe('scheduled');
    const ended = await as(t.app, ana.token).post(`/api/workflow/delegations/${d.id}/end`);
    expect(ended.json().data.state).toBe('ended');
    // A later delegation the other way is no cycle any more.
    expect(
      (
        await as(t.app, beto.token).post('/api/workflow/delegations', {
          toUserId: ana.id,
          validFrom: inDays(3),
        })
      ).statusCode,
    ).toBe(200);
  });

  it('offers every active user but the caller as a delegate', async () => {
    const ana = await staff('ana');
    const res = await as(t.app, ana.token).get(`/api/workflow/delegations/users?q=${ana.username}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
    const admins = (await as(t.app, ana.token).get('/api/workflow/delegations/users')).json().data;
    expect(admins.length).toBeGreaterThan(0);
    expect(admins.some((u: { id: string }) => u.id === ana.id)).toBe(false);
  });

  postgresOnly('lets one of two opposite delegations written at once through, never both (a cycle)', async () => {
    for (let round = 0; round < 5; round++) {
      const [ana, beto] = [await staff('ana'), await staff('beto')];
      const [a, b] = await Promise.all([
        as(t.app, ana.token).post('/api/workflow/delegations', { toUserId: beto.id, validFrom: todayInGuatemala() }),
        as(t.app, beto.token).post('/api/workflow/delegations', { toUserId: ana.id, validFrom: todayInGuatemala() }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 400]);
      expect([a, b].find((r) => r.statusCode === 400)!.json().errors[0].code).toBe('delegation_cycle');
    }
  });
});
