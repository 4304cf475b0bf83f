import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, planningBody, type TestApp } from '../../../../test/helpers.ts';

/**
 * Issue 13 section 3, 'Versions': a year's plan is a draft until approved by someone else holding
 * presupuesto_aprobacion; after approval its lines change only in a numbered revision with a reason; every
 * figure can be shown as of any approved revision.
 */
describe("a year's plan: approval and revisions", () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    admin = as(t.app, adminToken);
  });
  afterAll(() => t.close());

  const plan = async (api: ReturnType<typeof as>, year: number) =>
    (await api.get(`/api/budget/plans/${year}`)).json().data;
  const move = async (api: ReturnType<typeof as>, year: number, transition: string, reason?: string) => {
    const { version } = await plan(api, year);
    return api.post(`/api/budget/plans/${year}/transition`, { transition, version, reason });
  };
  const editBody = async (id: string, amount: string) => {
    const line = (await admin.get(`/api/budget/planning/${id}`)).json().data;
    const {
      id: _i,
      responsibleName: _r,
      plannerName: _p,
      headquarterName: _h,
      totalAmount: _t,
      totalGoal: _g,
      ...rest
    } = line;
    return { ...rest, months: rest.months.map((m: { month: number }) => (m.month === 1 ? { ...m, amount } : m)) };
  };

  it('reads a year nobody has written to as a first draft without writing it (issue 25 section 8)', async () => {
    const year = 2091;
    const rows = async () =>
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from plan_years where year = ${year}`))
        .rows[0]!.n;
    expect(await plan(admin, year)).toMatchObject({ year, status: 'draft', revision: 0, version: 1, history: [] });
    expect(await rows()).toBe(0);
    // Its first transition writes it, from the version the read gave.
    expect((await move(admin, year, 'submit')).statusCode).toBe(200);
    expect(await rows()).toBe(1);
  });

  it('locks the lines once submitted, approves by another user, and revises with a reason, keeping each revision', async () => {
    const year = 2035;
    const first = await admin.post('/api/budget/planning', await planningBody(admin, { year }));
    expect(first.statusCode, first.body).toBe(200);
    const lineId = first.json().data.id;
    expect(await plan(admin, year)).toMatchObject({ status: 'draft', revision: 0 });

    expect((await move(admin, year, 'submit')).statusCode).toBe(200);
    const locked = await admin.post('/api/budget/planning', await planningBody(admin, { year }));
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      code: 'plan_locked',
      errors: [{ field: 'year', code: 'plan_locked', params: { year: '2035', status: 'submitted' } }],
    });
    expect((await admin.put(`/api/budget/planning/${lineId}`, await editBody(lineId, '1.00'))).statusCode).toBe(409);
    expect((await admin.delete(`/api/budget/planning/${lineId}`)).statusCode).toBe(409);

    // The submitter does not approve their own plan.
    const own = await move(admin, year, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().errors[0]).toMatchObject({ code: 'transition_not_yours' });
    const planner = as(
      t.app,
      (await createUser(t.app, adminToken, ['presupuesto', 'presupuesto_planificacion'], 'pl')).token,
    );
    expect((await move(planner, year, 'approve')).statusCode).toBe(403);
    const approver = as(
      t.app,
      (
        await createUser(
          t.app,
          adminToken,
          ['presupuesto', 'presupuesto_planificacion', 'presupuesto_aprobacion'],
          'ap',
        )
      ).token,
    );
    expect((await move(approver, year, 'return')).statusCode).toBe(400); // a return needs its reason
    const approved = await move(approver, year, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      revision: 1,
      revisions: [{ revision: 1, total: '1200.00', lineCount: 1 }],
    });

    // A change after approval is a revision with a reason.
    expect((await move(admin, year, 'revise')).statusCode).toBe(400);
    expect((await move(admin, year, 'revise', 'Recorte del donante')).statusCode).toBe(200);
    const edited = await admin.put(`/api/budget/planning/${lineId}`, await editBody(lineId, '40.00'));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await move(admin, year, 'submit')).statusCode).toBe(200);
    const second = (await move(approver, year, 'approve')).json().data;
    expect(
      second.revisions.map((r: { revision: number; total: string; reason: string | null }) => [
        r.revision,
        r.total,
        r.reason,
      ]),
    ).toEqual([
      [1, '1200.00', null],
      [2, '1140.00', 'Recorte del donante'],
    ]);
    // Oldest first, as every workflow's history (the shared `workflowHistoryEntry`, issue 25 section 1).
    expect(second.history.map((h: { transition: string }) => h.transition)).toEqual([
      'submit',
      'approve',
      'revise',
      'submit',
      'approve',
    ]);
    expect(second.steps).toEqual([
      { state: 'draft', status: 'completed' },
      { state: 'submitted', status: 'completed' },
      { state: 'approved', status: 'current' },
      { state: 'closed', status: 'pending' },
    ]);

    // Every figure as of a revision.
    const now = (await admin.get(`/api/budget/summary/poa?year=${year}`)).json().data;
    const asOf1 = (await admin.get(`/api/budget/summary/poa?year=${year}&revision=1`)).json().data;
    expect([now.total.planned, asOf1.total.planned, asOf1.revision]).toEqual(['1140.00', '1200.00', 1]);
    expect(asOf1.total.months[0].planned).toBe('100.00');
    expect((await admin.get(`/api/budget/summary/poa?year=${year}&revision=3`)).statusCode).toBe(400);
    const kept = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from plan_revision_months m join plan_revisions r on r.id = m.revision_id where r.year = ${year}`,
    );
    expect(kept.rows[0]!.n).toBe(24);
  });

  it('refuses a stale transition', async () => {
    const year = 2036;
    const { version } = await plan(admin, year);
    expect(
      (await admin.post(`/api/budget/plans/${year}/transition`, { transition: 'submit', version })).statusCode,
    ).toBe(200);
    const stale = await admin.post(`/api/budget/plans/${year}/transition`, {
      transition: 'return',
      version,
      reason: 'x',
    });
    expect(stale.json()).toMatchObject({ code: 'stale_transition' });
  });

  it('tells the submitter and a planner why they cannot approve, and the server refuses what it reports refused', async () => {
    const year = 2037;
    expect((await move(admin, year, 'submit')).statusCode).toBe(200);
    // The submitter holds the approval key but submitted it: approve refused by the rule, return still open.
    const mine = await plan(admin, year);
    expect(mine.allowed.map((a: { name: string }) => a.name)).toEqual(['return']);
    expect(mine.refused).toEqual([{ name: 'approve', to: 'approved', because: 'not_the_submitter' }]);
    expect((await move(admin, year, 'approve')).statusCode).toBe(403);
    // A planner without the approval key is told which key approving and returning need.
    const planner = as(
      t.app,
      (await createUser(t.app, adminToken, ['presupuesto', 'presupuesto_planificacion'], 'pl2')).token,
    );
    const theirs = await plan(planner, year);
    expect(theirs.allowed).toEqual([]);
    expect(theirs.refused).toEqual([
      { name: 'return', to: 'draft', because: 'missing_permission', permission: 'presupuesto_aprobacion' },
      { name: 'approve', to: 'approved', because: 'missing_permission', permission: 'presupuesto_aprobacion' },
    ]);
    for (const r of theirs.refused) expect((await move(planner, year, r.name, 'motivo')).statusCode).toBe(403);
  });
});
