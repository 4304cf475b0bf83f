import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import { buildTestApp, inDays, type TestApp } from '../../../test/helpers.ts';
import { requestsFixture } from '../../../test/requests-fixture.ts';

/** Valid NITs (SAT modulo-11) of this file's providers. */
const NITS = ['76543277', '76543285', '76543293', '76543307'];

/**
 * A purchase order's comparative table and provider selection (issue 26 section 4): quotes per provider and item
 * with the lowest marked, the minimum number of quotes above the amount (a framework agreement counting as them),
 * an expired quote never selected, a justification when not the cheapest, a higher selected quote sent back for
 * approval of the difference (committed, never silently), and a return that removes the quotes and the selection.
 */
describe('the comparative table of a purchase order', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  beforeAll(async () => {
    t = await buildTestApp();
    f = await requestsFixture(t, NITS);
  });
  afterAll(() => t.close());

  /** A purchase order of two items quoted by `providers`, approved up to administration (below the band). */
  async function approvedOrder(providers = f.providerIds.slice(0, 3), first = '1000.00') {
    const r = await f.raise('', f.requester, {
      providers,
      items: [
        { lineId: f.lineId, description: 'Sillas', unit: 'unidad', quantity: '10', unitPrice: first },
        { lineId: f.lineId, description: 'Mesas', unit: 'unidad', quantity: '2', unitPrice: '250.00' },
      ],
    });
    const boss = await f.moved(f.boss, r, 'approve_boss');
    if (boss.needsSuperior) await f.moved(f.superior, r, 'approve_superior');
    await f.moved(f.administration, r, 'approve_admin');
    return f.read(r.id);
  }
  async function quote(r: ExpenseRequest, provider: string, prices: string[], over: Record<string, unknown> = {}) {
    const res = await f.administration.api.put(`/api/execution/requests/${r.id}/quotes/${provider}`, {
      prices: r.items.map((item, i) => ({ itemId: item.id, unitPrice: prices[i] })).filter((p) => p.unitPrice),
      deliveryDays: 5,
      warranty: '6 meses',
      validUntil: inDays(30),
      ...over,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ExpenseRequest;
  }

  it('compares quotes by item with the lowest marked, asks the minimum above the amount, and selects the cheapest', async () => {
    // Q 10,500.00: above the seeded Q 3,000.00 threshold, so three complete quotes are needed.
    const r = await approvedOrder();
    const [a, b, c] = f.providerIds;
    await quote(r, a!, ['95.00', '260.00']);
    const two = await quote(r, b!, ['99.00', '240.00']);
    expect(two.comparison).toMatchObject({ minimumQuotes: 3 });
    const missing = await f.move(f.administration, r, 'complete_comparison');
    expect(missing.statusCode).toBe(409);
    expect(missing.json().errors).toEqual([
      { field: 'quotes', code: 'quotes_missing', params: { minimum: 3, count: 2 } },
    ]);
    // An incomplete quote does not count.
    await quote(r, c!, ['90.00']);
    expect((await f.move(f.administration, r, 'complete_comparison')).statusCode).toBe(409);
    const table = (await quote(r, c!, ['97.00', '255.00'])).comparison!;
    expect(table.quotes.map((q) => [q.total, q.lowest])).toEqual([
      ['1470.00', true],
      ['1470.00', true],
      ['1480.00', false],
    ]);
    expect(table.rows[0]!.prices.map((p) => p.lowest)).toEqual([true, false, false]);
    expect(table.rows[1]!.prices.map((p) => [p.amount, p.lowest])).toEqual([
      ['520.00', false],
      ['480.00', true],
      ['510.00', false],
    ]);
    const closed = await f.moved(f.administration, r, 'complete_comparison');
    expect(closed.status).toBe('cuadro_comparativo_admin');
    // Quotes are written only before the table is closed.
    const late = await f.administration.api.put(`/api/execution/requests/${r.id}/quotes/${a}`, {
      prices: [],
      validUntil: inDays(3),
    });
    expect(late.statusCode).toBe(409);
    // Not the cheapest without a reason: refused; the cheapest: selected, its prices become the request's.
    const why = await f.move(f.administration, r, 'select_provider', { selection: { providerId: c } });
    expect(why.json().errors).toEqual([{ field: 'selection.justification', code: 'required' }]);
    const chosen = await f.moved(f.administration, r, 'select_provider', { selection: { providerId: a } });
    expect(chosen).toMatchObject({ status: 'proveedor_seleccionado', total: '1470.00' });
    expect(chosen.items.map((i) => i.unitPrice)).toEqual(['95.00', '260.00']);
    expect(await f.committed(r.id)).toBe('1470.00');
    expect(chosen.comparison!.selectedQuoteId).toBe(chosen.comparison!.quotes[0]!.id);
  });

  it('never selects an expired quote; another than the cheapest needs a written justification', async () => {
    const r = await approvedOrder(f.providerIds.slice(0, 1), '100.00');
    // Q 1,500.00: one quote is enough below the threshold.
    await quote(r, f.providerIds[0]!, ['90.00', '240.00'], { validUntil: inDays(-1) });
    expect((await f.move(f.administration, r, 'complete_comparison')).statusCode).toBe(409);
    await quote(r, f.providerIds[0]!, ['90.00', '240.00'], { validUntil: inDays(0) });
    await f.moved(f.administration, r, 'complete_comparison');
    await t.database.db.execute(
      sql`update expense_request_quotes set valid_until = ${inDays(-1)} where request_id = ${r.id}`,
    );
    const expired = await f.move(f.administration, r, 'select_provider', {
      selection: { providerId: f.providerIds[0], justification: 'Único proveedor' },
    });
    expect(expired.statusCode).toBe(409);
    expect(expired.json().code).toBe('quote_expired');
    expect((await f.read(r.id)).status).toBe('cuadro_comparativo_admin');
  });

  it('counts a valid framework agreement as the quotes, and refuses one that is not valid', async () => {
    const [a] = f.providerIds;
    const agreement = (
      await f.admin.post(`/api/providers/${a}/agreements`, {
        reference: 'CM-SILLAS',
        validFrom: inDays(-5),
        validUntil: inDays(100),
        items: [{ description: 'Sillas', unit: 'unidad', unitPrice: '95.00' }],
      })
    ).json().data;
    const later = (
      await f.admin.post(`/api/providers/${a}/agreements`, {
        reference: 'CM-FUTURO',
        validFrom: inDays(5),
        validUntil: inDays(100),
        items: [{ description: 'Sillas', unit: 'unidad', unitPrice: '90.00' }],
      })
    ).json().data;
    const r = await approvedOrder([a!]);
    const bad = await f.administration.api.put(`/api/execution/requests/${r.id}/quotes/${a}`, {
      prices: r.items.map((i) => ({ itemId: i.id, unitPrice: '95.00' })),
      agreementId: later.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ field: 'agreementId', code: 'invalid' }]);
    const quoted = await quote(r, a!, ['95.00', '250.00'], { agreementId: agreement.id, validUntil: null });
    expect(quoted.comparison!.quotes[0]).toMatchObject({ agreementId: agreement.id, validUntil: inDays(100) });
    // Q 10,500.00 asks three quotes, but the agreement counts as them.
    expect((await f.moved(f.administration, r, 'complete_comparison')).status).toBe('cuadro_comparativo_admin');
  });

  it('sends a higher selected quote back for approval of the difference, committing it; never silently', async () => {
    // Q 4,000.00 approved below the Q 5,000.00 band; the quote is Q 5,100.00.
    const r = await approvedOrder(f.providerIds.slice(0, 3), '350.00');
    expect(r.total).toBe('4000.00');
    // Q 4,000.00 asks three quotes; the cheapest is Q 5,100.00.
    await quote(r, f.providerIds[0]!, ['460.00', '250.00']);
    await quote(r, f.providerIds[1]!, ['470.00', '250.00']);
    await quote(r, f.providerIds[2]!, ['480.00', '250.00']);
    await f.moved(f.administration, r, 'complete_comparison');
    const back = await f.moved(f.administration, r, 'select_provider', { selection: { providerId: f.providerIds[0] } });
    expect(back).toMatchObject({ status: 'aprobado_jefe', total: '5100.00', needsSuperior: true });
    expect(await f.committed(r.id)).toBe('5100.00');
    expect(back.approvals.filter((a) => a.voidedAt === null).map((a) => a.stage)).toEqual(['boss']);
    // Administration may not pay nor approve before the superior approves the difference.
    expect((await f.move(f.administration, r, 'approve_admin')).statusCode).toBe(403);
    await f.moved(f.superior, r, 'approve_superior');
    const again = await f.moved(f.administration, r, 'approve_admin');
    expect(again.status).toBe('proveedor_seleccionado');
    expect(again.approvals.filter((a) => a.voidedAt === null).map((a) => [a.stage, a.amount])).toEqual([
      ['boss', '4000.00'],
      ['superior', '5100.00'],
      ['administration', '5100.00'],
    ]);
    const paid = await f.moved(f.administration, r, 'issue_payment', {
      payment: { method: 'check', bankAccount: '3033123456', checkNumber: 88001, payeeName: 'Ferretería La Ceiba' },
    });
    expect(paid.payments[0]).toMatchObject({ amount: '5100.00' });
  });

  it('a return before the comparative table removes the quotes and the selection, and the history lists them', async () => {
    const r = await approvedOrder(f.providerIds.slice(0, 1), '100.00');
    await quote(r, f.providerIds[0]!, ['90.00', '240.00']);
    await f.moved(f.administration, r, 'complete_comparison');
    await f.moved(f.administration, r, 'select_provider', { selection: { providerId: f.providerIds[0] } });
    const toTable = await f.moved(f.administration, r, 'return', {
      returnTo: 'cuadro_comparativo_admin',
      reason: 'Revisar la selección',
    });
    expect(toTable.comparison).toMatchObject({ selectedQuoteId: null });
    expect(toTable.comparison!.quotes).toHaveLength(1);
    const toApproval = await f.moved(f.administration, r, 'return', {
      returnTo: 'aprobacion',
      reason: 'Cotizar de nuevo',
    });
    expect(toApproval.comparison!.quotes).toEqual([]);
    expect(toApproval.history.at(-1)!.details).toMatchObject({ removed: [{ kind: 'quote' }] });
    expect(toApproval.history.at(-2)!.details).toMatchObject({ removed: [{ kind: 'selection' }] });
    expect(toApproval.history.map((h) => h.transition)).toContain('select_provider');
  });

  it('asks the minimum of quotes only above its threshold: one centavo below and at it one quote is enough', async () => {
    // The seeded `request_minimum_quotes_threshold` is Q 3,000.00 and `request_minimum_quotes` 3.
    const minimum = async (total: string) => (await f.raise(total)).comparison!.minimumQuotes;
    expect(await minimum('2999.99')).toBe(1);
    expect(await minimum('3000.00')).toBe(1);
    expect(await minimum('3000.01')).toBe(3);
  });
});
