import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInGuatemala } from '@amparo/shared/format';
import type { ExecutionBudget, ExecutionBudgetRequest } from '@amparo/shared/modules/execution-budget.schema';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { requestsFixture } from '../../../test/requests-fixture.ts';

const NITS = ['12345679'];

/**
 * The budget's execution view (issue 27 section 3): what a year's lines and their funders' items hold in a range
 * of months, by axis, program, expense type, cooperating or item, and the requests behind a figure; exported.
 */
describe("the budget's execution view", () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof requestsFixture>>;
  let line: { axis: string; program: string; expense_type: string; item_id: string; cooperating_id: string };
  let executedId: string;
  let committedId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    f = await requestsFixture(t, NITS);
    line = (
      await t.database.db.execute<typeof line>(sql`
        select l.strategic_axis as axis, l.program, l.expense_type, a.item_id, a.cooperating_id
          from planning_lines l join budget_assignments a on a.line_id = l.id where l.id = ${f.lineId} limit 1`)
    ).rows[0]!;
    // One request liquidated for Q 2,500.00 of its Q 3,000.00, another paid and still committed (Q 1,000.00).
    const pay = async (total: string, n: number) => {
      const r = await f.raise(total, f.requester, { type: 'reserve' });
      await f.moved(f.boss, r, 'approve_boss');
      await f.moved(f.administration, r, 'approve_admin');
      return f.moved(f.administration, r, 'issue_payment', {
        payment: { method: 'check', bankAccount: '3-033-44444-1', checkNumber: n, payeeName: 'Pide' },
      });
    };
    const done = await pay('3000.00', 1);
    const invoice = await f.requester.api.post(`/api/execution/requests/${done.id}/invoices`, {
      document: 'paper_invoice',
      providerId: f.providerIds[0],
      serie: 'V',
      number: '1',
      emittedOn: todayInGuatemala(),
      amount: '2500.00',
    });
    expect(invoice.statusCode, invoice.body).toBe(200);
    await f.moved(f.requester, done, 'submit_liquidation', { liquidation: { confirmRefund: true } });
    await f.moved(f.administration, done, 'approve_liquidation');
    executedId = done.id;
    committedId = (await pay('1000.00', 2)).id;
  });
  afterAll(() => t.close());

  const view = async (query: string) => {
    const res = await f.administration.api.get(`/api/execution/budget?year=2027&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ExecutionBudget;
  };

  it('sums planned, assigned, committed, executed and available by axis for the months asked', async () => {
    const march = await view(`by=axis&fromMonth=3&toMonth=3&axis=${line.axis}`);
    expect(march.rows).toEqual([
      {
        key: line.axis,
        name: null,
        axis: null,
        cooperatingId: null,
        planned: '200000.00',
        assigned: '100000.00',
        committed: '1000.00',
        executed: '2500.00',
        available: '96500.00',
        executedPercent: '2.5',
      },
    ]);
    expect(march.total).toMatchObject({ committed: '1000.00', executed: '2500.00' });
    // Outside March the line planned money but nothing was assigned, committed or executed.
    const april = await view(`by=program&fromMonth=4&toMonth=5&axis=${line.axis}`);
    expect(april.rows).toEqual([
      expect.objectContaining({
        key: line.program,
        axis: line.axis,
        planned: '400000.00',
        assigned: '0.00',
        executed: '0.00',
        executedPercent: null,
      }),
    ]);
  });

  it('reads the same totals from the kept totals (by axis, program) as from the ledgers (the other views)', async () => {
    for (const months of ['fromMonth=1&toMonth=12', 'fromMonth=3&toMonth=4']) {
      const kept = await view(`by=program&${months}`);
      const ledger = await view(`by=expense_type&${months}`);
      expect(kept.total).toEqual(ledger.total);
      expect(Number(kept.total.executed)).toBeGreaterThan(0);
    }
  });

  it('by item names the funder and has no plan; an item filter keeps only its figures', async () => {
    const byItem = await view(`by=item&fromMonth=1&toMonth=12&itemId=${line.item_id}`);
    expect(byItem.rows).toHaveLength(1);
    expect(byItem.rows[0]).toMatchObject({
      key: line.item_id,
      name: expect.stringMatching(/^C-[0-9A-F]{6} \/ R1 – Rubro$/),
      cooperatingId: line.cooperating_id,
      planned: null,
      executed: '2500.00',
      committed: '1000.00',
    });
    const byCooperating = await view(`by=cooperating&itemId=${line.item_id}`);
    expect(byCooperating.rows[0]).toMatchObject({
      key: line.cooperating_id,
      name: expect.stringContaining('Fundación'),
    });
    const bad = await f.administration.api.get('/api/execution/budget?year=2027&fromMonth=5&toMonth=2');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ field: 'toMonth', code: 'invalid' });
  });

  it('lists the requests behind a figure, newest first, with their invoices', async () => {
    const res = await f.administration.api.get(
      `/api/execution/budget/requests?year=2027&fromMonth=3&toMonth=3&itemId=${line.item_id}&pageSize=10`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data as { items: ExecutionBudgetRequest[]; total: number };
    expect(page.total).toBe(2);
    expect(page.items.map((r) => [r.id, r.committed, r.executed, r.invoices, r.status])).toEqual([
      [committedId, '1000.00', '0.00', 0, 'emision_cheque'],
      [executedId, '0.00', '2500.00', 1, 'aprobar_liquidacion'],
    ]);
    // Another funder's item, or months without them, list none.
    const none = await f.administration.api.get(
      `/api/execution/budget/requests?year=2027&fromMonth=4&toMonth=12&itemId=${line.item_id}`,
    );
    expect(none.json().data).toMatchObject({ items: [], total: 0 });
    // Not the requester's to read.
    expect((await f.requester.api.get('/api/execution/budget?year=2027')).statusCode).toBe(403);
  });

  it('exports the view as xlsx and PDF, audited', async () => {
    const xlsx = await f.administration.api.get('/api/execution/budget/export?year=2027&by=axis&format=xlsx');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect(xlsx.headers['content-disposition']).toContain('ejecucion-presupuestaria-2027-1-12.xlsx');
    const pdf = await f.administration.api.get('/api/execution/budget/export?year=2027&by=item&format=pdf&lang=en');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    const audits = await t.database.db.execute(sql`select 1 from audit_log where entity = 'execution_budget'`);
    expect(audits.rows).toHaveLength(2);
  });
});
