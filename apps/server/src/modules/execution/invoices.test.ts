import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import type { RequestInvoice } from '@amparo/shared/modules/invoices.schema';
import { buildTestApp, inDays, type TestApp } from '../../../test/helpers.ts';
import { postgresOnly } from '../../../test/postgres-only.ts';
import { requestsFixture } from '../../../test/requests-fixture.ts';

/** Valid NITs (SAT modulo 11) of this file's providers. */
const NITS = ['12345679', '76543218'];
const UUID = 'D412A347-9720-44C0-A9CC-FDE068F0A2E7';

/**
 * The invoices of a paid request (issue 27 section 1): recorded by its liquidator while its liquidation is not
 * sent, each once in the whole system (FEL by issuer and authorization, paper by issuer, serie and number, without
 * case, spaces or leading zeros), dated neither after today nor too long before the request, with the retentions
 * its provider's regime asks.
 */
describe('the invoices of a paid request', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  let simplified: string;
  let checkNumber = 7000;
  beforeAll(async () => {
    t = await buildTestApp();
    f = await requestsFixture(t, NITS);
    const res = await f.admin.post('/api/providers', {
      name: 'Transportes Pequeños',
      nit: '44556675',
      taxRegime: 'simplified',
      hasRetention: true,
      state: '01',
    });
    expect(res.statusCode, res.body).toBe(200);
    simplified = res.json().data.id;
  });
  afterAll(() => t.close());

  /** A reserve of `total` (Q) raised by the fixture's requester, approved and paid by check. */
  async function paid(total = '3000.00'): Promise<ExpenseRequest> {
    const r = await f.raise(total, f.requester, { type: 'reserve' });
    await f.moved(f.boss, r, 'approve_boss');
    await f.moved(f.administration, r, 'approve_admin');
    return f.moved(f.administration, r, 'issue_payment', {
      payment: { method: 'check', bankAccount: '3-033-55555-1', checkNumber: checkNumber++, payeeName: 'Pide' },
    });
  }
  const invoice = (over: Record<string, unknown> = {}) => ({
    document: 'paper_invoice',
    providerId: f.providerIds[0],
    serie: 'A',
    number: '003411',
    emittedOn: todayInGuatemala(),
    amount: '1000.00',
    ...over,
  });
  const add = (r: { id: string }, body: Record<string, unknown>, who = f.requester) =>
    who.api.post(`/api/execution/requests/${r.id}/invoices`, body);
  const added = async (r: { id: string }, body: Record<string, unknown>) => {
    const res = await add(r, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { items: RequestInvoice[]; given: string; invoiced: string; unchecked: number };
  };

  it('records paper and FEL invoices with their sums; the FEL serie and number come from the UUID', async () => {
    const r = await paid('3000.00');
    await added(r, invoice());
    const list = await added(r, invoice({ document: 'FACT', authorization: UUID.toLowerCase(), amount: '500.50' }));
    expect(list).toMatchObject({ given: '3000.00', invoiced: '1500.50', unchecked: 1 });
    expect(list.items.map((i) => [i.document, i.serie, i.number, i.authorization, i.issuerNit])).toEqual([
      ['paper_invoice', 'A', '003411', null, NITS[0]],
      ['FACT', 'D412A347', '2535474368', UUID, NITS[0]],
    ]);
    // Whoever may open the request reads them; the change is audited.
    const read = await f.administration.api.get(`/api/execution/requests/${r.id}/invoices`);
    expect(read.json().data.items).toHaveLength(2);
    const audits = await t.database.db.execute(
      sql`select action from audit_log where entity = 'expense_request_invoice' and entity_id = ${list.items[0]!.id}`,
    );
    expect(audits.rows).toEqual([{ action: 'create' }]);
  });

  it('refuses an invoice already registered, here or in another request, without case, spaces or leading zeros', async () => {
    const first = await paid();
    const second = await paid();
    await added(first, invoice({ serie: 'b', number: '77' }));
    const again = await add(second, invoice({ serie: ' B ', number: '0077' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'invoice_duplicate',
      errors: [{ field: 'invoice', code: 'invoice_duplicate', params: { number: first.number } }],
    });
    // The same invoice twice in one liquidation, and a FEL invoice under another case.
    expect((await add(first, invoice({ serie: 'B', number: '77' }))).statusCode).toBe(409);
    await added(first, invoice({ document: 'FACT', authorization: '0A412A34-9720-44C0-A9CC-FDE068F0A2E7' }));
    expect(
      (await add(second, invoice({ document: 'FACT', authorization: '0a412a34-9720-44c0-a9cc-fde068f0a2e7' })))
        .statusCode,
    ).toBe(409);
    // Another issuer's invoice with the same serie and number is another invoice.
    await added(second, invoice({ providerId: f.providerIds[1], serie: 'B', number: '77' }));
    // Changing an invoice's provider into a duplicate is refused too, and changes nothing.
    const mine = (await added(second, invoice({ providerId: f.providerIds[1], serie: 'C', number: '1' }))).items.at(
      -1,
    )!;
    const moved = await f.requester.api.put(`/api/execution/requests/${second.id}/invoices/${mine.id}`, {
      ...invoice({ providerId: f.providerIds[1], serie: 'B', number: '00077' }),
      version: mine.version,
    });
    expect(moved.statusCode).toBe(409);
    const edited = await f.requester.api.put(`/api/execution/requests/${second.id}/invoices/${mine.id}`, {
      ...invoice({ providerId: f.providerIds[1], serie: 'C', number: '2', amount: '20.00' }),
      version: mine.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const stale = await f.requester.api.put(`/api/execution/requests/${second.id}/invoices/${mine.id}`, {
      ...invoice({ providerId: f.providerIds[1], serie: 'C', number: '3' }),
      version: mine.version,
    });
    expect(stale.json().code).toBe('version_conflict');
    // Removed, its key is free again.
    const removed = await f.requester.api.delete(`/api/execution/requests/${second.id}/invoices/${mine.id}`);
    expect(removed.json().data.items.map((i: RequestInvoice) => i.id)).not.toContain(mine.id);
  });

  it('refuses bad invoices with the field, and writes nothing', async () => {
    const r = await paid();
    const errors = async (body: Record<string, unknown>) => {
      const res = await add(r, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors;
    };
    expect(await errors(invoice({ emittedOn: inDays(1) }))).toEqual([
      { field: 'emittedOn', code: 'invoice_after_today' },
    ]);
    // The setting allows 60 days before the request was raised (today).
    expect(await errors(invoice({ emittedOn: inDays(-61) }))).toEqual([
      { field: 'emittedOn', code: 'invoice_too_old', params: { days: 60, earliest: inDays(-60) } },
    ]);
    expect(await errors(invoice({ amount: '-5.00' }))).toContainEqual(expect.objectContaining({ field: 'amount' }));
    expect(await errors(invoice({ number: '34-11' }))).toContainEqual({ field: 'number', code: 'invalid' });
    expect(await errors(invoice({ serie: 'A/1' }))).toContainEqual({ field: 'serie', code: 'invalid' });
    expect(await errors(invoice({ document: 'FACT' }))).toContainEqual({ field: 'authorization', code: 'required' });
    expect(await errors(invoice({ document: 'FACT', authorization: 'D412A347-9720' }))).toContainEqual({
      field: 'authorization',
      code: 'invalid',
    });
    expect(await errors(invoice({ providerId: '00000000-0000-4000-8000-000000000000' }))).toEqual([
      { field: 'providerId', code: 'unknown_code' },
    ]);
    expect((await f.read(r.id)).version).toBeGreaterThan(0);
    expect((await f.requester.api.get(`/api/execution/requests/${r.id}/invoices`)).json().data.items).toEqual([]);
  });

  it('is written by the liquidator only, and only while the request is paid', async () => {
    const r = await paid();
    const byAdmin = await add(r, invoice({ number: '9' }), f.administration);
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json().errors).toEqual([{ field: 'request', code: 'not_liquidator' }]);
    // Another staff member who may not open the request does not learn it exists.
    const stranger = await f.person(['ejecucion_solicitudes'], 'extrana', 'Otro');
    expect((await add(r, invoice({ number: '9' }), stranger)).statusCode).toBe(404);
    expect((await stranger.api.get(`/api/execution/requests/${r.id}/invoices`)).statusCode).toBe(404);
    const unpaid = await f.raise('100.00', f.requester, { type: 'reserve' });
    const early = await add(unpaid, invoice({ number: '10' }));
    expect([early.statusCode, early.json().code]).toEqual([409, 'liquidation_closed']);
  });

  it('retains ISR from a provider of the simplified regime above the threshold, shown per invoice', async () => {
    const r = await paid('4000.00');
    const list = await added(r, invoice({ providerId: simplified, number: '55', amount: '3360.00' }));
    expect(list.items[0]).toMatchObject({
      amount: '3360.00',
      base: '3000.00',
      isrRetained: '150.00',
      ivaRetained: '0.00',
    });
  });

  postgresOnly('lets exactly one of two parallel liquidations take the same invoice', async () => {
    const [a, b] = [await paid(), await paid()];
    const body = invoice({ serie: 'RACE', number: '1' });
    const answers = await Promise.all([add(a, body), add(b, body)]);
    expect(answers.map((x) => x.statusCode).sort()).toEqual([200, 409]);
    const lost = answers.find((x) => x.statusCode === 409)!.json();
    expect(lost.code).toBe('invoice_duplicate');
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from expense_request_invoices where serie = 'RACE'`,
    );
    expect(rows.rows).toEqual([{ n: 1 }]);
  });
});
