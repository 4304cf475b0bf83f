import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { systemActor, type UserActor } from '../../../lib/actor.ts';
import { AppError } from '../../../lib/errors.ts';
import { as, buildTestApp, createUser, login, planningBody, type TestApp } from '../../../../test/helpers.ts';
import { commit, execute, release } from '../spending/spending.ts';

/**
 * Issue 13 section 4, 'Multi-year agreements': a closed year moves no money; an item's unspent amount of it
 * reaches the next year only through an approved carry-forward, visible in both years.
 */
describe('closed years and carry-forwards', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  let adminId: string;
  let approver: ReturnType<typeof as>;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    admin = as(t.app, adminToken);
    adminId = (await admin.post('/api/user-check', {})).json().data.user.id;
    const keys = ['presupuesto', 'presupuesto_planificacion', 'presupuesto_aprobacion', 'asignacion'];
    approver = as(t.app, (await createUser(t.app, adminToken, keys, 'cf')).token);
  });
  afterAll(() => t.close());

  const actor = (): UserActor => ({
    ...systemActor('test'),
    system: null,
    userId: adminId,
    sessionId: randomUUID(),
    permissions: new Set(),
  });
  const move = async (api: ReturnType<typeof as>, year: number, transition: string) => {
    const { version } = (await admin.get(`/api/budget/plans/${year}`)).json().data;
    const res = await api.post(`/api/budget/plans/${year}/transition`, { transition, version });
    expect(res.statusCode, res.body).toBe(200);
  };
  const line = async (year: number) => {
    const res = await admin.post('/api/budget/planning', await planningBody(admin, { year }));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.id as string;
  };
  /** The kinds and params of a user's unread notifications of the budget (issue 25 section 5). */
  const told = async (api: ReturnType<typeof as>) =>
    (await api.get('/api/notifications?unread=true'))
      .json()
      .data.items.filter((n: { kind: string }) => n.kind.startsWith('budget.'))
      .map((n: { kind: string; params: object; link: string }) => ({ kind: n.kind, params: n.params, link: n.link }));
  const assign = (lineId: string, itemId: string, months: number[], amount: string) =>
    admin.post(`/api/budget/assignment/${lineId}/transaction/${itemId}`, {
      type: 'increase',
      reason: 'Convenio',
      months: months.map((month) => ({ month, amount })),
    });

  it('closes a year and carries an item’s unspent amount to the next only once approved', async () => {
    const coop = (
      await admin.post('/api/cooperating', {
        name: 'Fundación Plurianual',
        code: `P-${randomBytes(3).toString('hex').toUpperCase()}`,
        country: 'NO',
        startDate: '2037-01-01',
        endDate: '2038-12-31',
        currency: 'GTQ',
        ceiling: '5000.00',
      })
    ).json().data;
    const itemId = (
      await admin.post(`/api/cooperating/${coop.id}/items`, { code: 'R1', name: 'Rubro uno', initialAmount: '1000' })
    ).json().data.id as string;
    const old = await line(2037);
    expect((await assign(old, itemId, [1, 2, 3], '100')).statusCode).toBe(200);
    const december = { type: 'expense_request', id: randomUUID() };
    await t.database.db.transaction(async (tx) => {
      await commit(tx, actor(), december, [{ lineId: old, itemId, month: 1, amount: '50' }]);
      await execute(tx, actor(), december, [{ lineId: old, itemId, month: 2, amount: '100' }]);
    });
    const request = (amount: string) =>
      admin.post('/api/budget/carry-forwards', { itemId, fromYear: 2037, amount, reason: 'Saldo no ejecutado' });
    expect((await request('10')).json().errors[0]).toMatchObject({ field: 'fromYear', code: 'year_not_closed' });

    await move(admin, 2037, 'submit');
    // The plan's approvers hear of it; the one who submitted it does not.
    expect(await told(approver)).toEqual([
      { kind: 'budget.plan_submitted', params: { year: 2037 }, link: '/budget/planning/list?year=2037' },
    ]);
    expect(await told(admin)).toEqual([]);
    await move(approver, 2037, 'approve');
    expect(await told(admin)).toEqual([
      {
        kind: 'budget.plan_decided',
        params: { year: 2037, status: 'approved' },
        link: '/budget/planning/list?year=2037',
      },
    ]);
    await move(approver, 2037, 'close');
    expect((await assign(old, itemId, [4], '1')).json()).toMatchObject({ code: 'year_closed' });
    // A closed year takes no new draw: no commitment, no execution past what a request had committed.
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => 'written',
        (e: AppError) => e.code,
      );
    const cell = (month: number, amount: string) => [{ lineId: old, itemId, month, amount }];
    expect(await refused(t.database.db.transaction((tx) => commit(tx, actor(), december, cell(3, '1'))))).toBe(
      'year_closed',
    );
    expect(await refused(t.database.db.transaction((tx) => execute(tx, actor(), december, cell(1, '50.01'))))).toBe(
      'year_closed',
    );
    // December's request is still settled after the close: 20 of its 50 executed, 10 given back.
    await t.database.db.transaction(async (tx) => {
      await execute(tx, actor(), december, cell(1, '20'));
      await release(tx, actor(), december, cell(1, '10'));
    });

    // Unspent: 300 assigned − 20 committed − 120 executed = 160.
    expect((await request('160.01')).json().errors[0]).toMatchObject({
      code: 'carry_exceeded',
      params: { unspent: '160.00', excess: '0.01' },
    });
    const asked = await request('100');
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data).toMatchObject({ status: 'requested', fromYear: 2037, toYear: 2038, amount: '100.00' });
    // Its approvers hear of the request (with the item's code, never a name); the requester does not.
    expect((await told(approver)).filter((n: { kind: string }) => n.kind === 'budget.carry_forward_requested')).toEqual(
      [
        {
          kind: 'budget.carry_forward_requested',
          params: { amount: '100.00', item: 'R1', fromYear: 2037, toYear: 2038 },
          link: '/budget/carry-forwards?year=2037',
        },
      ],
    );
    expect((await told(admin)).filter((n: { kind: string }) => n.kind.startsWith('budget.carry'))).toEqual([]);
    expect((await request('60.01')).json().errors[0]).toMatchObject({ params: { unspent: '60.00' } });

    // The next year: the item has 1000 − 300 = 700 of room until the carry-forward is approved.
    const next = await line(2038);
    const months = [1, 2, 3, 4, 5, 6, 7, 8];
    expect((await assign(next, itemId, months, '100')).json().errors[0]).toMatchObject({
      code: 'item_exceeded',
      params: { available: '700.00', excess: '100.00' },
    });
    const doc = asked.json().data;
    // The requester is offered only the rejection (no self-approval, issue 25 section 1).
    expect(doc.allowed.map((a: { name: string }) => a.name)).toEqual(['reject']);
    expect(doc.steps).toEqual([
      { state: 'requested', status: 'current' },
      { state: 'approved', status: 'pending' },
    ]);
    const own = await admin.post(`/api/budget/carry-forwards/${doc.id}/transition`, {
      transition: 'approve',
      version: 1,
    });
    expect(own.statusCode).toBe(403);
    expect(
      (await approver.post(`/api/budget/carry-forwards/${doc.id}/transition`, { transition: 'reject', version: 1 }))
        .statusCode,
    ).toBe(400);
    // The approval checks the unspent amount again: an execution recorded since (written straight into the ledger
    // here, as nothing the API offers lowers a closed year's unspent amount) leaves 160 − 70 = 90, under the 100.
    const ledger = (amount: string) =>
      t.database.db.execute(sql`insert into budget_commitments
        (line_id, item_id, cooperating_id, month, kind, amount, source_type, source_id, author_id)
        values (${old}, ${itemId}, ${coop.id}, 2, 'execute', ${amount}, 'test', ${randomUUID()}, ${adminId})`);
    await ledger('70');
    const late = await approver.post(`/api/budget/carry-forwards/${doc.id}/transition`, {
      transition: 'approve',
      version: 1,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0]).toMatchObject({ code: 'carry_exceeded', params: { unspent: '90.00' } });
    await ledger('-70');
    const approved = await approver.post(`/api/budget/carry-forwards/${doc.id}/transition`, {
      transition: 'approve',
      version: 1,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await told(admin)).filter((n: { kind: string }) => n.kind === 'budget.carry_forward_decided')).toEqual([
      {
        kind: 'budget.carry_forward_decided',
        params: { item: 'R1', fromYear: 2037, toYear: 2038, status: 'approved' },
        link: '/budget/carry-forwards?year=2037',
      },
    ]);
    expect(approved.json().data).toMatchObject({ status: 'approved', decidedByName: expect.any(String), allowed: [] });
    expect(approved.json().data.history).toEqual([
      expect.objectContaining({ transition: 'approve', from: 'requested', to: 'approved', actingForName: null }),
    ]);
    expect((await assign(next, itemId, months, '100')).statusCode).toBe(200);
    expect((await assign(next, itemId, [9], '0.01')).json().errors[0]).toMatchObject({ code: 'item_exceeded' });

    for (const year of [2037, 2038]) {
      const listed = (await admin.get(`/api/budget/carry-forwards?year=${year}`)).json().data;
      expect(listed.map((f: { id: string; status: string }) => [f.id, f.status])).toEqual([[doc.id, 'approved']]);
    }
  });
});
