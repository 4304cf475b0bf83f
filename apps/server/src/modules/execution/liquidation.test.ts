import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import { money } from '@amparo/shared/money';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import type { RequestInvoice, RequestRefund } from '@amparo/shared/modules/invoices.schema';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { requestsFixture, type Person } from '../../../test/requests-fixture.ts';
import { executionParts } from './requests.budget.ts';

/** Valid NITs (SAT modulo 11) of this file's providers. */
const NITS = ['12345679', '76543218'];

type Invoices = {
  items: RequestInvoice[];
  given: string;
  invoiced: string;
  refundDue: string;
  excess: string;
  liquidated: string | null;
  refund: RequestRefund | null;
};

/**
 * A paid request's liquidation (issue 27 sections 1–3): its liquidator sends the invoices (less than was given
 * owes a refund, more needs a reason), administration approves it (accepting less invoice by invoice, approving an
 * excess) or returns it; the approval executes exactly the accepted amount on the request's lines and items and
 * releases the rest of the commitment, in one transaction.
 */
describe('the liquidation of a paid request', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  let checkNumber = 8000;
  let invoiceNumber = 100;
  beforeAll(async () => {
    t = await buildTestApp();
    f = await requestsFixture(t, NITS);
  });
  afterAll(() => t.close());

  /** A reserve raised by the fixture's requester (items: the line's amounts), approved and paid by check. */
  async function paid(total = '3000.00', items?: Record<string, unknown>[]): Promise<ExpenseRequest> {
    const r = await f.raise(total, f.requester, { type: 'reserve', ...(items ? { items } : {}) });
    await f.moved(f.boss, r, 'approve_boss');
    await f.moved(f.administration, r, 'approve_admin');
    return f.moved(f.administration, r, 'issue_payment', {
      payment: { method: 'check', bankAccount: '3-033-55555-1', checkNumber: checkNumber++, payeeName: 'Pide' },
    });
  }
  const invoiceBody = (amount: string, over: Record<string, unknown> = {}) => ({
    document: 'paper_invoice',
    providerId: f.providerIds[0],
    serie: 'L',
    number: String(invoiceNumber++),
    emittedOn: todayInGuatemala(),
    amount,
    ...over,
  });
  async function invoiced(r: { id: string }, amount: string, over: Record<string, unknown> = {}, who = f.requester) {
    const res = await who.api.post(`/api/execution/requests/${r.id}/invoices`, invoiceBody(amount, over));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Invoices;
  }
  const invoicesOf = async (r: { id: string }) =>
    (await f.administration.api.get(`/api/execution/requests/${r.id}/invoices`)).json().data as Invoices;
  /** What the request holds on the budget, by kind (Q): committed (commit + release) and executed. */
  async function ledger(id: string) {
    const rows = await t.database.db.execute<{ committed: string; executed: string }>(sql`
      select coalesce(sum(amount) filter (where kind in ('commit', 'release')), 0)::text as committed,
             coalesce(sum(amount) filter (where kind = 'execute'), 0)::text as executed
        from budget_commitments where source_id = ${id}`);
    return rows.rows[0]!;
  }
  const submit = (r: { id: string }, liquidation: Record<string, unknown> = {}, who: Person = f.requester) =>
    f.move(who, r, 'submit_liquidation', { liquidation });
  const approve = (r: { id: string }, liquidation: Record<string, unknown> = {}) =>
    f.move(f.administration, r, 'approve_liquidation', { liquidation });

  it('sends less than was given with the refund confirmed, then executes exactly the invoices on approval', async () => {
    const r = await paid('3000.00');
    expect(await ledger(r.id)).toEqual({ committed: '3000.00', executed: '0' });
    await f.moved(f.requester, r, 'save_liquidation');
    await invoiced(r, '1000.00');
    const two = await invoiced(r, '1500.50');
    expect(two).toMatchObject({ invoiced: '2500.50', refundDue: '499.50', excess: '0.00', refund: null });
    // The warning names the refund; nothing moves until it is confirmed.
    const warned = await submit(r);
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({
      code: 'refund_required',
      errors: [{ field: 'liquidation.confirmRefund', code: 'refund_required', params: { amount: '499.50' } }],
    });
    expect((await f.read(r.id)).status).toBe('liquidado_temp');
    const sent = await submit(r, { confirmRefund: true });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.status).toBe('enviado_liquidacion');
    // Sent: the invoices close, and the refund is owed.
    const closed = await f.requester.api.post(`/api/execution/requests/${r.id}/invoices`, invoiceBody('10.00'));
    expect(closed.json().code).toBe('liquidation_closed');
    expect((await invoicesOf(r)).refund).toMatchObject({ amount: '499.50', status: 'pending' });
    expect(await ledger(r.id)).toEqual({ committed: '3000.00', executed: '0' });

    const approved = await approve(r);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('aprobar_liquidacion');
    expect(await ledger(r.id)).toEqual({ committed: '0.00', executed: '2500.50' });
    expect(await invoicesOf(r)).toMatchObject({ liquidated: '2500.50', refund: { amount: '499.50' } });
    // The liquidator hears of it.
    const notices = await t.database.db.execute(
      sql`select kind from notifications where kind = 'execution.liquidation_decided' and link like ${`%${r.id}`}`,
    );
    expect(notices.rows).toHaveLength(1);

    // The refund: deposited by the liquidator, received by administration.
    let refund = (await invoicesOf(r)).refund!;
    const early = await f.administration.api.post(`/api/execution/requests/${r.id}/refund/receive`, {
      version: refund.version,
    });
    expect(early.json().code).toBe('refund_not_deposited');
    const notMine = await f.administration.api.put(`/api/execution/requests/${r.id}/refund`, {
      depositNumber: 'D-1',
      depositedOn: todayInGuatemala(),
      version: refund.version,
    });
    expect(notMine.statusCode).toBe(403);
    const deposited = await f.requester.api.put(`/api/execution/requests/${r.id}/refund`, {
      depositNumber: 'BI-778812',
      depositedOn: todayInGuatemala(),
      version: refund.version,
    });
    expect(deposited.statusCode, deposited.body).toBe(200);
    refund = deposited.json().data;
    expect(refund).toMatchObject({ status: 'deposited', depositNumber: 'BI-778812' });
    const received = await f.administration.api.post(`/api/execution/requests/${r.id}/refund/receive`, {
      version: refund.version,
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data.status).toBe('received');
    // Administration's register of refunds: in each status, and not the requester's to read.
    const register = async (query: string) =>
      (await f.administration.api.get(`/api/execution/refunds?${query}`)).json().data.items as {
        requestId: string;
        amount: string;
        depositNumber: string | null;
      }[];
    expect(await register('status=received')).toContainEqual(
      expect.objectContaining({ requestId: r.id, amount: '499.50', depositNumber: 'BI-778812' }),
    );
    expect((await register('status=pending')).map((x) => x.requestId)).not.toContain(r.id);
    expect((await f.requester.api.get('/api/execution/refunds')).statusCode).toBe(403);
  });

  it('cannot be settled with value 0, and only its liquidator sends it', async () => {
    const r = await paid('500.00');
    const empty = await submit(r, { confirmRefund: true });
    expect([empty.statusCode, empty.json().code]).toEqual([409, 'liquidation_zero']);
    await invoiced(r, '500.00');
    const byBoss = await submit(r, {}, f.boss);
    expect(byBoss.statusCode).toBe(403);
    expect((await submit(r)).statusCode).toBe(200);
    // Administration sanctioning everything to 0 is a return, not an approval.
    const [only] = (await invoicesOf(r)).items;
    const nothing = await approve(r, { sanctions: [{ invoiceId: only!.id, amount: '0.00', reason: 'Sin respaldo' }] });
    expect(nothing.json().code).toBe('liquidation_zero');
  });

  it('above what was given needs a reason, and administration approving the difference', async () => {
    const r = await paid('1000.00');
    await invoiced(r, '1200.00');
    expect((await invoicesOf(r)).excess).toBe('200.00');
    const noReason = await submit(r);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ field: 'liquidation.excessReason', code: 'required' }]);
    expect((await submit(r, { excessReason: 'Subió el precio del transporte' })).statusCode).toBe(200);
    const unapproved = await approve(r);
    expect(unapproved.statusCode).toBe(409);
    expect(unapproved.json().errors).toEqual([
      {
        field: 'liquidation.acceptExcess',
        code: 'liquidation_excess',
        params: { excess: '200.00', reason: 'Subió el precio del transporte' },
      },
    ]);
    expect((await approve(r, { acceptExcess: true })).statusCode).toBe(200);
    expect(await ledger(r.id)).toEqual({ committed: '0.00', executed: '1200.00' });
    expect((await invoicesOf(r)).refund).toBeNull();
  });

  it('accepts less than claimed invoice by invoice, and the difference becomes a refund', async () => {
    const r = await paid('3000.00');
    await invoiced(r, '2000.00');
    const { items } = await invoiced(r, '1000.00');
    expect((await submit(r)).statusCode).toBe(200);
    expect((await invoicesOf(r)).refund).toBeNull();
    const sanctioned = items[1]!;
    const badAmount = await approve(r, {
      sanctions: [{ invoiceId: sanctioned.id, amount: '1000.00', reason: 'Igual' }],
    });
    expect(badAmount.json().errors).toEqual([
      { field: 'liquidation.sanctions.0.amount', code: 'sanction_not_below_amount', params: { amount: '1000.00' } },
    ]);
    const ok = await approve(r, {
      sanctions: [{ invoiceId: sanctioned.id, amount: '600.00', reason: 'Parte sin respaldo' }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = await invoicesOf(r);
    expect(after.items[1]).toMatchObject({ sanctionedAmount: '600.00', sanctionReason: 'Parte sin respaldo' });
    expect(after).toMatchObject({ liquidated: '2600.00', refund: { amount: '400.00', status: 'pending' } });
    expect(await ledger(r.id)).toEqual({ committed: '0.00', executed: '2600.00' });
  });

  it('returned with a reason, is liquidated again and its refund follows the new invoices', async () => {
    const r = await paid('2000.00');
    await invoiced(r, '1500.00');
    expect((await submit(r, { confirmRefund: true })).statusCode).toBe(200);
    expect((await invoicesOf(r)).refund).toMatchObject({ amount: '500.00', status: 'pending' });
    const noReason = await f.move(f.administration, r, 'return_liquidation');
    expect(noReason.statusCode).toBe(400);
    const back = await f.moved(f.administration, r, 'return_liquidation', { reason: 'Falta una factura' });
    expect(back.status).toBe('liquidado_temp');
    await invoiced(r, '500.00');
    expect((await submit(r)).statusCode).toBe(200);
    expect((await invoicesOf(r)).refund).toMatchObject({ amount: '0.00', status: 'void' });
    expect((await approve(r)).statusCode).toBe(200);
    expect(await ledger(r.id)).toEqual({ committed: '0.00', executed: '2000.00' });
  });

  it('counts a credit note against the invoice it reduces, at most that invoice', async () => {
    const r = await paid('1000.00');
    const { items } = await invoiced(r, '1000.00');
    const base = items[0]!;
    const credit = (amount: string, over: Record<string, unknown> = {}) =>
      f.requester.api.post(
        `/api/execution/requests/${r.id}/invoices`,
        invoiceBody(amount, {
          document: 'NCRE',
          authorization: `${String(invoiceNumber).padStart(8, '0')}-9720-44C0-A9CC-FDE068F0A2E7`,
          creditOf: base.id,
          ...over,
        }),
      );
    const without = await credit('10.00', { creditOf: null });
    expect(without.json().errors).toContainEqual({ field: 'creditOf', code: 'required' });
    const otherIssuer = await credit('10.00', { providerId: f.providerIds[1] });
    expect(otherIssuer.json().errors).toEqual([{ field: 'creditOf', code: 'invalid' }]);
    const tooMuch = await credit('1000.01');
    expect(tooMuch.json().errors).toEqual([
      { field: 'amount', code: 'credit_above_invoice', params: { available: '1000.00' } },
    ]);
    const ok = await credit('200.00');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ invoiced: '800.00', refundDue: '200.00' });
    const removed = await f.requester.api.delete(`/api/execution/requests/${r.id}/invoices/${base.id}`);
    expect([removed.statusCode, removed.json().code]).toEqual([409, 'invoice_has_credits']);
    const lowered = await f.requester.api.put(`/api/execution/requests/${r.id}/invoices/${base.id}`, {
      ...invoiceBody('150.00', { serie: base.serie, number: base.number }),
      version: base.version,
    });
    expect(lowered.json().errors).toEqual([{ field: 'amount', code: 'below_credits', params: { credited: '200.00' } }]);
    expect((await submit(r, { confirmRefund: true })).statusCode).toBe(200);
    expect((await approve(r)).statusCode).toBe(200);
    expect(await ledger(r.id)).toEqual({ committed: '0.00', executed: '800.00' });
  });

  it('changes its liquidator with a reason, shown on the request; the old one no longer liquidates', async () => {
    const r = await paid('700.00');
    const other = await f.person(['ejecucion_solicitudes'], 'relevo', 'Programas');
    const change = (body: Record<string, unknown>, who = f.administration) =>
      who.api.put(`/api/execution/requests/${r.id}/liquidator`, { reason: 'Dejó la institución', ...body });
    const version = (await f.read(r.id)).version;
    expect((await change({ liquidatorId: other.id, version }, f.requester)).statusCode).toBe(403);
    expect((await change({ liquidatorId: f.requester.id, version })).json().errors).toEqual([
      { field: 'liquidatorId', code: 'unchanged' },
    ]);
    const outsider = (
      await t.database.db.execute<{ id: string }>(sql`select id from users where username = 'admin' limit 1`)
    ).rows[0]!.id;
    await t.database.db.execute(sql`update users set active = false where id = ${f.boss.id}`);
    expect((await change({ liquidatorId: f.boss.id, version })).json().errors).toEqual([
      { field: 'liquidatorId', code: 'invalid' },
    ]);
    await t.database.db.execute(sql`update users set active = true where id = ${f.boss.id}`);
    expect(outsider).toBeTruthy();
    const changed = await change({ liquidatorId: other.id, version });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      liquidatorId: other.id,
      liquidatorChanges: [{ fromName: expect.any(String), toName: expect.any(String), reason: 'Dejó la institución' }],
    });
    expect((await change({ liquidatorId: f.requester.id, version })).json().code).toBe('version_conflict');
    const old = await f.requester.api.post(`/api/execution/requests/${r.id}/invoices`, invoiceBody('700.00'));
    expect(old.json().errors).toEqual([{ field: 'request', code: 'not_liquidator' }]);
    await invoiced(r, '700.00', {}, other);
    expect((await submit(r, {}, other)).statusCode).toBe(200);
    expect((await approve(r)).statusCode).toBe(200);
    const late = await change({ liquidatorId: f.requester.id, version: (await f.read(r.id)).version });
    expect([late.statusCode, late.json().code]).toEqual([409, 'liquidator_closed']);
  });

  it('is never approved by its own liquidator', async () => {
    const r = await paid('400.00');
    const version = (await f.read(r.id)).version;
    const named = await f.administration.api.put(`/api/execution/requests/${r.id}/liquidator`, {
      liquidatorId: f.administration.id,
      reason: 'Administración liquida esta reserva',
      version,
    });
    expect(named.statusCode, named.body).toBe(200);
    await invoiced(r, '400.00', {}, f.administration);
    expect((await submit(r, {}, f.administration)).statusCode).toBe(200);
    const own = await approve(r);
    expect([own.statusCode, own.json().code]).toEqual([403, 'transition_not_allowed']);
    const seen = (await f.administration.api.get(`/api/execution/requests/${r.id}`)).json().data as ExpenseRequest;
    expect(seen.refused).toContainEqual(
      expect.objectContaining({ name: 'approve_liquidation', because: 'not_the_liquidator' }),
    );
  });

  it('executes on several lines in proportion to what each held, exact to the centavo', async () => {
    const second = await f.line('50000');
    const r = await paid('300.00', [
      { lineId: f.lineId, description: 'Materiales', unit: 'lote', quantity: '1', unitPrice: '200.00' },
      { lineId: second, description: 'Transporte', unit: 'viaje', quantity: '1', unitPrice: '100.00' },
    ]);
    await invoiced(r, '100.01');
    expect((await submit(r, { confirmRefund: true })).statusCode).toBe(200);
    expect((await approve(r)).statusCode).toBe(200);
    const rows = await t.database.db.execute<{ line_id: string; executed: string; committed: string }>(sql`
      select line_id, sum(amount) filter (where kind = 'execute')::text as executed,
             sum(amount) filter (where kind in ('commit', 'release'))::text as committed
        from budget_commitments where source_id = ${r.id} group by line_id`);
    const byLine = new Map(rows.rows.map((x) => [x.line_id, x]));
    expect(byLine.get(f.lineId)).toMatchObject({ executed: '66.68', committed: '0.00' });
    expect(byLine.get(second)).toMatchObject({ executed: '33.33', committed: '0.00' });
  });
});

describe('executionParts', () => {
  const cells = (...amounts: string[]) => amounts.map((amount, i) => ({ lineId: `l${i}`, month: 3, amount }));
  const parts = (c: ReturnType<typeof cells>, amount: string) => executionParts(c, money(amount)).map(String);
  it('never puts more on a line than it holds while the total is within the commitment', () => {
    // A proportional split would give both spare centavos to the largest line, past the Q 1.00 it holds.
    expect(parts(cells('1.00', '0.01', '0.01'), '1.01')).toEqual(['1', '0.01', '0']);
    expect(parts(cells('200.00', '100.00'), '300.00')).toEqual(['200', '100']);
  });
  it('splits what passes the commitment in the same proportion', () => {
    expect(parts(cells('200.00', '100.00'), '330.00')).toEqual(['220', '110']);
  });
});
