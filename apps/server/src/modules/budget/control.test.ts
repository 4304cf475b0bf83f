import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { systemActor, type UserActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { as, buildTestApp, login, planningBody, type TestApp } from '../../../test/helpers.ts';
import { checkControl, recordCommitment } from './control.ts';

/**
 * Issue 13 section 4: the availability control the expense requests run. A key that cannot be evaluated is
 * refused, never let through; over the available amount a stop control refuses (released only by
 * asignacion_liberacion with a reason) and a warn control asks for confirmation; what is let through is recorded.
 */
describe('availability control', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = as(t.app, await login(t.app));
    adminId = (await admin.post('/api/user-check', {})).json().data.user.id;
  });
  afterAll(() => t.close());

  const actor = (keys: string[] = []): UserActor => ({
    ...systemActor('test'),
    system: null,
    userId: adminId,
    sessionId: randomUUID(),
    permissions: new Set(keys),
  });
  const refusal = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      if (err instanceof AppError) return { status: err.status, code: err.code, errors: err.fieldErrors };
      throw err;
    }
    throw new Error('not refused');
  };

  /** A line of 2027 (Q 100 a month) with Q 80 of March assigned to an item of a cooperating in `controlMode`. */
  async function cell(controlMode: 'stop' | 'warn') {
    const created = await admin.post('/api/cooperating', {
      name: 'Fundación Control',
      code: `K-${randomBytes(3).toString('hex').toUpperCase()}`,
      country: 'GT',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      currency: 'GTQ',
      ceiling: '5000.00',
      controlMode,
    });
    expect(created.statusCode, created.body).toBe(200);
    const coop = created.json().data;
    expect(coop.controlMode).toBe(controlMode);
    const itemId = (
      await admin.post(`/api/cooperating/${coop.id}/items`, { code: 'A', name: 'Rubro A', initialAmount: '1000' })
    ).json().data.id as string;
    const lineId = (await admin.post('/api/budget/planning', await planningBody(admin))).json().data.id as string;
    const res = await admin.post(`/api/budget/assignment/${lineId}/transaction/${itemId}`, {
      type: 'increase',
      reason: 'Asignación',
      months: [{ month: 3, amount: '80' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return { lineId, itemId, month: 3 };
  }
  const source = () => ({ type: 'expense_request', id: randomUUID() });
  const db = () => t.database.db;

  it('refuses loudly when the key cannot be evaluated', async () => {
    const key = await cell('stop');
    const check = (k: Record<string, unknown>) =>
      refusal(db().transaction((tx) => checkControl(tx, actor(), { ...key, ...k, amount: '1', source: source() })));
    expect(await check({ lineId: null })).toMatchObject({
      status: 422,
      code: 'control_unavailable',
      errors: [{ field: 'lineId', code: 'required' }],
    });
    expect((await check({ month: null, itemId: '' })).errors).toEqual([
      { field: 'itemId', code: 'required' },
      { field: 'month', code: 'required' },
    ]);
    expect((await check({ month: 13 })).errors).toEqual([{ field: 'month', code: 'invalid' }]);
    expect((await check({ lineId: randomUUID() })).errors).toEqual([{ field: 'lineId', code: 'invalid' }]);
    const unassigned = (await admin.post('/api/budget/planning', await planningBody(admin))).json().data.id;
    expect((await check({ lineId: unassigned })).errors).toEqual([{ field: 'itemId', code: 'not_assigned' }]);
    const shown = await admin.get(`/api/budget/availability?lineId=${unassigned}&itemId=${key.itemId}&month=3`);
    expect(shown.statusCode).toBe(422);
    expect((await admin.get(`/api/budget/availability?itemId=${key.itemId}&month=3`)).json().errors).toEqual([
      { field: 'lineId', code: 'required' },
    ]);
  });

  it('stops over the available amount unless a holder of asignacion_liberacion releases it with a reason', async () => {
    const key = await cell('stop');
    const shown = await admin.get(
      `/api/budget/availability?lineId=${key.lineId}&itemId=${key.itemId}&month=3&amount=80.01`,
    );
    expect(shown.json().data).toMatchObject({
      planned: '100.00',
      assigned: '80.00',
      available: '80.00',
      controlMode: 'stop',
      outcome: 'stop',
      excess: '0.01',
    });
    await db().transaction(async (tx) => {
      expect(await checkControl(tx, actor(), { ...key, amount: '30', source: source() })).toEqual({
        outcome: 'ok',
        available: '80.00',
      });
      await recordCommitment(tx, actor(), {
        ...key,
        kind: 'commit',
        amount: '30',
        source: { type: 'expense_request', id: randomUUID() },
      });
    });
    const over = { ...key, amount: '50.01', source: source() };
    expect(await refusal(db().transaction((tx) => checkControl(tx, actor(), over)))).toEqual({
      status: 409,
      code: 'budget_stop',
      errors: [{ field: 'amount', code: 'exceeds_available', params: { available: '50.00', excess: '0.01' } }],
    });
    const release = { override: { reason: 'Emergencia de protección' } };
    expect(await refusal(db().transaction((tx) => checkControl(tx, actor(), over, release)))).toMatchObject({
      status: 403,
    });
    const held = actor(['presupuesto', 'asignacion', 'asignacion_liberacion']);
    const done = await db().transaction((tx) => checkControl(tx, held, over, release));
    expect(done).toEqual({ outcome: 'overridden', available: '50.00' });
    const events = (
      await db().execute<{ outcome: string; reason: string; amount: string }>(
        sql`select outcome, reason, amount::text from budget_control_events where line_id = ${key.lineId}`,
      )
    ).rows;
    expect(events).toEqual([{ outcome: 'overridden', reason: 'Emergencia de protección', amount: '50.01' }]);
  });

  it('warns over the available amount and lets it through once confirmed, recorded', async () => {
    const key = await cell('warn');
    const over = { ...key, amount: '100', source: source() };
    expect(await refusal(db().transaction((tx) => checkControl(tx, actor(), over)))).toMatchObject({
      status: 409,
      code: 'budget_warning',
      errors: [{ code: 'exceeds_available', params: { available: '80.00', excess: '20.00' } }],
    });
    expect(await db().transaction((tx) => checkControl(tx, actor(), over, { confirmWarning: true }))).toEqual({
      outcome: 'warned',
      available: '80.00',
    });
    const audit = await db().execute<{ action: string }>(
      sql`select action from audit_log where entity = 'budget_control' and entity_id = ${key.lineId}`,
    );
    expect(audit.rows).toEqual([{ action: 'warned' }]);
  });
});
