import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboxItem } from '@amparo/shared/workflow';
import { systemActor } from '../../lib/actor.ts';
import { createDelegation } from '../../lib/workflow/delegations.ts';
import { as, buildTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';

/**
 * The inbox across workflows (issue 25 section 1, `GET /api/workflow/inbox`) on the app's own workflows: a year's
 * plan submitted by the administrator waits for an approver, and for whoever the approver delegated to, who
 * approves it in the approver's name through the plan's own transition call.
 */
describe('GET /api/workflow/inbox', () => {
  let t: TestApp;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
  });
  afterAll(() => t.close());

  it('lists what waits for the caller and for whoever delegated to them; the delegate acts in their name', async () => {
    const year = 2093;
    const admin = as(t.app, adminToken);
    const approver = await createUser(
      t.app,
      adminToken,
      ['presupuesto', 'presupuesto_aprobacion', 'presupuesto_planificacion'],
      'apr',
    );
    const delegate = await createUser(t.app, adminToken, ['presupuesto', 'presupuesto_planificacion'], 'dlg');
    const { version } = (await admin.get(`/api/budget/plans/${year}`)).json().data;
    expect(
      (await admin.post(`/api/budget/plans/${year}/transition`, { transition: 'submit', version })).statusCode,
    ).toBe(200);

    const inboxOf = async (token: string) => {
      const res = await as(t.app, token).get('/api/workflow/inbox');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as InboxItem[]).filter(
        (i) => i.workflow === 'plan_year' && i.titleParams.year === String(year),
      );
    };
    expect(await inboxOf(approver.token)).toEqual([
      expect.objectContaining({ state: 'submitted', href: `/budget/planning/list?year=${year}`, actingForName: null }),
    ]);
    // The submitter never approves their own plan, so it is not in their inbox.
    expect(await inboxOf(adminToken)).toEqual([]);
    expect(await inboxOf(delegate.token)).toEqual([]);

    // The delegation starts after the plan was submitted: it is in the delegate's inbox all the same.
    await createDelegation(t.database.db, systemActor('test'), {
      fromUserId: approver.id,
      toUserId: delegate.id,
      validFrom: new Date(Date.now() - 1000),
    });
    const [item] = await inboxOf(delegate.token);
    expect(item).toMatchObject({ state: 'submitted', actingForName: expect.stringContaining('apr') });
    const seen = (await as(t.app, delegate.token).get(`/api/budget/plans/${year}`)).json().data;
    const actingFor = { id: approver.id, name: item!.actingForName };
    expect(seen.allowed).toEqual([
      { name: 'return', to: 'draft', reason: 'required', actingFor },
      { name: 'approve', to: 'approved', reason: 'optional', actingFor },
    ]);
    const done = await as(t.app, delegate.token).post(`/api/budget/plans/${year}/transition`, {
      transition: 'approve',
      version: seen.version,
      actingFor: approver.id,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.history.at(-1)).toMatchObject({
      transition: 'approve',
      actingForName: item!.actingForName,
      actorName: expect.stringContaining('dlg'),
    });
    expect(await inboxOf(delegate.token)).toEqual([]);
  });
});
