import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, planningBody, type TestApp } from '../../../../test/helpers.ts';
import { postgresOnly } from '../../../../test/postgres-only.ts';

/**
 * Issue 13 section 4: assignment of planning lines to cooperating items. The limits per month (≤ planned) and
 * per item (≤ its current amount) hold under concurrent writes; every figure is recomputed from the ledger;
 * decreases, copies and transfers keep the old figures; refused writes change nothing.
 */
describe('assignment of planning lines to cooperating items', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    admin = as(t.app, adminToken);
  });
  afterAll(() => t.close());

  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await t.database.db.execute<T>(query)).rows;
  const ledgerCount = async () =>
    Number((await rows<{ n: number }>(sql`select count(*)::int as n from budget_assignments`))[0]!.n);

  /** A cooperating (agreement over 2027 unless told) with items of the given initial amounts (Q). */
  async function funder(amounts: string[], overrides: Record<string, unknown> = {}) {
    const res = await admin.post('/api/cooperating', {
      name: 'Fundación Ejemplo',
      code: `F-${randomBytes(3).toString('hex').toUpperCase()}`,
      country: 'DE',
      startDate: '2027-01-01',
      endDate: '2027-12-31',
      currency: 'GTQ',
      ceiling: '1000000.00',
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(200);
    const coop = res.json().data as { id: string; version: number };
    const items: string[] = [];
    for (const [i, initialAmount] of amounts.entries()) {
      const item = await admin.post(`/api/cooperating/${coop.id}/items`, {
        code: `R${i}`,
        name: `Rubro ${i}`,
        initialAmount,
      });
      expect(item.statusCode, item.body).toBe(200);
      items.push(item.json().data.id);
    }
    return { coop, items };
  }
  /** A planning line of 2027 with the given amount (Q) in every month. */
  async function line(amount = '100.00', overrides: Record<string, unknown> = {}) {
    const body = await planningBody(admin, {
      months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1', amount })),
      ...overrides,
    });
    const res = await admin.post('/api/budget/planning', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string; version: number } & typeof body;
  }
  const assign = (lineId: string, itemId: string, months: { month: number; amount: string }[], type = 'increase') =>
    admin.post(`/api/budget/assignment/${lineId}/transaction/${itemId}`, { type, reason: 'Convenio 2027', months });
  const overview = async (lineId: string) => {
    const res = await admin.get(`/api/budget/assignment/${lineId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  it("splits a line's months across two items and shows planned, assigned and available", async () => {
    const { items } = await funder(['1000.00', '500.00']);
    const l = await line('100.00');
    expect(
      (
        await assign(l.id, items[0]!, [
          { month: 1, amount: '60.10' },
          { month: 2, amount: '100' },
        ])
      ).statusCode,
    ).toBe(200);
    const res = await assign(l.id, items[1]!, [{ month: 1, amount: '39.90' }]);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view.months[0]).toMatchObject({
      month: 1,
      planned: '100.00',
      assigned: '100.00',
      unassigned: '0.00',
      available: '100.00',
    });
    expect(view.months[1]).toMatchObject({ planned: '100.00', assigned: '100.00' });
    expect(view.months[2]).toMatchObject({ planned: '100.00', assigned: '0.00', unassigned: '100.00' });
    expect(view.total).toMatchObject({ planned: '1200.00', assigned: '200.00', unassigned: '1000.00' });
    expect(
      view.items.map((i: { itemId: string; total: { assigned: string } }) => [i.itemId, i.total.assigned]),
    ).toEqual([
      [items[0], '160.10'],
      [items[1], '39.90'],
    ]);
    expect(view.items[0]).toMatchObject({ itemAmount: '1000.00', itemAssigned: '160.10', itemUnassigned: '839.90' });
    const { coop } = await funder([]);
    const byFunder = async (cooperatingId: string) =>
      (await admin.get(`/api/budget/planning?cooperatingId=${cooperatingId}&pageSize=100`))
        .json()
        .data.items.map((i: { id: string }) => i.id);
    const first = (
      await rows<{ cooperating_id: string }>(sql`select cooperating_id from cooperating_items where id = ${items[0]!}`)
    )[0]!;
    expect(await byFunder(first.cooperating_id)).toEqual([l.id]);
    expect(await byFunder(coop.id)).toEqual([]);
    // The list's filter offers the cooperating through the generic catalog call.
    const options = (await admin.post('/api/catalog/cooperating', { lang: 'es', includeInactive: true })).json().data;
    expect(options.map((o: { value: string }) => o.value)).toEqual(
      expect.arrayContaining([coop.id, first.cooperating_id]),
    );
    const audit = await rows<{ action: string }>(
      sql`select action from audit_log where entity = 'budget_assignment' and entity_id = ${l.id}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['increase', 'increase']);
  });

  it('refuses past the month planned amount and the item amount, saying by how much, writing nothing', async () => {
    const { items } = await funder(['150.00', '1000.00']);
    const l = await line('100.00');
    expect((await assign(l.id, items[1]!, [{ month: 3, amount: '70' }])).statusCode).toBe(200);
    const before = await ledgerCount();
    const month = await assign(l.id, items[0]!, [{ month: 3, amount: '30.01' }]);
    expect(month.statusCode).toBe(409);
    expect(month.json()).toMatchObject({
      code: 'limit_exceeded',
      errors: [
        {
          field: 'months.0.amount',
          code: 'month_exceeded',
          params: { planned: '100.00', assigned: '70.00', available: '30.00', excess: '0.01' },
        },
      ],
    });
    const item = await assign(l.id, items[0]!, [
      { month: 1, amount: '100' },
      { month: 2, amount: '50.50' },
    ]);
    expect(item.statusCode).toBe(409);
    expect(item.json().errors).toEqual([
      {
        field: 'months',
        code: 'item_exceeded',
        params: { itemAmount: '150.00', assigned: '0.00', available: '150.00', excess: '0.50' },
      },
    ]);
    expect(await ledgerCount()).toBe(before);
  });

  it('decreases never below zero nor below what requests committed and executed; the record keeps every row', async () => {
    const { items } = await funder(['1000.00']);
    const l = await line('100.00');
    await assign(l.id, items[0]!, [{ month: 4, amount: '80' }]);
    const tooMuch = await assign(l.id, items[0]!, [{ month: 4, amount: '80.01' }], 'decrease');
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errors[0]).toMatchObject({
      code: 'below_assigned',
      params: { assigned: '80.00', excess: '0.01' },
    });
    // A request committed Q 50 of the cell (the execution issue writes these rows through control.ts).
    const adminId = (await admin.post('/api/user-check', {})).json().data.user.id;
    await t.database.db
      .execute(sql`insert into budget_commitments (line_id, item_id, cooperating_id, month, kind, amount, source_type, source_id, author_id)
      select ${l.id}, id, cooperating_id, 4, 'commit', 50, 'expense_request', ${randomUUID()}, ${adminId} from cooperating_items where id = ${items[0]!}`);
    const belowCommitted = await assign(l.id, items[0]!, [{ month: 4, amount: '30.01' }], 'decrease');
    expect(belowCommitted.json().errors[0]).toMatchObject({
      code: 'below_committed',
      params: { committed: '50.00', excess: '0.01' },
    });
    const ok = await assign(l.id, items[0]!, [{ month: 4, amount: '30' }], 'decrease');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.months[3]).toMatchObject({ assigned: '50.00', committed: '50.00', available: '0.00' });
    const record = await admin.get(`/api/budget/assignment/${l.id}/record/${items[0]}`);
    expect(record.json().data.map((r: { kind: string; amount: string }) => [r.kind, r.amount])).toEqual([
      ['increase', '80.00'],
      ['decrease', '-30.00'],
    ]);
    expect(record.json().data[0].authorName).toBeTruthy();
  });

  it("keeps the cooperating's item from falling below what is assigned of it", async () => {
    const { coop, items } = await funder(['300.00']);
    const l = await line('100.00');
    await assign(l.id, items[0]!, [
      { month: 1, amount: '100' },
      { month: 2, amount: '100' },
    ]);
    const cut = await admin.post(`/api/cooperating/${coop.id}/items/${items[0]}/transactions`, {
      type: 'subtraction',
      date: '2027-03-01',
      amount: '100.01',
      reason: 'Recorte del convenio',
    });
    expect(cut.statusCode).toBe(409);
    expect(cut.json().errors[0]).toMatchObject({
      code: 'below_committed',
      params: { committed: '200.00', excess: '0.01' },
    });
  });

  it('keeps a planned month from falling below what is assigned, and an assigned line from being deleted', async () => {
    const { items } = await funder(['1000.00']);
    const l = await line('100.00');
    await assign(l.id, items[0]!, [{ month: 6, amount: '90' }]);
    const {
      id,
      version,
      responsibleName: _r,
      plannerName: _p,
      headquarterName: _h,
      ...rest
    } = (await admin.get(`/api/budget/planning/${l.id}`)).json().data;
    const body = {
      ...rest,
      version,
      months: rest.months.map((m: { month: number; goal: string; amount: string }) =>
        m.month === 6 ? { ...m, amount: '89.99' } : m,
      ),
    };
    for (const k of ['totalAmount', 'totalGoal']) delete (body as Record<string, unknown>)[k];
    const res = await admin.put(`/api/budget/planning/${id}`, body);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().errors).toEqual([
      { field: 'months.5.amount', code: 'below_assigned', params: { assigned: '90.00', excess: '0.01' } },
    ]);
    expect((await admin.delete(`/api/budget/planning/${l.id}`)).json()).toMatchObject({ code: 'in_use' });
  });

  it('refuses months outside the agreement, a deactivated cooperating, and bad input', async () => {
    const { coop, items } = await funder(['1000.00'], { startDate: '2027-03-15', endDate: '2027-10-01' });
    const l = await line('100.00');
    const outside = await assign(l.id, items[0]!, [
      { month: 3, amount: '1' },
      { month: 11, amount: '1' },
    ]);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual([
      { field: 'months.1.month', code: 'outside_agreement', params: { start: '2027-03-15', end: '2027-10-01' } },
    ]);
    for (const [months, code] of [
      [[{ month: 13, amount: '1' }], 'invalid'],
      [[{ month: 1, amount: '-1' }], 'too_small'],
      [[{ month: 1, amount: '1.001' }], 'max_two_decimals'],
      [[{ month: 1, amount: 'abc' }], 'not_a_number'],
      [
        [
          { month: 1, amount: '1' },
          { month: 1, amount: '2' },
        ],
        'invalid',
      ],
    ] as const) {
      const res = await assign(l.id, items[0]!, months as never);
      expect(res.statusCode, JSON.stringify(months)).toBe(400);
      expect(res.json().errors[0].code).toBe(code);
    }
    expect((await assign(randomUUID(), items[0]!, [{ month: 4, amount: '1' }])).statusCode).toBe(404);
    expect((await assign(l.id, randomUUID(), [{ month: 4, amount: '1' }])).statusCode).toBe(404);
    const c = (await admin.get(`/api/cooperating/${coop.id}`)).json().data;
    const { id: _i, itemsTotal: _t, available: _a, itemCount: _n, ...coopBody } = c;
    expect((await admin.put(`/api/cooperating/${coop.id}`, { ...coopBody, active: false })).statusCode).toBe(200);
    expect((await assign(l.id, items[0]!, [{ month: 4, amount: '1' }])).json()).toMatchObject({
      code: 'cooperating_inactive',
    });
  });

  it('copies an item’s months to another item and transfers between months and lines, keeping the ledger', async () => {
    const { items } = await funder(['1000.00', '1000.00']);
    const a = await line('100.00');
    const b = await line('100.00');
    await assign(a.id, items[0]!, [
      { month: 1, amount: '40' },
      { month: 2, amount: '30' },
    ]);
    const copied = await admin.post(`/api/budget/assignment/${a.id}/copy/${items[0]}`, {
      targetItemId: items[1],
      fromMonth: 1,
      toMonth: 3,
      targetFromMonth: 5,
      reason: 'Mismo reparto en el segundo convenio',
    });
    expect(copied.statusCode, copied.body).toBe(200);
    const second = copied.json().data.items.find((i: { itemId: string }) => i.itemId === items[1]);
    expect(second.months.slice(4, 7).map((m: { assigned: string }) => m.assigned)).toEqual(['40.00', '30.00', '0.00']);

    const moved = await admin.post(`/api/budget/assignment/${a.id}/transfer/${items[0]}`, {
      fromMonth: 1,
      toLineId: b.id,
      toMonth: 12,
      amount: '15.50',
      reason: 'Reprogramación',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.months[0].assigned).toBe('24.50');
    expect((await overview(b.id)).months[11].assigned).toBe('15.50');
    const doc = await rows<{ n: number }>(
      sql`select count(*)::int as n from budget_transfers where from_line_id = ${a.id}`,
    );
    expect(doc[0]!.n).toBe(1);
    const over = await admin.post(`/api/budget/assignment/${a.id}/transfer/${items[0]}`, {
      fromMonth: 2,
      toMonth: 2,
      amount: '1',
      reason: 'x',
    });
    expect(over.json().errors[0]).toMatchObject({ field: 'toMonth', code: 'invalid' });
    const other = await line('100.00', { year: 2028 });
    const otherYear = await admin.post(`/api/budget/assignment/${a.id}/transfer/${items[0]}`, {
      fromMonth: 2,
      toLineId: other.id,
      toMonth: 2,
      amount: '1',
      reason: 'x',
    });
    expect(otherYear.json().errors[0]).toMatchObject({ field: 'toLineId', code: 'other_year' });
  });

  postgresOnly(
    'lets exactly 10 of 20 parallel assignments through an item with room for 10, and every total matches the ledger',
    async () => {
      const { items } = await funder(['1000.00']);
      const lines = [await line('500.00'), await line('500.00')];
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          assign(lines[i % 2]!.id, items[0]!, [{ month: (i % 12) + 1, amount: '100' }]),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes.filter((c) => c === 200)).toHaveLength(10);
      expect(codes.filter((c) => c === 409)).toHaveLength(10);
      for (const r of results.filter((x) => x.statusCode === 409))
        expect(r.json().errors[0]).toMatchObject({ code: 'item_exceeded' });
      // Recompute from the ledger: per line and month, and the item's total.
      const ledger = await rows<{ line_id: string; month: number; total: string }>(
        sql`select line_id, month, sum(amount)::text as total from budget_assignments where item_id = ${items[0]!} group by line_id, month`,
      );
      let sum = 0n;
      for (const l of lines) {
        const view = await overview(l.id);
        expect(view.items[0]?.itemAssigned ?? '1000.00').toBe('1000.00');
        for (const m of view.months) {
          const row = ledger.find((r) => r.line_id === l.id && Number(r.month) === m.month);
          expect(m.assigned).toBe(row ? Number(row.total).toFixed(2) : '0.00');
          sum += BigInt(m.assigned.replace('.', ''));
        }
      }
      expect(sum).toBe(100000n);
    },
  );

  it('answers each endpoint only to its key', async () => {
    const { items } = await funder(['1000.00']);
    const l = await line('100.00');
    await assign(l.id, items[0]!, [{ month: 1, amount: '10' }]);
    const only = async (keys: string[]) => as(t.app, (await createUser(t.app, adminToken, keys, 'asig')).token);
    const viewer = await only(['presupuesto', 'asignacion']);
    expect((await viewer.get(`/api/budget/assignment/${l.id}`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/budget/assignment/${l.id}/record/${items[0]}`)).statusCode).toBe(403);
    expect(
      (
        await viewer.post(`/api/budget/assignment/${l.id}/transaction/${items[0]}`, {
          type: 'increase',
          reason: 'x',
          months: [{ month: 1, amount: '1' }],
        })
      ).statusCode,
    ).toBe(403);
    const historian = await only(['presupuesto', 'asignacion', 'asignacion_historial']);
    expect((await historian.get(`/api/budget/assignment/${l.id}/record/${items[0]}`)).statusCode).toBe(200);
  });
});
