import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import type { ExpenseRequest } from '@amparo/shared/modules/execution.schema';
import type { RequestPerDiems } from '@amparo/shared/modules/per-diems.schema';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { requestsFixture } from '../../../test/requests-fixture.ts';

const NITS = ['12345679'];

/**
 * A travel's per diems (issue 27 section 1: "travel expenses liquidate per-diem lines by destination and days
 * against the advance"; decision 0033): its liquidator writes them beside the invoices, for the trip's travellers,
 * within its days and the daily maximum in force; they count in the liquidation, its refund and its execution.
 */
describe("a travel's per diems", () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  let checkNumber = 9100;
  beforeAll(async () => {
    t = await buildTestApp();
    f = await requestsFixture(t, NITS);
  });
  afterAll(() => t.close());

  /** A travel of 3 days (8 to 10 March 2027) for the requester, approved and paid Q `total`. */
  async function paidTrip(total: string): Promise<ExpenseRequest> {
    const r = await f.raise(total, f.requester, {
      type: 'travel_expenses',
      providers: [],
      travel: {
        destination: 'Cobán, Alta Verapaz',
        departureDate: '2027-03-08',
        returnDate: '2027-03-10',
        directions: ['go', 'return'],
        travellerIds: [f.requester.id],
      },
    });
    await f.moved(f.boss, r, 'approve_boss');
    await f.moved(f.administration, r, 'approve_admin');
    return f.moved(f.administration, r, 'issue_payment', {
      payment: { method: 'check', bankAccount: '3-033-66666-1', checkNumber: checkNumber++, payeeName: 'Pide' },
    });
  }
  const add = (r: { id: string }, body: Record<string, unknown>, who = f.requester) =>
    who.api.post(`/api/execution/requests/${r.id}/per-diems`, {
      travellerId: f.requester.id,
      destination: 'Cobán',
      days: '2.5',
      dailyRate: '300.00',
      ...body,
    });
  const refusal = async (
    res: Promise<{
      statusCode: number;
      json: () => { errors?: { field: string; code: string; params?: unknown }[]; code: string };
    }>,
  ) => {
    const answer = await res;
    return { status: answer.statusCode, code: answer.json().code, error: answer.json().errors?.[0] };
  };

  it('records per diems within the trip and the daily maximum, and refuses the rest', async () => {
    const r = await paidTrip('1500.00');
    const res = await add(r, {});
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().data as RequestPerDiems;
    expect(list).toMatchObject({ total: '750.00', dailyMax: '350.00' });
    expect(list.items[0]).toMatchObject({ days: '2.5', dailyRate: '300.00', amount: '750.00', destination: 'Cobán' });
    expect(await refusal(add(r, { days: '3.5' }))).toMatchObject({
      status: 400,
      error: { field: 'days', code: 'per_diem_days_exceed', params: { max: 3 } },
    });
    expect(await refusal(add(r, { days: '1.25' }))).toMatchObject({
      status: 400,
      error: { code: 'per_diem_half_days' },
    });
    expect(await refusal(add(r, { days: '0' }))).toMatchObject({ status: 400, error: { code: 'per_diem_half_days' } });
    expect(await refusal(add(r, { dailyRate: '350.01' }))).toMatchObject({
      status: 400,
      error: { field: 'dailyRate', code: 'per_diem_above_rate', params: { max: '350.00' } },
    });
    expect(await refusal(add(r, { travellerId: f.boss.id }))).toMatchObject({
      status: 400,
      error: { field: 'travellerId', code: 'not_a_traveller' },
    });
    // Only its liquidator writes them; others read them.
    expect((await add(r, {}, f.boss)).statusCode).toBe(403);
    expect((await f.administration.api.get(`/api/execution/requests/${r.id}/per-diems`)).json().data.total).toBe(
      '750.00',
    );
    // An edit at a stale version is refused; removal empties the list, audited.
    const id = list.items[0]!.id;
    const put = (version: number) =>
      f.requester.api.put(`/api/execution/requests/${r.id}/per-diems/${id}`, {
        travellerId: f.requester.id,
        destination: 'Cobán y San Pedro Carchá',
        days: '3',
        dailyRate: '300.00',
        version,
      });
    expect((await put(1)).json().data.total).toBe('900.00');
    expect((await put(1)).statusCode).toBe(409);
    expect((await f.requester.api.delete(`/api/execution/requests/${r.id}/per-diems/${id}`)).json().data.total).toBe(
      '0.00',
    );
    const audits = await t.database.db.execute<{ action: string }>(
      sql`select action from audit_log where entity = 'expense_request_per_diem' and entity_id = ${id} order by id`,
    );
    expect(audits.rows.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });

  it('belong to travel expenses only', async () => {
    const reserve = await f.raise('500.00', f.requester, { type: 'reserve' });
    await f.moved(f.boss, reserve, 'approve_boss');
    await f.moved(f.administration, reserve, 'approve_admin');
    const paidReserve = await f.moved(f.administration, reserve, 'issue_payment', {
      payment: { method: 'check', bankAccount: '3-033-66666-1', checkNumber: checkNumber++, payeeName: 'Pide' },
    });
    expect(await refusal(add(paidReserve, {}))).toMatchObject({ status: 409, code: 'per_diem_not_travel' });
    const read = await f.requester.api.get(`/api/execution/requests/${paidReserve.id}/per-diems`);
    expect(read.json().data).toEqual({ items: [], total: '0.00', dailyMax: null });
  });

  it('count in the liquidation against the advance: the refund and the execution include them', async () => {
    const r = await paidTrip('1500.00');
    expect((await add(r, { days: '3', dailyRate: '250.00' })).statusCode).toBe(200);
    const invoice = await f.requester.api.post(`/api/execution/requests/${r.id}/invoices`, {
      document: 'paper_invoice',
      providerId: f.providerIds[0],
      serie: 'H',
      number: '77',
      emittedOn: todayInGuatemala(),
      amount: '600.00',
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    // Q 750.00 of per diems + Q 600.00 invoiced of Q 1,500.00 given: a refund of Q 150.00.
    expect(invoice.json().data).toMatchObject({ invoiced: '600.00', perDiems: '750.00', refundDue: '150.00' });
    const sent = await f.move(f.requester, r, 'submit_liquidation', {});
    expect(sent.statusCode).toBe(409);
    expect(sent.json().errors[0]).toMatchObject({ code: 'refund_required', params: { amount: '150.00' } });
    await f.moved(f.requester, r, 'submit_liquidation', { liquidation: { confirmRefund: true } });
    // Written no more once sent.
    expect(await refusal(add(r, {}))).toMatchObject({ status: 409, code: 'liquidation_closed' });
    const approved = await f.moved(f.administration, r, 'approve_liquidation');
    expect(approved).toMatchObject({ status: 'aprobar_liquidacion' });
    const executed = await t.database.db.execute<{ n: string }>(
      sql`select coalesce(sum(amount), 0)::text as n from budget_commitments where source_id = ${r.id} and kind = 'execute'`,
    );
    expect(executed.rows[0]!.n).toBe('1350.00');
  });
});
