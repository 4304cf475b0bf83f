import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VoucherMovement, VoucherRange } from '@amparo/shared/modules/vouchers.schema';
import { systemActor } from '../../lib/actor.ts';
import { AppError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { as, buildTestApp, createUser, inDays, login, type TestApp } from '../../../test/helpers.ts';
import { postgresOnly } from '../../../test/postgres-only.ts';
import { issueVouchers, releaseVouchers, settleVouchers } from './vouchers.service.ts';

const robot = systemActor('test:vouchers');
const request = () => ({ type: 'expense_request', id: crypto.randomUUID() });

/**
 * Vouchers (issue 26 section 2, `/api/vouchers`, key `configuracion_vales`): ranges whose counts stay exact,
 * never overlapping within a series; reserving, settling and releasing numbers (the expense requests' calls);
 * expired, inactive and exhausted ranges issue nothing; every number's movements are listed.
 */
describe('/api/vouchers', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let seq = 0;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = as(t.app, await login(t.app));
  });
  afterAll(() => t.close());

  /** A body for a range of its own series (each test's numbers never meet another test's). */
  const body = (over: Record<string, unknown> = {}) => ({
    kind: 'fuel',
    series: `T${++seq}`,
    description: 'Cupones de combustible Q100, gasolinera Ñandú',
    start: 1001,
    end: 1010,
    expiresOn: inDays(200),
    faceValue: '100',
    ...over,
  });
  const create = async (over: Record<string, unknown> = {}) => {
    const res = await admin.post('/api/vouchers', body(over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as VoucherRange;
  };
  const read = async (id: string) => (await admin.get(`/api/vouchers/${id}`)).json().data as VoucherRange;
  const movements = async (id: string, query = '') =>
    (await admin.get(`/api/vouchers/${id}/movements${query}`)).json().data.items as VoucherMovement[];
  const issue = (rangeId: string, count: number, reference = request(), on?: string) =>
    inTransaction(t.database.db, (tx) => issueVouchers(tx, robot, { rangeId, count, reference, on }));
  const refusal = async (work: Promise<unknown>) => {
    const err = await work.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  };

  it('creates a range with every number available, its series normalised, audited, and lists it', async () => {
    const r = await create({ series: 'cc-a 1', faceValue: '100' });
    expect(r).toMatchObject({
      series: 'CCA1',
      start: 1001,
      end: 1010,
      total: 10,
      available: 10,
      reserved: 0,
      used: 0,
      voided: 0,
      faceValue: '100.00',
      headquarterId: null,
      state: 'valid',
      version: 1,
    });
    const numbers = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from vouchers where range_id = ${r.id} and status = 'available'`,
    );
    expect(numbers.rows[0]!.n).toBe(10);
    const audit = await t.database.db.execute(
      sql`select 1 from audit_log where entity = 'voucher_range' and entity_id = ${r.id} and action = 'create'`,
    );
    expect(audit.rows).toHaveLength(1);
    for (const q of ['CCA1', 'cca1', '1005', 'gasolinera nandu']) {
      const list = (await admin.get(`/api/vouchers?q=${encodeURIComponent(q)}&pageSize=100`)).json().data;
      expect(
        list.items.map((i: VoucherRange) => i.id),
        q,
      ).toContain(r.id);
    }
    const outside = (await admin.get('/api/vouchers?q=1011&pageSize=100')).json().data;
    expect(outside.items.map((i: VoucherRange) => i.id)).not.toContain(r.id);
    const petty = (await admin.get('/api/vouchers?kind=petty_cash&pageSize=100')).json().data;
    expect(petty.items.map((i: VoucherRange) => i.id)).not.toContain(r.id);
  });

  it('refuses a range in the wrong order, too large, at an unknown headquarter, or overlapping its series', async () => {
    const bad = async (over: Record<string, unknown>, status: number, field: string, code: string) => {
      const res = await admin.post('/api/vouchers', body(over));
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().errors).toContainEqual(expect.objectContaining({ field, code }));
      return res.json();
    };
    await bad({ start: 10, end: 9 }, 400, 'end', 'voucher_range_order');
    await bad({ start: 1, end: 20_001 }, 400, 'end', 'too_big');
    await bad({ start: 0 }, 400, 'start', 'too_small');
    await bad({ headquarterId: crypto.randomUUID() }, 400, 'headquarterId', 'unknown_code');
    await bad({ faceValue: '0' }, 400, 'faceValue', 'too_small');
    const first = await create({ series: 'OVL', start: 100, end: 199 });
    for (const [start, end] of [
      [150, 250],
      [50, 100],
      [199, 199],
      [1, 1000],
    ]) {
      const problem = await bad({ series: 'OVL', start, end }, 409, 'start', 'voucher_range_overlap');
      expect(problem.code).toBe('voucher_range_overlap');
      expect(problem.errors[0].params).toMatchObject({ series: 'OVL', start: 100, end: 199 });
    }
    // Next to it, or the same numbers in another series, is no overlap.
    await create({ series: 'OVL', start: 200, end: 210 });
    await create({ series: 'OVL2', start: 100, end: 199 });
    const rows = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from vouchers where series = 'OVL'`,
    );
    expect(rows.rows[0]!.n).toBe(100 + 11);
    expect(first.available).toBe(100);
  });

  it('flags a range about to expire with vouchers left; an expired or exhausted one is not usable', async () => {
    const expiring = await create({ expiresOn: inDays(10) });
    const today = await create({ expiresOn: inDays(0) });
    const expired = await create({ expiresOn: inDays(-1) });
    const far = await create({ expiresOn: inDays(31) });
    const inactive = await create({ active: false });
    const small = await create({ start: 1, end: 1, expiresOn: inDays(5) });
    await issue(small.id, 1);
    expect((await read(expiring.id)).state).toBe('expiring');
    expect((await read(today.id)).state).toBe('expiring');
    expect((await read(expired.id)).state).toBe('expired');
    expect((await read(far.id)).state).toBe('valid');
    expect((await read(inactive.id)).state).toBe('inactive');
    expect((await read(small.id)).state).toBe('exhausted');
    const ids = async (state: string) =>
      ((await admin.get(`/api/vouchers?state=${state}&pageSize=100`)).json().data.items as VoucherRange[]).map(
        (i) => i.id,
      );
    expect(await ids('expiring')).toEqual(expect.arrayContaining([expiring.id, today.id]));
    expect(await ids('expiring')).not.toContain(far.id);
    const usable = await ids('usable');
    expect(usable).toEqual(expect.arrayContaining([expiring.id, today.id, far.id]));
    for (const id of [expired.id, inactive.id, small.id]) expect(usable).not.toContain(id);
    // Soonest expiry first.
    const all = await ids('all');
    expect(all.indexOf(expired.id)).toBeLessThan(all.indexOf(expiring.id));
    expect(all.indexOf(expiring.id)).toBeLessThan(all.indexOf(far.id));
  });

  it('reserves the lowest numbers for a request, settles them used or returned, and lists every movement', async () => {
    const r = await create({ start: 501, end: 510 });
    const req = request();
    expect(await issue(r.id, 3, req)).toEqual([501, 502, 503]);
    expect(await read(r.id)).toMatchObject({ available: 7, reserved: 3, used: 0 });
    expect(await issue(r.id, 2)).toEqual([504, 505]);
    await inTransaction(t.database.db, (tx) =>
      settleVouchers(tx, robot, { rangeId: r.id, reference: req, used: [501, 503], returned: [502] }),
    );
    expect(await read(r.id)).toMatchObject({ available: 6, reserved: 2, used: 2 });
    // A returned number is issued again, lowest first.
    expect(await issue(r.id, 1)).toEqual([502]);
    const list = await movements(r.id, '?pageSize=100');
    expect(list.map((m) => m.kind).sort()).toEqual(
      ['reserved', 'reserved', 'reserved', 'reserved', 'reserved', 'reserved', 'used', 'used', 'returned'].sort(),
    );
    const of502 = await movements(r.id, '?number=502');
    expect(of502.map((m) => m.kind)).toEqual(['reserved', 'returned', 'reserved']);
    expect(of502[1]).toMatchObject({ referenceType: 'expense_request', referenceId: req.id });
    expect((await movements(r.id, '?kind=used')).map((m) => m.number).sort()).toEqual([501, 503]);
    // A number the request does not hold is refused, nothing written.
    const err = await refusal(
      inTransaction(t.database.db, (tx) =>
        settleVouchers(tx, robot, { rangeId: r.id, reference: req, used: [504], returned: [] }),
      ),
    );
    expect(err.code).toBe('voucher_not_available');
    expect(await read(r.id)).toMatchObject({ available: 5, reserved: 3, used: 2 });
  });

  it('releases what a finally rejected request holds, across ranges', async () => {
    const a = await create({ start: 1, end: 5 });
    const b = await create({ start: 1, end: 5 });
    const req = request();
    await issue(a.id, 2, req);
    await issue(b.id, 3, req);
    await issue(a.id, 1);
    const released = await inTransaction(t.database.db, (tx) => releaseVouchers(tx, robot, req, 'Rechazo final'));
    expect(released).toBe(5);
    expect(await read(a.id)).toMatchObject({ available: 4, reserved: 1 });
    expect(await read(b.id)).toMatchObject({ available: 5, reserved: 0 });
    const moves = await movements(b.id, '?kind=released');
    expect(moves.map((m) => m.note)).toEqual(['Rechazo final', 'Rechazo final', 'Rechazo final']);
  });

  it('issues nothing from an expired, inactive or exhausted range, and writes nothing', async () => {
    const expired = await create({ expiresOn: inDays(-1) });
    expect((await refusal(issue(expired.id, 1))).code).toBe('voucher_range_expired');
    // On its expiry day it still issues; the day after, no longer.
    const r = await create({ start: 1, end: 3, expiresOn: inDays(1) });
    expect((await refusal(issue(r.id, 1, request(), inDays(2)))).code).toBe('voucher_range_expired');
    expect(await issue(r.id, 1, request(), inDays(1))).toEqual([1]);
    const err = await refusal(issue(r.id, 3));
    expect(err.code).toBe('voucher_range_exhausted');
    expect(err.fieldErrors).toEqual([{ field: 'count', code: 'voucher_range_exhausted', params: { available: 2 } }]);
    const inactive = await create({ active: false });
    expect((await refusal(issue(inactive.id, 1))).code).toBe('voucher_range_inactive');
    expect(await read(r.id)).toMatchObject({ available: 2, reserved: 1 });
    expect(await movements(expired.id)).toEqual([]);
    expect((await refusal(issue(crypto.randomUUID(), 1))).code).toBe('not_found');
  });

  it('voids an available number with its reason, never twice, never outside the range', async () => {
    const r = await create({ start: 10, end: 19 });
    const res = await admin.post(`/api/vouchers/${r.id}/void`, { number: 12, reason: 'Cupón extraviado' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ available: 9, voided: 1 });
    const again = await admin.post(`/api/vouchers/${r.id}/void`, { number: 12, reason: 'Otra vez' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0]).toMatchObject({
      field: 'number',
      code: 'voucher_not_available',
      params: { number: 12, status: 'voided' },
    });
    const outside = await admin.post(`/api/vouchers/${r.id}/void`, { number: 20, reason: 'Fuera' });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors[0]).toMatchObject({ code: 'voucher_number_outside', params: { start: 10, end: 19 } });
    expect((await movements(r.id))[0]).toMatchObject({ number: 12, kind: 'voided', note: 'Cupón extraviado' });
    // A voided number is never issued.
    expect(await issue(r.id, 3)).toEqual([10, 11, 13]);
    expect(
      (await admin.post(`/api/vouchers/${crypto.randomUUID()}/void`, { number: 1, reason: 'Nada' })).statusCode,
    ).toBe(404);
  });

  it('renumbers a range only while no number moved; other fields always; stale versions are 409', async () => {
    const r = await create({ start: 1, end: 10 });
    const put = (over: Record<string, unknown>, version: number) =>
      admin.put(`/api/vouchers/${r.id}`, { ...body({ series: r.series, start: 1, end: 10, ...over }), version });
    const renumbered = await put({ start: 1, end: 20 }, 1);
    expect(renumbered.statusCode, renumbered.body).toBe(200);
    expect(renumbered.json().data).toMatchObject({ total: 20, available: 20, version: 2 });
    expect((await put({ end: 30 }, 1)).statusCode).toBe(409);
    await issue(r.id, 1);
    const refused = await put({ start: 1, end: 25 }, 2);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'voucher_range_in_use',
      errors: [{ field: 'end', code: 'voucher_range_in_use' }],
    });
    const edited = await put(
      { start: 1, end: 20, description: 'Cupones Q50', expiresOn: inDays(90), active: false },
      2,
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ description: 'Cupones Q50', active: false, available: 19, reserved: 1 });
    const audit = await t.database.db.execute<{ changes: Record<string, unknown> }>(
      sql`select changes from audit_log where entity = 'voucher_range' and entity_id = ${r.id} and action = 'update' order by id`,
    );
    expect(audit.rows.at(-1)!.changes).toMatchObject({ active: { before: true, after: false } });
    expect((await admin.put(`/api/vouchers/${crypto.randomUUID()}`, { ...body(), version: 1 })).statusCode).toBe(404);
  });

  it('keeps counts adding up and movements append-only in the database itself', async () => {
    const r = await create({ start: 1, end: 5 });
    await issue(r.id, 1);
    await expect(
      t.database.db.execute(sql`update voucher_ranges set available = available - 1 where id = ${r.id}`),
    ).rejects.toThrow();
    const refused = (statement: ReturnType<typeof sql>) =>
      t.database.db.execute(statement).then(
        () => 'written',
        (e: { cause?: { message?: string } }) => e.cause?.message ?? String(e),
      );
    expect(await refused(sql`update voucher_movements set kind = 'used' where range_id = ${r.id}`)).toMatch(
      /append-only/,
    );
    expect(await refused(sql`delete from voucher_movements where range_id = ${r.id}`)).toMatch(/append-only/);
  });

  it('answers only holders of configuracion_vales', async () => {
    const adminToken = await login(t.app);
    const other = await createUser(t.app, adminToken, ['configuracion', 'configuracion_proveedores'], 'vales');
    const holder = await createUser(t.app, adminToken, ['configuracion', 'configuracion_vales'], 'vales');
    expect((await as(t.app, other.token).get('/api/vouchers')).statusCode).toBe(403);
    expect((await as(t.app, other.token).post('/api/vouchers', body())).statusCode).toBe(403);
    expect((await as(t.app, holder.token).get('/api/vouchers')).statusCode).toBe(200);
  });

  postgresOnly('keeps numbers unique and counts exact under 20 parallel issues', async () => {
    const r = await create({ start: 1, end: 15 });
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => issue(r.id, 1)));
    const issued = results.flatMap((x) => (x.status === 'fulfilled' ? x.value : []));
    const refused = results.flatMap((x) => (x.status === 'rejected' ? [(x.reason as AppError).code] : []));
    expect(issued.sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(refused).toEqual(Array(5).fill('voucher_range_exhausted'));
    expect(await read(r.id)).toMatchObject({ available: 0, reserved: 15 });
    const reserved = await t.database.db.execute<{ n: number }>(
      sql`select count(distinct number)::int as n from vouchers where range_id = ${r.id} and status = 'reserved'`,
    );
    expect(reserved.rows[0]!.n).toBe(15);
    const moves = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from voucher_movements where range_id = ${r.id} and kind = 'reserved'`,
    );
    expect(moves.rows[0]!.n).toBe(15);
  });

  postgresOnly('lets one of ten overlapping ranges written at once through; the others are 409', async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        admin.post('/api/vouchers', body({ series: 'RACE', start: 1 + i, end: 100 + i })),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().code).toBe('voucher_range_overlap');
  });
});
