import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sumMoney } from '@amparo/shared/money';
import { as, buildTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { postgresOnly } from '../../../test/postgres-only.ts';

/**
 * Issue 13 section 2: cooperating (funders) with a ceiling in Q, their items, goals and append-only
 * transactions. The limits (items ≤ ceiling, item ≥ committed, ceiling ≥ items) hold under concurrent writes.
 */
describe('cooperating, items and transactions (issue 13 section 2)', () => {
  let t: TestApp;
  let adminToken: string;
  let admin: ReturnType<typeof as>;
  const MANAGER = ['configuracion', 'configuracion_cooperantes'];

  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    admin = as(t.app, adminToken);
  });
  afterAll(() => t.close());

  const rows = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
    (await t.database.db.execute<T>(query)).rows;
  const count = async (table: string) =>
    Number((await rows<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n);
  /** Row counts of every table a cooperating write touches, audit included. */
  const snapshot = async () =>
    Object.fromEntries(
      await Promise.all(
        [
          'cooperating',
          'cooperating_items',
          'cooperating_goals',
          'cooperating_transactions',
          'cooperating_disbursements',
          'audit_log',
        ].map(async (n) => [n, await count(n)] as const),
      ),
    );
  const audits = (entity: string, entityId: string) =>
    rows<{ action: string; changes: Record<string, { before: unknown; after: unknown }>; user_id: string }>(
      sql`select action, changes, user_id from audit_log where entity = ${entity} and entity_id = ${entityId} order by id`,
    );

  const uniqueCode = (prefix = 'C') => `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}`;
  const cooperatingBody = (overrides: Record<string, unknown> = {}) => ({
    name: 'Fundación Ejemplo',
    code: uniqueCode(),
    country: 'DE',
    contactName: 'Ana Müller',
    contactEmail: 'ana@example.org',
    contactPhone: '+49 30 1234567',
    startDate: '2026-01-01',
    endDate: '2026-12-31',
    currency: 'EUR',
    ceiling: '1000.00',
    active: true,
    ...overrides,
  });
  type Coop = { id: string; code: string; ceiling: string; itemsTotal: string; available: string; version: number };
  type Item = {
    id: string;
    code: string;
    initialAmount: string;
    sums: string;
    subtractions: string;
    currentAmount: string;
    version: number;
    goals: { start: number; end: number; description: string }[];
  };
  const newCooperating = async (overrides: Record<string, unknown> = {}, client = admin): Promise<Coop> => {
    const res = await client.post('/api/cooperating', cooperatingBody(overrides));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const newItem = async (coopId: string, initialAmount: string, overrides: Record<string, unknown> = {}) => {
    const res = await admin.post(`/api/cooperating/${coopId}/items`, {
      code: uniqueCode('R'),
      name: 'Renglón de prueba',
      initialAmount,
      ...overrides,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Item;
  };
  const move = (coopId: string, itemId: string, type: 'sum' | 'subtraction', amount: string, client = admin) =>
    client.post(`/api/cooperating/${coopId}/items/${itemId}/transactions`, {
      type,
      date: '2026-03-15',
      amount,
      reason: type === 'sum' ? 'Ampliación del convenio' : 'Reducción acordada',
    });
  const getItem = async (coopId: string, itemId: string) =>
    (await admin.get(`/api/cooperating/${coopId}/items/${itemId}`)).json().data as Item;
  const getCoop = async (id: string) => (await admin.get(`/api/cooperating/${id}`)).json().data as Coop;

  it('creates, lists, reads and edits a cooperating, audited; 409 on a stale version or a taken code', async () => {
    const created = await newCooperating({ name: 'Kinderhilfe Lista', code: uniqueCode('KH'), ceiling: '2500.5' });
    expect(created).toMatchObject({ ceiling: '2500.50', itemsTotal: '0.00', available: '2500.50', version: 1 });
    expect((await audits('cooperating', created.id)).map((a) => a.action)).toEqual(['create']);

    const list = await admin.get('/api/cooperating?q=kinderhilfe&active=active');
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.items.map((c: Coop) => c.id)).toEqual([created.id]);
    expect((await admin.get('/api/cooperating?q=kinderhilfe&active=inactive')).json().data.items).toEqual([]);

    const update = await admin.put(`/api/cooperating/${created.id}`, {
      ...cooperatingBody({ name: 'Kinderhilfe e.V.', code: created.code, ceiling: '3000' }),
      version: 1,
    });
    expect(update.statusCode, update.body).toBe(200);
    expect(update.json().data).toMatchObject({ name: 'Kinderhilfe e.V.', ceiling: '3000.00', version: 2 });
    const [, updateAudit] = await audits('cooperating', created.id);
    expect(updateAudit).toMatchObject({
      action: 'update',
      changes: { ceiling: { before: '2500.50', after: '3000.00' }, name: { after: 'Kinderhilfe e.V.' } },
    });

    const before = await snapshot();
    const stale = await admin.put(`/api/cooperating/${created.id}`, { ...cooperatingBody(), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');
    const taken = await admin.post('/api/cooperating', cooperatingBody({ code: created.code.toLowerCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ field: 'code', code: 'duplicate' }]);
    expect(await snapshot()).toEqual(before);
    expect((await admin.get(`/api/cooperating/${unknownId()}`)).statusCode).toBe(404);
  });

  it('bad input answers 400 with field errors and writes nothing', async () => {
    const before = await snapshot();
    const refused = async (body: Record<string, unknown>, field: string, code: string) => {
      const res = await admin.post('/api/cooperating', cooperatingBody(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, code }));
    };
    await refused({ endDate: '2025-12-31' }, 'endDate', 'date_order');
    await refused({ startDate: '1899-12-31' }, 'startDate', 'date_out_of_range');
    await refused({ startDate: '0000-01-01' }, 'startDate', 'date_out_of_range');
    await refused({ startDate: '2026-02-30' }, 'startDate', 'invalid');
    await refused({ ceiling: '10.005' }, 'ceiling', 'max_two_decimals');
    await refused({ ceiling: '-1' }, 'ceiling', 'too_small');
    await refused({ ceiling: 12.5 }, 'ceiling', 'invalid');
    await refused({ currency: 'MXN' }, 'currency', 'invalid');
    await refused({ name: '' }, 'name', 'required');
    await refused({ contactEmail: 'no-es-correo' }, 'contactEmail', 'invalid');
    const coop = await newCooperating();
    const item = await newItem(coop.id, '10');
    const mid = await snapshot();
    const itemRes = await admin.post(`/api/cooperating/${coop.id}/items`, {
      code: 'X',
      name: 'Metas cruzadas',
      initialAmount: '1',
      goals: [
        { start: 1, end: 10, description: 'Primera' },
        { start: 10, end: 12, description: 'Se cruza' },
        { start: 20, end: 15, description: 'Al revés' },
      ],
    });
    expect(itemRes.statusCode).toBe(400);
    expect(itemRes.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'goals.1.start', code: 'goal_overlap', params: { min: 1, max: 10 } },
        { field: 'goals.2.end', code: 'too_small', params: { min: 20 } },
      ]),
    );
    const txRes = await admin.post(`/api/cooperating/${coop.id}/items/${item.id}/transactions`, {
      type: 'sum',
      date: '2026-03-01',
      amount: '0',
      reason: '',
    });
    expect(txRes.statusCode).toBe(400);
    expect(txRes.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'amount', code: 'too_small', params: { min: 0.01 } },
        { field: 'reason', code: 'required' },
      ]),
    );
    // A date outside the agreement period is a field error.
    const outside = await admin.post(`/api/cooperating/${coop.id}/items/${item.id}/transactions`, {
      type: 'sum',
      date: '2027-01-01',
      amount: '1',
      reason: 'Fuera del convenio',
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors).toEqual([
      { field: 'date', code: 'outside_agreement', params: { start: '2026-01-01', end: '2026-12-31' } },
    ]);
    expect(await snapshot()).toEqual(mid);
    expect(mid.cooperating).toBe(before.cooperating! + 1);
  });

  it('items stay within the ceiling; codes are unique within a cooperating; goals are replaced on edit', async () => {
    const coop = await newCooperating({ ceiling: '1000' });
    const a = await newItem(coop.id, '600', {
      code: 'R-1',
      goals: [
        { start: 1, end: 5, description: 'Talleres' },
        { start: 6, end: 6, description: 'Informe' },
      ],
    });
    expect(a).toMatchObject({ initialAmount: '600.00', currentAmount: '600.00', sums: '0.00', subtractions: '0.00' });
    expect(a.goals.map((g) => [g.start, g.end])).toEqual([
      [1, 5],
      [6, 6],
    ]);
    // The same code in another cooperating is fine; in this one it is taken.
    const other = await newCooperating();
    await newItem(other.id, '1', { code: 'r-1' });
    const dup = await admin.post(`/api/cooperating/${coop.id}/items`, {
      code: 'r-1',
      name: 'Otro',
      initialAmount: '1',
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual([{ field: 'code', code: 'duplicate' }]);

    const before = await snapshot();
    const over = await admin.post(`/api/cooperating/${coop.id}/items`, {
      code: 'R-2',
      name: 'Demasiado',
      initialAmount: '400.01',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('limit_exceeded');
    expect(over.json().errors).toEqual([
      {
        field: 'initialAmount',
        code: 'ceiling_exceeded',
        params: { ceiling: '1000.00', available: '400.00', excess: '0.01' },
      },
    ]);
    expect(await snapshot()).toEqual(before);
    const b = await newItem(coop.id, '400', { code: 'R-2' });
    expect((await getCoop(coop.id)).itemsTotal).toBe('1000.00');

    // Editing: raising an item past the ceiling is refused, lowering is fine; goals replaced; stale → 409.
    const raise = await admin.put(`/api/cooperating/${coop.id}/items/${a.id}`, {
      code: 'R-1',
      name: 'Talleres',
      initialAmount: '600.50',
      version: a.version,
    });
    expect(raise.statusCode).toBe(409);
    expect(raise.json().errors[0]).toMatchObject({
      field: 'initialAmount',
      code: 'ceiling_exceeded',
      params: { available: '0.00', excess: '0.50' },
    });
    const edit = await admin.put(`/api/cooperating/${coop.id}/items/${a.id}`, {
      code: 'R-1',
      name: 'Talleres',
      initialAmount: '550',
      goals: [{ start: 1, end: 3, description: 'Tres talleres' }],
      version: a.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ initialAmount: '550.00', currentAmount: '550.00', version: 2 });
    expect(edit.json().data.goals).toEqual([
      expect.objectContaining({ start: 1, end: 3, description: 'Tres talleres' }),
    ]);
    const goalRows = await rows<{ n: number }>(
      sql`select count(*)::int as n from cooperating_goals where item_id = ${a.id}`,
    );
    expect(Number(goalRows[0]!.n)).toBe(1);
    const [, itemAudit] = await audits('cooperating_item', a.id);
    expect(itemAudit!.changes).toMatchObject({
      initialAmount: { before: '600.00', after: '550.00' },
      goals: { after: [{ start: 1, end: 3, description: 'Tres talleres' }] },
    });
    const stale = await admin.put(`/api/cooperating/${coop.id}/items/${a.id}`, {
      code: 'R-1',
      name: 'Viejo',
      initialAmount: '1',
      version: a.version,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('version_conflict');

    const list = await admin.get(`/api/cooperating/${coop.id}/items`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((i: Item) => [i.code, i.currentAmount])).toEqual([
      ['R-1', '550.00'],
      ['R-2', '400.00'],
    ]);
    expect(b.version).toBe(1);
  });

  it('transactions move current amounts (computed from the rows); refused ones say which limit and by how much', async () => {
    const coop = await newCooperating({ ceiling: '1000' });
    const a = await newItem(coop.id, '500');
    const b = await newItem(coop.id, '300');

    const sum = await move(coop.id, a.id, 'sum', '150.25');
    expect(sum.statusCode, sum.body).toBe(200);
    expect(sum.json().data.item).toMatchObject({ sums: '150.25', currentAmount: '650.25' });
    expect(sum.json().data.transaction).toMatchObject({
      type: 'sum',
      amount: '150.25',
      reason: 'Ampliación del convenio',
    });
    const sub = await move(coop.id, a.id, 'subtraction', '50.25');
    expect(sub.statusCode, sub.body).toBe(200);
    expect(await getItem(coop.id, a.id)).toMatchObject({
      initialAmount: '500.00',
      sums: '150.25',
      subtractions: '50.25',
      currentAmount: '600.00',
    });
    expect(await getCoop(coop.id)).toMatchObject({ itemsTotal: '900.00', available: '100.00' });

    const before = await snapshot();
    // A sum past the ceiling: which limit, and by how much.
    const over = await move(coop.id, b.id, 'sum', '100.01');
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('limit_exceeded');
    expect(over.json().errors).toEqual([
      {
        field: 'amount',
        code: 'ceiling_exceeded',
        params: { ceiling: '1000.00', available: '100.00', excess: '0.01' },
      },
    ]);
    // A subtraction below zero (what is committed on the item: 0 today).
    const under = await move(coop.id, b.id, 'subtraction', '300.50');
    expect(under.statusCode).toBe(409);
    expect(under.json().errors).toEqual([
      { field: 'amount', code: 'below_committed', params: { committed: '0.00', excess: '0.50' } },
    ]);
    expect(await snapshot()).toEqual(before);
    // Exactly to the limits is allowed.
    expect((await move(coop.id, b.id, 'sum', '100')).statusCode).toBe(200);
    expect((await move(coop.id, b.id, 'subtraction', '400')).statusCode).toBe(200);
    expect(await getItem(coop.id, b.id)).toMatchObject({ currentAmount: '0.00' });

    // An item's initial amount cannot go below what its subtractions already took.
    const lower = await admin.put(`/api/cooperating/${coop.id}/items/${a.id}`, {
      code: a.code,
      name: 'Menos',
      initialAmount: '40',
      version: a.version,
    });
    expect(lower.statusCode).toBe(200);
    const tooLow = await admin.put(`/api/cooperating/${coop.id}/items/${b.id}`, {
      code: b.code,
      name: 'Menos',
      initialAmount: '299.99',
      version: b.version,
    });
    expect(tooLow.statusCode).toBe(409);
    expect(tooLow.json().errors).toEqual([
      { field: 'initialAmount', code: 'below_committed', params: { committed: '0.00', excess: '0.01' } },
    ]);

    // History, newest first, with its author; the audit names the amounts before and after.
    const history = await admin.get(`/api/cooperating/${coop.id}/items/${a.id}/transactions`);
    expect(history.statusCode).toBe(200);
    const me = (await admin.post('/api/user-check')).json().data.user;
    expect(history.json().data.map((x: { type: string; amount: string }) => [x.type, x.amount])).toEqual([
      ['subtraction', '50.25'],
      ['sum', '150.25'],
    ]);
    expect(history.json().data[0]).toMatchObject({ authorId: me.id, authorName: me.fullName, date: '2026-03-15' });
    const [entry] = await audits('cooperating_transaction', sum.json().data.transaction.id);
    expect(entry).toMatchObject({
      action: 'create',
      user_id: me.id,
      changes: {
        type: { after: 'sum' },
        amount: { after: '150.25' },
        reason: { after: 'Ampliación del convenio' },
        currentAmount: { before: '500.00', after: '650.25' },
      },
    });
  });

  it('the ceiling is never lowered below the items, nor the agreement shortened past its transactions', async () => {
    const coop = await newCooperating({ ceiling: '500' });
    const item = await newItem(coop.id, '300');
    expect((await move(coop.id, item.id, 'sum', '50')).statusCode).toBe(200);
    const body = cooperatingBody({ code: coop.code, ceiling: '349.99' });
    const before = await snapshot();
    const res = await admin.put(`/api/cooperating/${coop.id}`, { ...body, version: coop.version });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'limit_exceeded',
      errors: [{ field: 'ceiling', code: 'ceiling_below_items', params: { itemsTotal: '350.00', excess: '0.01' } }],
    });
    const late = await admin.put(`/api/cooperating/${coop.id}`, {
      ...cooperatingBody({ code: coop.code, startDate: '2026-04-01' }),
      version: coop.version,
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual([
      { field: 'startDate', code: 'transactions_outside', params: { first: '2026-03-15', last: '2026-03-15' } },
    ]);
    expect(await snapshot()).toEqual(before);
    const ok = await admin.put(`/api/cooperating/${coop.id}`, {
      ...cooperatingBody({ code: coop.code, ceiling: '350' }),
      version: coop.version,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ ceiling: '350.00', itemsTotal: '350.00', available: '0.00' });
  });

  it('an item of another cooperating in the URL answers 404 and writes nothing', async () => {
    const mine = await newCooperating();
    const theirs = await newCooperating();
    const item = await newItem(theirs.id, '10');
    const before = await snapshot();
    const base = `/api/cooperating/${mine.id}/items/${item.id}`;
    expect((await admin.get(base)).statusCode).toBe(404);
    expect((await admin.get(`${base}/transactions`)).statusCode).toBe(404);
    expect(
      (await admin.put(base, { code: item.code, name: 'Ajeno', initialAmount: '5', version: item.version })).statusCode,
    ).toBe(404);
    expect((await move(mine.id, item.id, 'sum', '1')).statusCode).toBe(404);
    expect((await admin.get(`/api/cooperating/${unknownId()}/items`)).statusCode).toBe(404);
    expect(
      (await admin.post(`/api/cooperating/${unknownId()}/items`, { code: 'Z', name: 'Nadie', initialAmount: '1' }))
        .statusCode,
    ).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('needs configuracion_cooperantes: 403 without it on every route, writing nothing; 200 with it', async () => {
    const coop = await newCooperating();
    const item = await newItem(coop.id, '10');
    const other = as(
      t.app,
      (await createUser(t.app, adminToken, ['configuracion', 'configuracion_sede'], 'nocoop')).token,
    );
    const before = await snapshot();
    const base = `/api/cooperating/${coop.id}`;
    const calls = [
      other.get('/api/cooperating'),
      other.get(base),
      other.post('/api/cooperating', cooperatingBody()),
      other.put(base, { ...cooperatingBody({ code: coop.code }), version: coop.version }),
      other.get(`${base}/items`),
      other.post(`${base}/items`, { code: 'N', name: 'Nuevo', initialAmount: '1' }),
      other.get(`${base}/items/${item.id}`),
      other.put(`${base}/items/${item.id}`, { code: item.code, name: 'X', initialAmount: '1', version: item.version }),
      other.get(`${base}/items/${item.id}/transactions`),
      move(coop.id, item.id, 'sum', '1', other),
      other.get(`${base}/disbursements`),
      other.post(`${base}/disbursements`, { date: '2026-03-15', amount: '1', exchangeRate: '8.5' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
    expect(await snapshot()).toEqual(before);
    const manager = as(t.app, (await createUser(t.app, adminToken, MANAGER, 'coop')).token);
    expect((await manager.get(base)).statusCode).toBe(200);
    expect((await move(coop.id, item.id, 'sum', '1', manager)).statusCode).toBe(200);
    expect((await manager.get(`${base}/disbursements`)).statusCode).toBe(200);
    expect(
      (await manager.post(`${base}/disbursements`, { date: '2026-03-15', amount: '1', exchangeRate: '8.5' }))
        .statusCode,
    ).toBe(200);
  });

  it('transactions are append-only in the database', async () => {
    const coop = await newCooperating();
    const item = await newItem(coop.id, '10');
    expect((await move(coop.id, item.id, 'sum', '5')).statusCode).toBe(200);
    for (const statement of [
      `update cooperating_transactions set amount = 1 where item_id = '${item.id}'`,
      `delete from cooperating_transactions where item_id = '${item.id}'`,
      'truncate cooperating_transactions',
    ]) {
      const outcome = await t.database.db.execute(sql.raw(statement)).then(
        () => 'applied',
        (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
      );
      expect(outcome, statement).toMatch(/append-only/);
    }
    expect((await getItem(coop.id, item.id)).currentAmount).toBe('15.00');
  });

  postgresOnly('20 parallel sums with room for exactly 10: exactly 10 succeed and the totals add up', async () => {
    // Ceiling 1000, items 600 + 300: room for ten sums of Q 10.
    const coop = await newCooperating({ ceiling: '1000' });
    const items = [await newItem(coop.id, '600'), await newItem(coop.id, '300')];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => move(coop.id, items[i % 2]!.id, 'sum', '10.00')),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    for (const refused of results.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors[0]).toMatchObject({ field: 'amount', code: 'ceiling_exceeded' });
    }
    // Recomputed from the rows: initial amounts plus the recorded sums.
    const recorded = await rows<{ amount: string }>(
      sql`select amount from cooperating_transactions where cooperating_id = ${coop.id}`,
    );
    expect(recorded).toHaveLength(10);
    const initial = await rows<{ initial_amount: string }>(
      sql`select initial_amount from cooperating_items where cooperating_id = ${coop.id}`,
    );
    const total = sumMoney([...initial.map((r) => r.initial_amount), ...recorded.map((r) => r.amount)]);
    expect(total.toFixed(2)).toBe('1000.00');
    expect((await getCoop(coop.id)).itemsTotal).toBe('1000.00');
    const [a, b] = await Promise.all(items.map((i) => getItem(coop.id, i.id)));
    expect(sumMoney([a!.currentAmount, b!.currentAmount]).toFixed(2)).toBe('1000.00');
    expect(
      Number(
        (
          await rows<{ n: number }>(
            sql`select count(*)::int as n from audit_log where entity = 'cooperating_transaction' and entity_id in (select id::text from cooperating_transactions where cooperating_id = ${coop.id})`,
          )
        )[0]!.n,
      ),
    ).toBe(10);
  });

  // ------------------------------------------------------------ disbursements in the agreement's currency

  type Totals = {
    currency: string;
    count: number;
    amount: string;
    amountQuetzales: string;
    averageRate: string | null;
    agreedAmount: string | null;
    pendingAmount: string | null;
  };
  const disburse = (coopId: string, body: Record<string, unknown>, client = admin) =>
    client.post(`/api/cooperating/${coopId}/disbursements`, {
      date: '2026-03-15',
      rateSource: 'Banguat',
      ...body,
    });
  const disbursements = async (coopId: string) =>
    (await admin.get(`/api/cooperating/${coopId}/disbursements`)).json().data as {
      items: { amount: string; exchangeRate: string; amountQuetzales: string; date: string }[];
      totals: Totals;
    };

  it('a USD agreement receives a disbursement at its rate and reports in both currencies, audited', async () => {
    const coop = await newCooperating({ currency: 'USD', ceiling: '800000', agreedAmount: '100000' });
    expect(coop).toMatchObject({
      agreedAmount: '100000.00',
      receivedAmount: '0.00',
      receivedQuetzales: '0.00',
      pendingAmount: '100000.00',
    });
    const res = await disburse(coop.id, {
      amount: '40000',
      exchangeRate: '7.7',
      reference: 'Transferencia 4471',
      date: '2026-02-10',
    });
    expect(res.statusCode, res.body).toBe(200);
    const me = (await admin.post('/api/user-check')).json().data.user;
    expect(res.json().data.disbursement).toMatchObject({
      cooperatingId: coop.id,
      currency: 'USD',
      date: '2026-02-10',
      amount: '40000.00',
      exchangeRate: '7.700000',
      amountQuetzales: '308000.00',
      rateSource: 'Banguat',
      reference: 'Transferencia 4471',
      authorId: me.id,
      authorName: me.fullName,
    });
    expect(res.json().data.totals).toEqual({
      currency: 'USD',
      count: 1,
      amount: '40000.00',
      amountQuetzales: '308000.00',
      averageRate: '7.700000',
      agreedAmount: '100000.00',
      pendingAmount: '60000.00',
    });
    expect(await getCoop(coop.id)).toMatchObject({
      agreedAmount: '100000.00',
      receivedAmount: '40000.00',
      receivedQuetzales: '308000.00',
      pendingAmount: '60000.00',
      // The ceiling and the items stay in Q, apart from what was received.
      ceiling: '800000.00',
      itemsTotal: '0.00',
    });
    const list = await admin.get(`/api/cooperating?q=${coop.code}`);
    expect(list.json().data.items[0]).toMatchObject({ receivedAmount: '40000.00', receivedQuetzales: '308000.00' });
    const [entry] = await audits('cooperating_disbursement', res.json().data.disbursement.id);
    expect(entry).toMatchObject({
      action: 'create',
      user_id: me.id,
      changes: {
        cooperatingId: { after: coop.id },
        amount: { after: '40000.00' },
        exchangeRate: { after: '7.700000' },
        amountQuetzales: { after: '308000.00' },
        receivedAmount: { before: '0.00', after: '40000.00' },
        receivedQuetzales: { before: '0.00', after: '308000.00' },
      },
    });
    // The agreed amount is audited with the cooperating.
    const edit = await admin.put(`/api/cooperating/${coop.id}`, {
      ...cooperatingBody({ code: coop.code, currency: 'USD', ceiling: '800000', agreedAmount: '120000' }),
      version: coop.version,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ agreedAmount: '120000.00', pendingAmount: '80000.00' });
    const [, update] = await audits('cooperating', coop.id);
    expect(update!.changes).toMatchObject({ agreedAmount: { before: '100000.00', after: '120000.00' } });
  });

  it('converts each disbursement once, half-up to the centavo, where floats round the wrong way; totals add the rows', async () => {
    const coop = await newCooperating({ currency: 'EUR' });
    // [amount, rate, Q]: the exact product rounded half-up (float products give 513.55, 33.49, 1264.72, 76.61).
    const cases: [string, string, string][] = [
      ['67.00', '7.665', '513.56'],
      ['4.35', '7.7', '33.50'],
      ['165.00', '7.665', '1264.73'],
      ['9.95', '7.7', '76.62'],
      ['1.00', '7.125', '7.13'],
      ['1.00', '7.124999', '7.12'],
      ['0.01', '0.5', '0.01'],
      ['12345.67', '7.123455', '87943.82'],
    ];
    for (const [amount, exchangeRate, q] of cases) {
      const res = await disburse(coop.id, { amount, exchangeRate });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.disbursement.amountQuetzales, `${amount} × ${exchangeRate}`).toBe(q);
    }
    // Stored as computed; PostgreSQL's own round() agrees (the table checks it too).
    const stored = await rows<{ amount_quetzales: string; sql_round: string }>(
      sql`select amount_quetzales::text, round(amount * exchange_rate, 2)::text as sql_round
          from cooperating_disbursements where cooperating_id = ${coop.id} order by created_at`,
    );
    expect(stored.map((r) => r.amount_quetzales)).toEqual(cases.map((c) => c[2]));
    expect(stored.map((r) => r.sql_round)).toEqual(cases.map((c) => c[2]));
    // Totals: the sums of the rows; the average rate is Q received over units received (not a mean of rates).
    const { items, totals } = await disbursements(coop.id);
    expect(items).toHaveLength(cases.length);
    expect(totals).toEqual({
      currency: 'EUR',
      count: 8,
      amount: '12593.98',
      amountQuetzales: '89846.49',
      averageRate: '7.134082', // 89,846.49 ÷ 12,593.98 = 7.13408231…
      agreedAmount: null,
      pendingAmount: null,
    });
    expect(sumMoney(cases.map((c) => c[0])).toFixed(2)).toBe('12593.98');
    expect(sumMoney(cases.map((c) => c[2])).toFixed(2)).toBe('89846.49');
    expect(await getCoop(coop.id)).toMatchObject({ receivedAmount: '12593.98', receivedQuetzales: '89846.49' });
  });

  it('lists disbursements newest first; a GTQ agreement records them at rate 1, in quetzales', async () => {
    const coop = await newCooperating({ currency: 'GTQ' });
    expect((await disburse(coop.id, { amount: '1500.50', exchangeRate: '1', date: '2026-01-20' })).statusCode).toBe(
      200,
    );
    expect((await disburse(coop.id, { amount: '250', exchangeRate: '1.000000', date: '2026-04-02' })).statusCode).toBe(
      200,
    );
    const { items, totals } = await disbursements(coop.id);
    expect(items.map((d) => [d.date, d.amount, d.exchangeRate, d.amountQuetzales])).toEqual([
      ['2026-04-02', '250.00', '1.000000', '250.00'],
      ['2026-01-20', '1500.50', '1.000000', '1500.50'],
    ]);
    expect(totals).toMatchObject({
      currency: 'GTQ',
      amount: '1750.50',
      amountQuetzales: '1750.50',
      averageRate: '1.000000',
    });
    expect((await disbursements((await newCooperating()).id)).totals).toMatchObject({
      count: 0,
      amount: '0.00',
      amountQuetzales: '0.00',
      averageRate: null,
    });
  });

  it('refuses a bad disbursement with the field and the reason, writing nothing', async () => {
    const usd = await newCooperating({ currency: 'USD', agreedAmount: '1000' });
    const gtq = await newCooperating({ currency: 'GTQ' });
    const inactive = await newCooperating({ currency: 'USD', active: false });
    expect((await disburse(usd.id, { amount: '600', exchangeRate: '7.8' })).statusCode).toBe(200);
    const before = await snapshot();
    const refused = async (coopId: string, body: Record<string, unknown>, status: number, errors: unknown[]) => {
      const res = await disburse(coopId, { amount: '10', exchangeRate: '7.8', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().errors, JSON.stringify(body)).toEqual(errors);
      return res;
    };
    await refused(usd.id, { amount: '0' }, 400, [{ field: 'amount', code: 'too_small', params: { min: 0.01 } }]);
    await refused(usd.id, { amount: '-5' }, 400, [{ field: 'amount', code: 'too_small', params: { min: 0.01 } }]);
    await refused(usd.id, { amount: '100.005' }, 400, [{ field: 'amount', code: 'max_two_decimals' }]);
    await refused(usd.id, { amount: 10.5 }, 400, [{ field: 'amount', code: 'invalid' }]);
    await refused(usd.id, { exchangeRate: '0' }, 400, [
      { field: 'exchangeRate', code: 'too_small', params: { min: 0.000001 } },
    ]);
    await refused(usd.id, { exchangeRate: '7.7654321' }, 400, [{ field: 'exchangeRate', code: 'max_six_decimals' }]);
    await refused(usd.id, { exchangeRate: '' }, 400, [{ field: 'exchangeRate', code: 'required' }]);
    await refused(usd.id, { exchangeRate: '7,8' }, 400, [{ field: 'exchangeRate', code: 'not_a_number' }]);
    await refused(usd.id, { date: '2025-12-31' }, 400, [
      { field: 'date', code: 'outside_agreement', params: { start: '2026-01-01', end: '2026-12-31' } },
    ]);
    await refused(gtq.id, { exchangeRate: '7.8' }, 400, [{ field: 'exchangeRate', code: 'rate_must_be_one' }]);
    // Its value in Q would not fit numeric(14,2).
    await refused(usd.id, { amount: '999999999999.99', exchangeRate: '2' }, 400, [
      { field: 'amount', code: 'too_big', params: { max: '499999999999.99' } },
    ]);
    // USD 600 of 1,000 received: USD 400.01 more passes the agreed amount by a cent.
    const over = await refused(usd.id, { amount: '400.01' }, 409, [
      {
        field: 'amount',
        code: 'agreed_exceeded',
        params: { currency: 'USD', agreed: '1000.00', available: '400.00', excess: '0.01' },
      },
    ]);
    expect(over.json().code).toBe('limit_exceeded');
    const asleep = await disburse(inactive.id, { amount: '10', exchangeRate: '7.8' });
    expect(asleep.statusCode).toBe(409);
    expect(asleep.json().code).toBe('cooperating_inactive');
    expect((await disburse(unknownId(), { amount: '10', exchangeRate: '7.8' })).statusCode).toBe(404);
    expect((await admin.get(`/api/cooperating/${unknownId()}/disbursements`)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
    // Exactly up to the agreed amount is allowed.
    const last = await disburse(usd.id, { amount: '400', exchangeRate: '7.75' });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json().data.totals).toMatchObject({ amount: '1000.00', pendingAmount: '0.00' });
  });

  it('an agreement with disbursements keeps its currency, its period around them and its agreed amount above them', async () => {
    // An agreed amount is for USD and EUR agreements only.
    const gtq = await admin.post('/api/cooperating', cooperatingBody({ currency: 'GTQ', agreedAmount: '100' }));
    expect(gtq.statusCode).toBe(400);
    expect(gtq.json().errors).toEqual([{ field: 'agreedAmount', code: 'foreign_currency_only' }]);
    const zero = await admin.post('/api/cooperating', cooperatingBody({ currency: 'USD', agreedAmount: '0' }));
    expect(zero.json().errors).toEqual([{ field: 'agreedAmount', code: 'too_small', params: { min: 0.01 } }]);

    const coop = await newCooperating({ currency: 'USD', agreedAmount: '5000' });
    expect((await disburse(coop.id, { amount: '3000', exchangeRate: '7.7', date: '2026-02-01' })).statusCode).toBe(200);
    expect((await disburse(coop.id, { amount: '500', exchangeRate: '7.72', date: '2026-06-30' })).statusCode).toBe(200);
    const put = (overrides: Record<string, unknown>) =>
      admin.put(`/api/cooperating/${coop.id}`, {
        ...cooperatingBody({ code: coop.code, currency: 'USD', agreedAmount: '5000', ...overrides }),
        version: coop.version,
      });
    const before = await snapshot();
    const currency = await put({ currency: 'EUR' });
    expect(currency.statusCode).toBe(400);
    expect(currency.json().errors).toEqual([
      { field: 'currency', code: 'disbursements_recorded', params: { count: 2 } },
    ]);
    const toGtq = await put({ currency: 'GTQ', agreedAmount: null });
    expect(toGtq.json().errors).toEqual([{ field: 'currency', code: 'disbursements_recorded', params: { count: 2 } }]);
    const late = await put({ startDate: '2026-02-02' });
    expect(late.statusCode).toBe(400);
    expect(late.json().errors).toEqual([
      { field: 'startDate', code: 'disbursements_outside', params: { first: '2026-02-01', last: '2026-06-30' } },
    ]);
    const early = await put({ endDate: '2026-06-29' });
    expect(early.json().errors).toEqual([
      { field: 'endDate', code: 'disbursements_outside', params: { first: '2026-02-01', last: '2026-06-30' } },
    ]);
    const lower = await put({ agreedAmount: '3499.99' });
    expect(lower.statusCode).toBe(409);
    expect(lower.json()).toMatchObject({
      code: 'limit_exceeded',
      errors: [
        {
          field: 'agreedAmount',
          code: 'agreed_below_received',
          params: { currency: 'USD', received: '3500.00', excess: '0.01' },
        },
      ],
    });
    expect(await snapshot()).toEqual(before);
    // Down to what was received, and then no agreed amount at all (no limit), are fine.
    const exact = await put({ agreedAmount: '3500', startDate: '2026-02-01', endDate: '2026-06-30' });
    expect(exact.statusCode, exact.body).toBe(200);
    expect(exact.json().data).toMatchObject({ agreedAmount: '3500.00', pendingAmount: '0.00' });
    const none = await admin.put(`/api/cooperating/${coop.id}`, {
      ...cooperatingBody({ code: coop.code, currency: 'USD', agreedAmount: '' }),
      version: exact.json().data.version,
    });
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data).toMatchObject({ agreedAmount: null, pendingAmount: null, receivedAmount: '3500.00' });
    // The database keeps the currency too: the disbursements' (cooperating, currency) foreign key.
    const forced = await t.database.db.execute(sql`update cooperating set currency = 'EUR' where id = ${coop.id}`).then(
      () => 'applied',
      (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code,
    );
    expect(forced).toBe('23503');
  });

  it('disbursements are append-only in the database, and their value in Q must be the rounded product', async () => {
    const coop = await newCooperating({ currency: 'USD' });
    expect((await disburse(coop.id, { amount: '100', exchangeRate: '7.7' })).statusCode).toBe(200);
    for (const statement of [
      `update cooperating_disbursements set amount_quetzales = 1 where cooperating_id = '${coop.id}'`,
      `delete from cooperating_disbursements where cooperating_id = '${coop.id}'`,
      'truncate cooperating_disbursements',
    ]) {
      const outcome = await t.database.db.execute(sql.raw(statement)).then(
        () => 'applied',
        (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
      );
      expect(outcome, statement).toMatch(/append-only/);
    }
    const [me] = await rows<{ id: string }>(sql`select id from users where username = 'admin'`);
    const floatRounded = await t.database.db
      .execute(
        sql`insert into cooperating_disbursements (cooperating_id, currency, date, amount, exchange_rate, amount_quetzales, author_id)
            values (${coop.id}, 'USD', '2026-03-15', 67.00, 7.665, 513.55, ${me!.id})`,
      )
      .then(
        () => 'applied',
        (e: { cause?: { message?: string }; message: string }) => e.cause?.message ?? e.message,
      );
    expect(floatRounded).toMatch(/cooperating_disbursements_quetzales_check/);
    expect((await disbursements(coop.id)).totals).toMatchObject({ count: 1, amountQuetzales: '770.00' });
  });

  postgresOnly(
    '20 parallel disbursements with room for exactly 10 under the agreed amount: exactly 10 succeed',
    async () => {
      const coop = await newCooperating({ currency: 'USD', agreedAmount: '100' });
      const results = await Promise.all(
        Array.from({ length: 20 }, (_, i) => disburse(coop.id, { amount: '10.00', exchangeRate: `7.7${i}` })),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(10);
      for (const refused of results.filter((r) => r.statusCode !== 200)) {
        expect(refused.statusCode).toBe(409);
        expect(refused.json().errors[0]).toMatchObject({ field: 'amount', code: 'agreed_exceeded' });
      }
      const { items, totals } = await disbursements(coop.id);
      expect(items).toHaveLength(10);
      expect(totals.amount).toBe('100.00');
      expect(totals.amountQuetzales).toBe(sumMoney(items.map((d) => d.amountQuetzales)).toFixed(2));
      expect(totals.pendingAmount).toBe('0.00');
    },
  );
});

/** A well-formed id no record has. */
function unknownId() {
  return '00000000-0000-4000-8000-' + randomBytes(6).toString('hex');
}
