import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseRequest, RequestSummary } from '@amparo/shared/modules/execution.schema';
import { as, buildTestApp, createUser, login, planningBody, type TestApp } from '../../../test/helpers.ts';
import { postgresOnly } from '../../../test/postgres-only.ts';
import { cellChanges } from './requests.budget.ts';

/** Valid NITs (SAT modulo-11) of this file's providers. */
const NITS = ['76543234', '76543242', '76543250'];

/**
 * Expense requests (issue 26 section 3, `/api/execution/requests`, key `ejecucion_solicitudes`): the four types'
 * rules, items drawing on lines of the request's year, amounts committed on the budget as the request is saved
 * (refused with the figures when the plan cannot pay), gapless numbers, edits while `solicitado` that the budget
 * follows, and a request seen only by its requester.
 */
describe('/api/execution/requests', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let requester: ReturnType<typeof as>;
  let requesterId: string;
  let provider: { id: string };
  let closedProvider: { id: string };
  beforeAll(async () => {
    t = await buildTestApp();
    const adminToken = await login(t.app);
    admin = as(t.app, adminToken);
    const user = await createUser(t.app, adminToken, ['ejecucion', 'ejecucion_solicitudes'], 'solic');
    requester = as(t.app, user.token);
    requesterId = user.id;
    const newProvider = async (nit: string, active: boolean) =>
      (
        await admin.post('/api/providers', {
          name: `Librería ${nit}`,
          nit,
          taxRegime: 'general',
          state: '01',
          active,
        })
      ).json().data as { id: string };
    provider = await newProvider(NITS[0]!, true);
    closedProvider = await newProvider(NITS[1]!, false);
  });
  afterAll(() => t.close());

  /** A 2027 line (Q 1,000 a month) with `assigned` (Q) of March assigned from a stop-control cooperating. */
  async function line(assigned = '80', year = 2027) {
    const coop = (
      await admin.post('/api/cooperating', {
        name: 'Fundación Solicitudes',
        code: `S-${randomBytes(3).toString('hex').toUpperCase()}`,
        country: 'GT',
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        currency: 'GTQ',
        ceiling: '5000.00',
        controlMode: 'stop',
      })
    ).json().data;
    const item = (
      await admin.post(`/api/cooperating/${coop.id}/items`, { code: 'R1', name: 'Rubro', initialAmount: '1000' })
    ).json().data;
    const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1', amount: '1000.00' }));
    const created = await admin.post('/api/budget/planning', await planningBody(admin, { year, months }));
    expect(created.statusCode, created.body).toBe(200);
    const lineId = created.json().data.id as string;
    const res = await admin.post(`/api/budget/assignment/${lineId}/transaction/${item.id}`, {
      type: 'increase',
      reason: 'Asignación',
      months: [{ month: 3, amount: assigned }],
    });
    expect(res.statusCode, res.body).toBe(200);
    return lineId;
  }
  const committed = async (lineId: string, month = 3) => {
    const rows = await t.database.db.execute<{ n: string }>(
      sql`select coalesce(sum(amount), 0)::text as n from budget_commitments where line_id = ${lineId} and month = ${month} and kind in ('commit', 'release')`,
    );
    return rows.rows[0]!.n;
  };
  const body = (lineId: string, over: Record<string, unknown> = {}) => ({
    type: 'purchase_order',
    year: 2027,
    month: 3,
    description: 'Materiales para talleres de crianza',
    justification: 'Los talleres de marzo con familias de la comunidad',
    urgent: false,
    executionDate: '2027-03-10',
    items: [
      { lineId, description: 'Resmas de papel', unit: 'resma', quantity: '3', unitPrice: '12.50' },
      { lineId, description: 'Marcadores', unit: 'caja', quantity: '1.5', unitPrice: '10.33' },
    ],
    providerIds: [provider.id],
    ...over,
  });
  const create = async (over: Record<string, unknown> & { lineId: string }) => {
    const { lineId, ...rest } = over;
    const res = await requester.post('/api/execution/requests', body(lineId, rest));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ExpenseRequest;
  };

  it('creates a purchase order in solicitado, numbered, its total committed on the line at once, audited', async () => {
    const lineId = await line();
    const r = await create({ lineId });
    expect(r).toMatchObject({
      type: 'purchase_order',
      status: 'solicitado',
      year: 2027,
      month: 3,
      requesterId,
      // 3 × 12.50 + 1.5 × 10.33 = 37.50 + 15.495 → 15.50 (half up)
      total: '53.00',
      lines: [{ lineId, amount: '53.00' }],
      providers: [{ id: provider.id }],
      travel: null,
      version: 1,
    });
    expect(r.number).toMatch(/^SOL-2027-\d{5}$/);
    expect(r.items.map((i) => i.amount)).toEqual(['37.50', '15.50']);
    expect(await committed(lineId)).toBe('53.00');
    const audit = await t.database.db.execute(
      sql`select 1 from audit_log where entity = 'expense_request' and entity_id = ${r.id} and action = 'create'`,
    );
    expect(audit.rows).toHaveLength(1);
    expect((await requester.get(`/api/execution/requests/${r.id}`)).json().data).toEqual(r);
  });

  it('refuses a request the plan cannot pay, with the figures on the item, and writes nothing', async () => {
    const lineId = await line('50');
    const before = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from expense_requests`);
    const res = await requester.post(
      '/api/execution/requests',
      body(lineId, { items: [{ lineId, description: 'Equipo', unit: 'unidad', quantity: '1', unitPrice: '50.01' }] }),
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'budget_stop',
      errors: [
        {
          field: 'items.0.lineId',
          code: 'exceeds_available',
          params: expect.objectContaining({ available: '50.00', excess: '0.01' }),
        },
      ],
    });
    const after = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from expense_requests`);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect(await committed(lineId)).toBe('0');
    // At the available amount exactly, it passes.
    await create({
      lineId,
      items: [{ lineId, description: 'Equipo', unit: 'unidad', quantity: '1', unitPrice: '50' }],
    });
    expect(await committed(lineId)).toBe('50.00');
  });

  it('refuses loudly an item without a line, a line of another year, no items, zero amounts', async () => {
    const lineId = await line();
    const otherYear = await line('80', 2028);
    const bad = async (over: Record<string, unknown>, status: number, field: string, code: string) => {
      const res = await requester.post('/api/execution/requests', body(lineId, over));
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, code }));
    };
    const item = (over: Record<string, unknown>) => ({
      lineId,
      description: 'Papel',
      unit: 'resma',
      quantity: '1',
      unitPrice: '10',
      ...over,
    });
    await bad({ items: [item({ lineId: '' })] }, 400, 'items.0.lineId', 'invalid');
    await bad({ items: [item({ lineId: undefined })] }, 400, 'items.0.lineId', 'invalid');
    await bad({ items: [item({ lineId: crypto.randomUUID() })] }, 400, 'items.0.lineId', 'unknown_code');
    await bad({ items: [item({}), item({ lineId: otherYear })] }, 400, 'items.1.lineId', 'line_other_year');
    await bad({ items: [] }, 400, 'items', 'required');
    await bad({ items: [item({ quantity: '0' })] }, 400, 'items.0.quantity', 'too_small');
    await bad({ items: [item({ quantity: '-1' })] }, 400, 'items.0.quantity', 'too_small');
    await bad({ items: [item({ unitPrice: '0' })] }, 400, 'items.0.unitPrice', 'too_small');
    await bad({ month: 13 }, 400, 'month', 'invalid');
    expect(await committed(lineId)).toBe('0');
  });

  it("applies each type's rules: providers, a reserve without one, a trip with its direction and travellers", async () => {
    const lineId = await line('1000');
    const bad = async (over: Record<string, unknown>, field: string, code: string) => {
      const res = await requester.post('/api/execution/requests', body(lineId, over));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, code }));
    };
    await bad({ providerIds: [] }, 'providerIds', 'required');
    await bad({ providerIds: [closedProvider.id] }, 'providerIds.0', 'provider_inactive');
    await bad({ providerIds: [crypto.randomUUID()] }, 'providerIds.0', 'unknown_code');
    await bad({ type: 'reserve' }, 'providerIds', 'invalid');
    const trip = {
      destination: 'Cobán, Alta Verapaz',
      departureDate: '2027-03-08',
      returnDate: '2027-03-09',
      directions: ['go', 'return'],
      travellerIds: [requesterId],
      exitPassNumber: 'PS-0042',
    };
    await bad({ type: 'travel_expenses', providerIds: [] }, 'travel', 'required');
    await bad(
      { type: 'travel_expenses', providerIds: [], travel: { ...trip, directions: [] } },
      'travel.directions',
      'select_at_least_one',
    );
    await bad(
      { type: 'travel_expenses', providerIds: [], travel: { ...trip, returnDate: '2027-03-07' } },
      'travel.returnDate',
      'date_order',
    );
    await bad({ travel: trip }, 'travel', 'invalid');
    const reserve = await create({ lineId, type: 'reserve', providerIds: [] });
    expect(reserve).toMatchObject({ type: 'reserve', providers: [] });
    const travel = await create({ lineId, type: 'travel_expenses', providerIds: [], travel: trip });
    expect(travel.travel).toMatchObject({
      destination: 'Cobán, Alta Verapaz',
      directions: ['go', 'return'],
      exitPassNumber: 'PS-0042',
      travellers: [{ id: requesterId }],
    });
    // Petty cash replenishes a fund on a count (petty-cash.test.ts), and only petty cash carries one.
    await bad({ type: 'petty_cash', providerIds: [] }, 'pettyCash', 'required');
    const fund = { fundId: crypto.randomUUID(), countId: crypto.randomUUID(), voucherRangeId: crypto.randomUUID() };
    await bad({ pettyCash: fund }, 'pettyCash', 'invalid');
  });

  it('edits while solicitado: the budget follows (grow, shrink, another month); stale versions are 409', async () => {
    const lineId = await line('80');
    const r = await create({ lineId });
    const put = (over: Record<string, unknown>, version: number) => {
      const { type: _type, ...rest } = body(lineId, over);
      return requester.put(`/api/execution/requests/${r.id}`, { ...rest, version });
    };
    const grown = await put(
      { items: [{ lineId, description: 'Papel', unit: 'resma', quantity: '6', unitPrice: '12.50' }] },
      1,
    );
    expect(grown.statusCode, grown.body).toBe(200);
    expect(await committed(lineId)).toBe('75.00');
    const tooMuch = await put(
      { items: [{ lineId, description: 'Papel', unit: 'resma', quantity: '7', unitPrice: '12.50' }] },
      2,
    );
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().errors[0]).toMatchObject({ field: 'items.0.lineId', params: { available: '5.00' } });
    expect(await committed(lineId)).toBe('75.00');
    expect((await put({}, 1)).statusCode).toBe(409);
    const shrunk = await put({}, 2);
    expect(shrunk.statusCode, shrunk.body).toBe(200);
    expect(shrunk.json().data).toMatchObject({ total: '53.00', version: 3 });
    expect(await committed(lineId)).toBe('53.00');
    // To a month with nothing assigned: refused, nothing moves.
    const april = await put({ month: 4 }, 3);
    expect(april.statusCode).toBe(422);
    expect(await committed(lineId)).toBe('53.00');
    const audit = await t.database.db.execute(
      sql`select 1 from audit_log where entity = 'expense_request' and entity_id = ${r.id} and action = 'update'`,
    );
    expect(audit.rows).toHaveLength(2);
  });

  it('refuses to edit a request past solicitado', async () => {
    const lineId = await line();
    const r = await create({ lineId });
    await t.database.db.execute(sql`update expense_requests set status = 'aprobado_jefe' where id = ${r.id}`);
    const { type: _type, ...rest } = body(lineId);
    const res = await requester.put(`/api/execution/requests/${r.id}`, { ...rest, version: 1 });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('request_not_editable');
  });

  it("lists the caller's requests with filters; another user sees neither the list nor the request", async () => {
    const lineId = await line('1000');
    const a = await create({ lineId, urgent: true, description: 'Refacciones para la reunión de familias' });
    const b = await create({ lineId, type: 'reserve', providerIds: [] });
    const ids = async (query: string) =>
      (
        (await requester.get(`/api/execution/requests?pageSize=100&${query}`)).json().data.items as RequestSummary[]
      ).map((i) => i.id);
    expect((await ids('')).slice(0, 2)).toEqual([b.id, a.id]);
    expect(await ids('urgent=true')).toContain(a.id);
    expect(await ids('urgent=true')).not.toContain(b.id);
    expect(await ids('type=reserve')).toEqual(expect.arrayContaining([b.id]));
    expect(await ids('type=reserve')).not.toContain(a.id);
    expect(await ids(`lineId=${lineId}`)).toEqual([b.id, a.id]);
    expect(await ids('q=refacciones familias')).toEqual([a.id]);
    expect(await ids(`q=${a.number}`)).toEqual([a.id]);
    expect(await ids('status=rechazado')).toEqual([]);
    const other = await createUser(t.app, await login(t.app), ['ejecucion', 'ejecucion_solicitudes'], 'otro');
    const stranger = as(t.app, other.token);
    expect((await stranger.get('/api/execution/requests')).json().data.items).toEqual([]);
    expect((await stranger.get(`/api/execution/requests/${a.id}`)).statusCode).toBe(404);
    const { type: _type, ...rest } = body(lineId);
    expect((await stranger.put(`/api/execution/requests/${a.id}`, { ...rest, version: 1 })).statusCode).toBe(404);
    // Every requester's list is for the chain's deciders only, narrowed by requester.
    const all = await stranger.get('/api/execution/requests?scope=all');
    expect(all.statusCode).toBe(403);
    expect(all.json().errors).toEqual([{ field: 'scope', code: 'invalid' }]);
    const decider = as(
      t.app,
      (await createUser(t.app, await login(t.app), ['ejecucion', 'ejecucion_administracion'], 'admin-lista')).token,
    );
    const everyone = async (query: string) =>
      (
        (await decider.get(`/api/execution/requests?scope=all&pageSize=100&${query}`)).json().data
          .items as RequestSummary[]
      ).map((i) => i.id);
    expect(await everyone(`requesterId=${requesterId}`)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await everyone(`requesterId=${other.id}`)).toEqual([]);
    expect(await everyone('urgent=true')).toContain(a.id);
    // Without `scope=all`, a decider lists their own (none).
    expect((await decider.get('/api/execution/requests')).json().data.items).toEqual([]);
  });

  it("gives the form's pickers: a month's lines with their available amount, active providers, users", async () => {
    const lineId = await line('80');
    await create({ lineId });
    const lines = (await requester.get('/api/execution/lookup/lines?year=2027&month=3')).json().data;
    expect(lines.find((l: { lineId: string }) => l.lineId === lineId)).toMatchObject({
      planned: '1000.00',
      assigned: '80.00',
      available: '27.00',
    });
    const april = (await requester.get('/api/execution/lookup/lines?year=2027&month=4')).json().data;
    expect(april.find((l: { lineId: string }) => l.lineId === lineId)).toMatchObject({ available: '0.00' });
    expect((await requester.get('/api/execution/lookup/lines?year=2026&month=3')).json().data).toEqual([]);
    const providers = (await requester.get('/api/execution/lookup/providers?q=libreria')).json().data;
    expect(providers.map((p: { id: string }) => p.id)).toContain(provider.id);
    expect(providers.map((p: { id: string }) => p.id)).not.toContain(closedProvider.id);
    const users = (await requester.get('/api/execution/lookup/users')).json().data;
    expect(users.map((u: { id: string }) => u.id)).toContain(requesterId);
  });

  it('answers only holders of ejecucion_solicitudes', async () => {
    const other = await createUser(t.app, await login(t.app), ['configuracion', 'configuracion_proveedores'], 'nosol');
    expect((await as(t.app, other.token).get('/api/execution/requests')).statusCode).toBe(403);
  });

  it('tells what an edit commits and releases, per line and month', () => {
    const c = (lineId: string, month: number, amount: string) => ({ lineId, month, amount });
    expect(cellChanges([c('a', 3, '10.00'), c('b', 3, '5.00')], [c('a', 3, '12.50'), c('c', 3, '1.00')])).toEqual({
      grow: [c('a', 3, '2.50'), c('c', 3, '1.00')],
      shrink: [c('b', 3, '5.00')],
    });
    expect(cellChanges([c('a', 3, '10.00')], [c('a', 4, '10.00')])).toEqual({
      grow: [c('a', 4, '10.00')],
      shrink: [c('a', 3, '10.00')],
    });
    expect(cellChanges([c('a', 3, '10.00')], [c('a', 3, '10.00')])).toEqual({ grow: [], shrink: [] });
  });

  postgresOnly('never lets two parallel requests commit the same last quetzales; numbers stay gapless', async () => {
    const lineId = await line('100');
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        requester.post(
          '/api/execution/requests',
          body(lineId, { items: [{ lineId, description: 'Papel', unit: 'resma', quantity: '1', unitPrice: '40' }] }),
        ),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    expect(await committed(lineId)).toBe('80.00');
    const numbers = await t.database.db.execute<{ year: number; sequence: number }>(
      sql`select year, sequence from expense_requests where year = 2027 order by sequence`,
    );
    const seqs = numbers.rows.map((r) => r.sequence);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
  });
});
