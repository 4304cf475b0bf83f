import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { systemActor, type UserActor } from '../../../lib/actor.ts';
import { AppError } from '../../../lib/errors.ts';
import { as, buildTestApp, login, planningBody, type TestApp } from '../../../../test/helpers.ts';
import { commit, execute, release, type SpendCell } from './spending.ts';
import { postgresOnly } from '../../../../test/postgres-only.ts';

/**
 * Issue 25 section 2 (and issue 13 section 4's control): the one budget call of the spending modules. A cell that
 * cannot be evaluated is refused, never let through; over the available amount a stop control refuses (released
 * only by asignacion_liberacion with a reason) and a warn control asks for confirmation; what is let through is
 * recorded; a draw without an item follows the allocation rule; releases and executions settle what the request
 * holds. The lock order is proven under parallel writers on PostgreSQL.
 */
describe('budget spending', () => {
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
  const db = () => t.database.db;
  const source = () => ({ type: 'expense_request', id: randomUUID() });

  async function cooperatingWith(controlMode: 'stop' | 'warn', items: string[]) {
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
    const ids: string[] = [];
    for (const code of items)
      ids.push(
        (
          await admin.post(`/api/cooperating/${coop.id}/items`, { code, name: `Rubro ${code}`, initialAmount: '1000' })
        ).json().data.id,
      );
    return ids;
  }
  const newLine = async () =>
    (await admin.post('/api/budget/planning', await planningBody(admin))).json().data.id as string;
  async function assign(lineId: string, itemId: string, month: number, amount: string) {
    const res = await admin.post(`/api/budget/assignment/${lineId}/transaction/${itemId}`, {
      type: 'increase',
      reason: 'Asignación',
      months: [{ month, amount }],
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  /** A line of 2027 (Q 100 a month) with Q 80 of March assigned to an item of a cooperating in `controlMode`. */
  async function cell(controlMode: 'stop' | 'warn') {
    const [itemId] = await cooperatingWith(controlMode, ['A']);
    const lineId = await newLine();
    await assign(lineId, itemId!, 3, '80');
    return { lineId, itemId: itemId!, month: 3 };
  }
  /** The ledger rows `src` wrote, by item and kind (Q). */
  async function rowsOf(src: { id: string }) {
    const result = await db().execute<{ item_id: string; kind: string; amount: string }>(
      sql`select item_id, kind, amount::text from budget_commitments where source_id = ${src.id}
           order by created_at, kind, item_id, amount`,
    );
    return result.rows.map((r) => [r.item_id, r.kind, r.amount]);
  }
  const available = async (lineId: string, itemId: string, month = 3) =>
    (await admin.get(`/api/budget/availability?lineId=${lineId}&itemId=${itemId}&month=${month}`)).json().data
      .available as string;

  it('refuses loudly when a cell cannot be evaluated, and writes nothing', async () => {
    const key = await cell('stop');
    const spend = (c: Record<string, unknown>) =>
      refusal(db().transaction((tx) => commit(tx, actor(), source(), [{ ...key, amount: '1', ...c } as SpendCell])));
    expect(await spend({ lineId: '' })).toMatchObject({
      status: 422,
      code: 'control_unavailable',
      errors: [{ field: 'cells.0.lineId', code: 'required' }],
    });
    expect((await spend({ month: null, amount: '0' })).errors).toEqual([
      { field: 'cells.0.month', code: 'required' },
      { field: 'cells.0.amount', code: 'invalid' },
    ]);
    expect((await spend({ month: 13 })).errors).toEqual([{ field: 'cells.0.month', code: 'invalid' }]);
    expect((await spend({ amount: '1.001' })).errors).toEqual([{ field: 'cells.0.amount', code: 'invalid' }]);
    expect((await spend({ amount: '-1' })).errors).toEqual([{ field: 'cells.0.amount', code: 'invalid' }]);
    expect((await spend({ lineId: randomUUID() })).errors).toEqual([{ field: 'cells.0.lineId', code: 'invalid' }]);
    expect((await spend({ itemId: randomUUID() })).errors).toEqual([{ field: 'cells.0.itemId', code: 'not_assigned' }]);
    // A line with no assignment at all, with or without a named item.
    const unassigned = await newLine();
    expect((await spend({ lineId: unassigned })).errors).toEqual([{ field: 'cells.0.itemId', code: 'not_assigned' }]);
    expect((await spend({ lineId: unassigned, itemId: null })).errors).toEqual([
      { field: 'cells.0.itemId', code: 'not_assigned' },
    ]);
    expect(
      (await refusal(db().transaction((tx) => commit(tx, actor(), { type: 'expense_request', id: '' }, [])))).errors,
    ).toEqual([
      { field: 'source', code: 'required' },
      { field: 'cells', code: 'required' },
    ]);
    expect(await available(key.lineId, key.itemId)).toBe('80.00');
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
    const first = source();
    expect(await db().transaction((tx) => commit(tx, actor(), first, [{ ...key, amount: '30' }]))).toEqual({
      outcome: 'ok',
      rows: [{ lineId: key.lineId, itemId: key.itemId, month: 3, kind: 'commit', amount: '30.00' }],
    });
    const over = source();
    const cells = [{ ...key, amount: '50.01' }];
    expect(await refusal(db().transaction((tx) => commit(tx, actor(), over, cells)))).toEqual({
      status: 409,
      code: 'budget_stop',
      errors: [
        {
          field: 'cells.0.amount',
          code: 'exceeds_available',
          params: { available: '50.00', excess: '0.01', itemId: key.itemId },
        },
      ],
    });
    const freed = { override: { reason: 'Emergencia de protección' } };
    expect(await refusal(db().transaction((tx) => commit(tx, actor(), over, cells, freed)))).toMatchObject({
      status: 403,
    });
    const held = actor(['presupuesto', 'asignacion', 'asignacion_liberacion']);
    expect((await db().transaction((tx) => commit(tx, held, over, cells, freed))).outcome).toBe('overridden');
    const events = (
      await db().execute<{ outcome: string; reason: string; amount: string; available: string }>(
        sql`select outcome, reason, amount::text, available::text from budget_control_events where line_id = ${key.lineId}`,
      )
    ).rows;
    expect(events).toEqual([
      { outcome: 'overridden', reason: 'Emergencia de protección', amount: '50.01', available: '50.00' },
    ]);
    expect(await available(key.lineId, key.itemId)).toBe('-0.01');
  });

  it('warns over the available amount and lets it through once confirmed, recorded and audited', async () => {
    const key = await cell('warn');
    const src = source();
    const cells = [{ ...key, amount: '100' }];
    expect(await refusal(db().transaction((tx) => commit(tx, actor(), src, cells)))).toMatchObject({
      status: 409,
      code: 'budget_warning',
      errors: [{ field: 'cells.0.amount', code: 'exceeds_available', params: { available: '80.00', excess: '20.00' } }],
    });
    const done = await db().transaction((tx) => commit(tx, actor(), src, cells, { confirmWarning: true }));
    expect(done.outcome).toBe('warned');
    const audit = await db().execute<{ action: string }>(
      sql`select action from audit_log where entity = 'budget_control' and entity_id = ${key.lineId}`,
    );
    expect(audit.rows).toEqual([{ action: 'warned' }]);
  });

  it('checks the cells of one call together: two draws on one cell add up', async () => {
    const key = await cell('stop');
    const twice = [
      { ...key, amount: '50' },
      { ...key, amount: '40' },
    ];
    expect(await refusal(db().transaction((tx) => commit(tx, actor(), source(), twice)))).toMatchObject({
      code: 'budget_stop',
      errors: [{ params: { available: '80.00', excess: '10.00' } }],
    });
    expect(await available(key.lineId, key.itemId)).toBe('80.00');
  });

  it('draws on a line without an item from its items in proportion to what each has available, to the centavo', async () => {
    const [a, b] = (await cooperatingWith('stop', ['A', 'B'])) as [string, string];
    const lineId = await newLine();
    await assign(lineId, a, 3, '60');
    await assign(lineId, b, 3, '20');
    const src = source();
    // 40 of 80 available: A takes 30, B 10.
    const first = await db().transaction((tx) => commit(tx, actor(), src, [{ lineId, month: 3, amount: '40' }]));
    expect(Object.fromEntries(first.rows.map((r) => [r.itemId, r.amount]))).toEqual({ [a]: '30.00', [b]: '10.00' });
    // A has 30 left and B 10: 0.05 splits 0.0375 / 0.0125, so 0.03 / 0.01 and the remaining centavo to the larger.
    const cents = await db().transaction((tx) => commit(tx, actor(), src, [{ lineId, month: 3, amount: '0.05' }]));
    expect(Object.fromEntries(cents.rows.map((r) => [r.itemId, r.amount]))).toEqual({ [a]: '0.04', [b]: '0.01' });
    // Past the line's available amount (39.95) the excess (8.05) splits by what each item has assigned (60:20):
    // 6.0375 → 6.03 + the centavo left, and 2.0125 → 2.01; both items stop.
    const over = await refusal(
      db().transaction((tx) => commit(tx, actor(), src, [{ lineId, month: 3, amount: '48' }])),
    );
    expect(over).toMatchObject({ status: 409, code: 'budget_stop' });
    expect(Object.fromEntries(over.errors.map((e) => [e.params!.itemId, e.params!.excess]))).toEqual({
      [a]: '6.04',
      [b]: '2.01',
    });
    // Only items with an assignment in that month take part.
    await assign(lineId, b, 4, '10');
    const april = await db().transaction((tx) => commit(tx, actor(), src, [{ lineId, month: 4, amount: '5' }]));
    expect(april.rows).toEqual([{ lineId, itemId: b, month: 4, kind: 'commit', amount: '5.00' }]);
  });

  it('releases at most what the request holds, from the items that hold it', async () => {
    const [a, b] = (await cooperatingWith('stop', ['A', 'B'])) as [string, string];
    const lineId = await newLine();
    await assign(lineId, a, 3, '30');
    await assign(lineId, b, 3, '10');
    const src = source();
    await db().transaction((tx) => commit(tx, actor(), src, [{ lineId, month: 3, amount: '40' }]));
    const tooMuch = await refusal(
      db().transaction((tx) =>
        release(tx, actor(), src, [
          { lineId, month: 3, amount: '30' },
          { lineId, month: 3, amount: '10.01' },
        ]),
      ),
    );
    expect(tooMuch).toEqual({
      status: 409,
      code: 'limit_exceeded',
      errors: [{ field: 'cells.1.amount', code: 'exceeds_commitment', params: { committed: '10.00', excess: '0.01' } }],
    });
    // Another request's commitment is not this one's to release.
    expect(
      await refusal(db().transaction((tx) => release(tx, actor(), source(), [{ lineId, month: 3, amount: '1' }]))),
    ).toMatchObject({ code: 'limit_exceeded' });
    const back = await db().transaction((tx) => release(tx, actor(), src, [{ lineId, month: 3, amount: '20' }]));
    expect(Object.fromEntries(back.rows.map((r) => [r.itemId, r.amount]))).toEqual({ [a]: '-15.00', [b]: '-5.00' });
    expect([await available(lineId, a), await available(lineId, b)]).toEqual(['15.00', '5.00']);
  });

  it('executes what the request committed without drawing again, and draws the rest under the control', async () => {
    const key = await cell('stop');
    const src = source();
    await db().transaction((tx) => commit(tx, actor(), src, [{ ...key, amount: '50' }]));
    expect(await available(key.lineId, key.itemId)).toBe('30.00');
    // A liquidation for 40 of the 50: executed 40, 10 still committed until released.
    const settled = await db().transaction((tx) => execute(tx, actor(), src, [{ ...key, amount: '40' }]));
    expect(settled.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['release', '-40.00'],
      ['execute', '40.00'],
    ]);
    expect(await available(key.lineId, key.itemId)).toBe('30.00');
    // An invoice past the commitment: 10 settle it, 25 are drawn anew and the control stops them (30 available).
    expect(
      await refusal(db().transaction((tx) => execute(tx, actor(), src, [{ ...key, amount: '45.01' }]))),
    ).toMatchObject({ code: 'budget_stop', errors: [{ params: { available: '30.00', excess: '5.01' } }] });
    const more = await db().transaction((tx) => execute(tx, actor(), src, [{ ...key, amount: '35' }]));
    expect(more.rows.map((r) => [r.kind, r.amount])).toEqual([
      ['release', '-10.00'],
      ['execute', '10.00'],
      ['execute', '25.00'],
    ]);
    expect(await available(key.lineId, key.itemId)).toBe('5.00');
    // A reversal gives back at most what the request executed.
    expect(
      await refusal(db().transaction((tx) => execute(tx, actor(), src, [{ ...key, amount: '-75.01' }]))),
    ).toMatchObject({ code: 'limit_exceeded', errors: [{ params: { committed: '75.00', excess: '0.01' } }] });
    await db().transaction((tx) => execute(tx, actor(), src, [{ ...key, amount: '-5' }]));
    expect(await available(key.lineId, key.itemId)).toBe('10.00');
    expect((await rowsOf(src)).length).toBe(7);
  });

  postgresOnly(
    'takes its locks in one order: 20 writers drawing on two lines in opposite orders never deadlock',
    { timeout: 120_000 },
    async () => {
      const [a, b] = (await cooperatingWith('warn', ['A', 'B'])) as [string, string];
      const one = await newLine();
      const two = await newLine();
      await assign(one, a, 3, '100');
      await assign(two, b, 3, '100');
      const cellsOf = (n: number) => {
        const both = [
          { lineId: one, itemId: a, month: 3, amount: '0.01' },
          { lineId: two, itemId: b, month: 3, amount: '0.01' },
        ];
        return n % 2 ? both : both.reverse();
      };
      // Straight transactions, no retry: a deadlock would surface as an error here.
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, n) =>
          db().transaction(async (tx) => {
            await commit(tx, actor(), source(), cellsOf(n));
            await execute(tx, actor(), source(), cellsOf(n + 1));
          }),
        ),
      );
      const failed = results.filter((r) => r.status === 'rejected').map((r) => String(r.reason?.cause ?? r.reason));
      expect(failed).toEqual([]);
      expect([await available(one, a), await available(two, b)]).toEqual(['99.60', '99.60']);
    },
  );

  postgresOnly(
    'locks the cooperatings in one order: 20 writers on different lines paid by the same two funders never deadlock',
    { timeout: 120_000 },
    async () => {
      const [x] = (await cooperatingWith('warn', ['X'])) as [string];
      const [y] = (await cooperatingWith('warn', ['Y'])) as [string];
      const lines = [await newLine(), await newLine()];
      for (const lineId of lines) for (const itemId of [x, y]) await assign(lineId, itemId, 3, '50');
      // Each writer has its own line (no line lock in common) and names the two funders' items in its own order.
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, (_, n) => {
          const cells = [x, y].map((itemId) => ({ lineId: lines[n % 2]!, itemId, month: 3, amount: '0.01' }));
          return db().transaction((tx) =>
            commit(tx, actor(), source(), Math.floor(n / 2) % 2 ? cells : cells.reverse()),
          );
        }),
      );
      const failed = results.filter((r) => r.status === 'rejected').map((r) => String(r.reason?.cause ?? r.reason));
      expect(failed).toEqual([]);
      expect(await available(lines[0]!, x)).toBe('49.90');
    },
  );
});
