import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import type { PettyCashFund } from '@amparo/shared/modules/petty-cash.schema';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { pettyCashFund } from '../../../test/petty-cash-fixture.ts';
import { postgresOnly } from '../../../test/postgres-only.ts';
import { requestsFixture, type Person } from '../../../test/requests-fixture.ts';

/** A valid NIT (SAT modulo-11) of this file's provider. */
const NIT = '76543269';

/**
 * Petty cash as an imprest fund per headquarter (issue 26 section 3): administration sets a fund and its
 * custodian; the custodian spends from it (never more than the cash left) and counts it, every difference on
 * record; a replenishment request asks for the fund minus the counted cash, not the sum of the receipts, once per
 * count; administration's approval reserves its voucher number, a return before it releases the number, the
 * payment brings the box back to its fund, and a rejection gives the receipts back to pending.
 */
describe('petty cash as an imprest fund', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  let custodian: Person;
  beforeAll(async () => {
    t = await buildTestApp();
    f = await requestsFixture(t, [NIT]);
    custodian = f.requester;
  });
  afterAll(() => t.close());

  const fundOf = () => pettyCashFund(f.admin, custodian.api, custodian.id);
  const refused = async (
    res: { statusCode: number; body: string; json(): { errors?: unknown[] } },
    status: number,
    code: string,
    field?: string,
  ) => {
    expect(res.statusCode, res.body).toBe(status);
    if (field) expect(res.json().errors).toContainEqual(expect.objectContaining({ field, code }));
    else expect(res.body).toContain(code);
  };
  const replenish = (total: string, pettyCash: Record<string, unknown>, who: Person = custodian) =>
    who.api.post('/api/execution/requests', {
      type: 'petty_cash',
      year: 2027,
      month: 3,
      description: 'Reposición de caja chica',
      justification: 'Gastos menores de la sede',
      executionDate: '2027-03-15',
      items: [{ lineId: f.lineId, description: 'Reposición', unit: 'global', quantity: '1', unitPrice: total }],
      pettyCash,
    });

  it('one active fund per headquarter, seen by administration and its custodian only', async () => {
    const fund = await fundOf();
    const again = await f.admin.post('/api/execution/petty-cash', {
      headquarterId: fund.headquarterId,
      custodianId: custodian.id,
      amount: '500',
    });
    await refused(again, 409, 'petty_cash_fund_exists');
    const mine = (await custodian.api.get('/api/execution/petty-cash')).json().data as PettyCashFund[];
    expect(mine.map((x) => x.id)).toEqual(expect.arrayContaining([fund.fundId]));
    expect(mine.every((x) => x.custodianId === custodian.id)).toBe(true);
    expect(mine.find((x) => x.id === fund.fundId)).toMatchObject({ amount: '2000.00', expectedCash: '2000.00' });
    const stranger = await f.person(['ejecucion_solicitudes'], 'ajena-caja');
    expect((await stranger.api.get(`/api/execution/petty-cash/${fund.fundId}`)).statusCode).toBe(404);
    expect(((await stranger.api.get('/api/execution/petty-cash')).json().data as unknown[]).length).toBe(0);
    await refused(
      await stranger.api.post(`/api/execution/petty-cash/${fund.fundId}/counts`, { cash: '1' }),
      404,
      'not_found',
    );
  });

  it('administration changes a fund: never below its pending receipts, never over a stale version; audited', async () => {
    const fund = await fundOf();
    await fund.spend('700.00');
    const read = await fund.read();
    const put = (over: Record<string, unknown>) =>
      f.admin.put(`/api/execution/petty-cash/${fund.fundId}`, {
        custodianId: custodian.id,
        amount: '3000.00',
        notes: 'Fondo ampliado por la temporada de talleres',
        active: true,
        version: read.version,
        ...over,
      });
    const low = await put({ amount: '699.99' });
    expect(low.statusCode, low.body).toBe(409);
    expect(low.json().errors[0]).toMatchObject({
      field: 'amount',
      code: 'petty_cash_below_pending',
      params: { pending: '700.00' },
    });
    const grown = await put({});
    expect(grown.statusCode, grown.body).toBe(200);
    expect(grown.json().data).toMatchObject({ amount: '3000.00', expectedCash: '2300.00', version: read.version + 1 });
    await refused(await put({ amount: '2500.00' }), 409, 'version_conflict');
    // The custodian reads the fund but may not change it.
    const byCustodian = await custodian.api.put(`/api/execution/petty-cash/${fund.fundId}`, {
      custodianId: custodian.id,
      amount: '1.00',
      notes: null,
      active: true,
      version: read.version + 1,
    });
    expect(byCustodian.statusCode).toBe(403);
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'petty_cash_fund' and entity_id = ${fund.fundId}`,
    );
    expect(audit.rows[0]!.n).toBe(2);
  });

  it('spends never more than the cash left, counts with the difference on record', async () => {
    const fund = await fundOf();
    await fund.spend('300.00');
    await fund.spend('450.25');
    expect(await fund.read()).toMatchObject({ pendingReceipts: '750.25', expectedCash: '1249.75' });
    const over = await custodian.api.post(`/api/execution/petty-cash/${fund.fundId}/expenses`, {
      spentOn: todayInGuatemala(),
      description: 'Demasiado',
      amount: '1249.76',
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().errors[0]).toMatchObject({
      field: 'amount',
      code: 'petty_cash_exceeds_fund',
      params: { available: '1249.75' },
    });
    const future = await custodian.api.post(`/api/execution/petty-cash/${fund.fundId}/expenses`, {
      spentOn: fund.inDays(2),
      description: 'Mañana',
      amount: '1',
    });
    await refused(future, 400, 'date_out_of_range', 'spentOn');
    // Administration reads and counts the fund, but the custodian alone spends from it.
    const byAdmin = await f.admin.post(`/api/execution/petty-cash/${fund.fundId}/expenses`, {
      spentOn: todayInGuatemala(),
      description: 'Ajeno',
      amount: '1',
    });
    await refused(byAdmin, 403, 'not_custodian', 'fundId');

    // Q 1,200.00 found where Q 1,249.75 should be: a shortage of Q 49.75, which needs a note.
    await refused(
      await custodian.api.post(`/api/execution/petty-cash/${fund.fundId}/counts`, { cash: '1200.00', notes: null }),
      400,
      'required',
      'notes',
    );
    const count = await fund.count('1200.00', f.admin, 'Faltante: vuelto no devuelto');
    expect(count).toMatchObject({ cash: '1200.00', receipts: '750.25', difference: '-49.75', replenishment: '800.00' });
    expect((await fund.read()).counts[0]).toMatchObject({
      id: count.id,
      difference: '-49.75',
      countedByName: expect.any(String),
    });
    // A count is never changed afterwards.
    await expect(
      t.database.db.execute(sql`update petty_cash_counts set cash = 1 where id = ${count.id}`),
    ).rejects.toThrow();
  });

  it('replenishes the fund minus the counted cash, once per count, on the latest count, with a valid range', async () => {
    const fund = await fundOf();
    await fund.spend('300.00');
    await fund.spend('450.25');
    const old = await fund.count('1249.75', custodian.api, null);
    const count = await fund.count('1200.00', custodian.api, 'Faltante');
    // The receipts add up to Q 750.25, but the box needs Q 800.00 to be whole again.
    const sum = await replenish('750.25', fund.input(count.id));
    expect(sum.statusCode, sum.body).toBe(400);
    expect(sum.json().errors[0]).toMatchObject({
      field: 'items',
      code: 'replenishment_amount',
      params: { expected: '800.00' },
    });
    await refused(await replenish('500.00', fund.input(old.id)), 409, 'petty_cash_count_outdated', 'pettyCash.countId');
    const colleague = await f.person(['ejecucion_solicitudes'], 'colega-caja');
    await refused(await replenish('800.00', fund.input(count.id), colleague), 400, 'not_custodian', 'pettyCash.fundId');
    const fuel = await f.admin.post('/api/vouchers', {
      kind: 'fuel',
      series: `F${fund.voucherRangeId.slice(0, 4)}`,
      description: 'Cupones',
      start: 1,
      end: 2,
      expiresOn: fund.inDays(30),
    });
    // The form's picker offers the fund's petty-cash range, never a fuel one.
    const picker = await custodian.api.get(`/api/execution/lookup/voucher-ranges?headquarterId=${fund.headquarterId}`);
    const offered = (picker.json().data as { id: string }[]).map((r) => r.id);
    expect(offered).toContain(fund.voucherRangeId);
    expect(offered).not.toContain(fuel.json().data.id);
    const wrongKind = { ...fund.input(count.id), voucherRangeId: fuel.json().data.id };
    await refused(await replenish('800.00', wrongKind), 400, 'voucher_range_kind', 'pettyCash.voucherRangeId');
    await t.database.db.execute(
      sql`update voucher_ranges set expires_on = ${fund.inDays(-1)} where id = ${fund.voucherRangeId}`,
    );
    await refused(
      await replenish('800.00', fund.input(count.id)),
      409,
      'voucher_range_expired',
      'pettyCash.voucherRangeId',
    );
    await t.database.db.execute(
      sql`update voucher_ranges set expires_on = ${fund.inDays(90)} where id = ${fund.voucherRangeId}`,
    );

    const res = await replenish('800.00', fund.input(count.id));
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json().data;
    expect(r.pettyCash).toMatchObject({
      fundId: fund.fundId,
      countId: count.id,
      cash: '1200.00',
      difference: '-49.75',
      voucher: null,
    });
    const read = await fund.read();
    expect(read.expenses.map((e) => e.requestNumber)).toEqual([r.number, r.number]);
    expect(read.counts[0]).toMatchObject({ requestNumber: r.number });
    const twice = await replenish('800.00', fund.input(count.id));
    expect(twice.statusCode, twice.body).toBe(409);
    expect(twice.json().errors[0]).toMatchObject({
      code: 'petty_cash_count_replenished',
      params: { number: r.number },
    });
    // An expense in a replenishment stays; a new one may go.
    await refused(
      await custodian.api.delete(`/api/execution/petty-cash/${fund.fundId}/expenses/${read.expenses[0]!.id}`),
      409,
      'petty_cash_expense_replenished',
    );
    const slip = await fund.spend('10.00', 'Error');
    expect(
      (await custodian.api.delete(`/api/execution/petty-cash/${fund.fundId}/expenses/${slip.id}`)).statusCode,
    ).toBe(200);
  });

  it('reserves the voucher at administration’s approval, releases it on a return, refills the box when paid', async () => {
    const fund = await fundOf();
    await fund.spend('600.00');
    const count = await fund.count('1400.00', custodian.api, null);
    const r = (await replenish('600.00', fund.input(count.id))).json().data;
    await f.moved(f.boss, r, 'approve_boss');
    const approved = await f.moved(f.administration, r, 'approve_admin');
    expect(approved.pettyCash?.voucher).toMatch(/-000001$/);
    const returned = await f.moved(f.administration, r, 'return', { returnTo: 'aprobado_jefe', reason: 'Falta firma' });
    expect(returned.pettyCash?.voucher).toBeNull();
    expect((returned.history.at(-1)!.details as { removed: unknown[] }).removed).toContainEqual(
      expect.objectContaining({ kind: 'voucher', label: expect.stringMatching(/-000001$/) }),
    );
    const again = await f.moved(f.administration, r, 'approve_admin');
    // The released number is available again, and the lowest is taken.
    expect(again.pettyCash?.voucher).toMatch(/-000001$/);
    expect((await fund.read()).pendingReceipts).toBe('600.00');
    await f.moved(f.administration, r, 'issue_payment', {
      payment: { method: 'transfer', bankAccount: '3-033-12345-6', transactionNumber: 'TRF-1', payeeName: 'Custodia' },
    });
    expect(await fund.read()).toMatchObject({ pendingReceipts: '0.00', expectedCash: '2000.00' });
  });

  it('a rejected replenishment gives its receipts back to pending and its count to a new request', async () => {
    const fund = await fundOf();
    await fund.spend('100.00');
    const count = await fund.count('1900.00', custodian.api, null);
    const r = (await replenish('100.00', fund.input(count.id))).json().data;
    await f.moved(f.boss, r, 'reject', { reason: 'Sin comprobantes originales' });
    const read = await fund.read();
    expect(read.expenses[0]).toMatchObject({ requestId: null });
    expect(read.counts[0]).toMatchObject({ requestId: null });
    expect((await replenish('100.00', fund.input(count.id))).statusCode).toBe(200);
  });

  postgresOnly('never overdraws the box, nor replenishes a count twice, under parallel writes', async () => {
    const fund = await fundOf();
    const spends = await Promise.all(
      Array.from({ length: 6 }, () =>
        custodian.api.post(`/api/execution/petty-cash/${fund.fundId}/expenses`, {
          spentOn: todayInGuatemala(),
          description: 'Compra en paralelo',
          amount: '500.00',
        }),
      ),
    );
    expect(spends.filter((s) => s.statusCode === 200)).toHaveLength(4);
    expect(spends.filter((s) => s.statusCode === 409)).toHaveLength(2);
    const count = await fund.count('0.00', custodian.api, null);
    const both = await Promise.all([
      replenish('2000.00', fund.input(count.id)),
      replenish('2000.00', fund.input(count.id)),
    ]);
    expect(both.map((b) => b.statusCode).sort()).toEqual([200, 409]);
  });
});
