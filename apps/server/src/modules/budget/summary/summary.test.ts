import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { todayInGuatemala } from '@amparo/shared/format';
import { money, sumMoney } from '@amparo/shared/money';
import { sql } from 'drizzle-orm';
import { systemActor, type UserActor } from '../../../lib/actor.ts';
import { as, buildTestApp, createUser, login, planningBody, type TestApp } from '../../../../test/helpers.ts';
import { commit, execute, release } from '../spending/spending.ts';

/**
 * Issue 13 section 5: the POA summary and the funder summary add up exactly to the plan and the ledgers, and
 * the funder summary's xlsx holds the same totals.
 */
describe('budget views', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  let adminId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    admin = as(t.app, adminToken);
    adminId = (await admin.post('/api/user-check', {})).json().data.user.id;
  });
  afterAll(() => t.close());

  const actor = (): UserActor => ({
    ...systemActor('test'),
    system: null,
    userId: adminId,
    sessionId: randomUUID(),
    permissions: new Set(),
  });

  /** The first `n` rows of a sheet, their first two cells (an xlsx's heading). */
  const headingOf = (sheet: ExcelJS.Worksheet, n: number) =>
    Array.from({ length: n }, (_, i) => [sheet.getRow(i + 1).getCell(1).value, sheet.getRow(i + 1).getCell(2).value]);

  /** Two lines of `year` in two axes (Q 0.10 and Q 0.20 a month), one cooperating with one item paying parts of both. */
  async function plan(year: number) {
    const a = await planningBody(admin, {
      year,
      months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1', amount: '0.10' })),
    });
    const b = await planningBody(admin, {
      year,
      months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1', amount: '0.20' })),
    });
    const lineA = (await admin.post('/api/budget/planning', a)).json().data;
    const lineB = (await admin.post('/api/budget/planning', b)).json().data;
    const coop = (
      await admin.post('/api/cooperating', {
        name: 'Fundación Resumen',
        code: `S-${randomBytes(3).toString('hex').toUpperCase()}`,
        country: 'ES',
        startDate: `${year}-01-01`,
        endDate: `${year}-12-31`,
        currency: 'EUR',
        ceiling: '100.00',
      })
    ).json().data;
    const item = (
      await admin.post(`/api/cooperating/${coop.id}/items`, { code: 'R1', name: 'Rubro uno', initialAmount: '10.00' })
    ).json().data;
    for (const [line, amount] of [
      [lineA, '0.10'],
      [lineB, '0.15'],
    ] as const) {
      const res = await admin.post(`/api/budget/assignment/${line.id}/transaction/${item.id}`, {
        type: 'increase',
        reason: 'Convenio',
        months: [1, 2, 3].map((month) => ({ month, amount })),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.database.db.transaction(async (tx) => {
      const source = { type: 'expense_request', id: randomUUID() };
      await commit(tx, actor(), source, [{ lineId: lineB.id, itemId: item.id, month: 2, amount: '0.05' }]);
      await execute(tx, actor(), source, [{ lineId: lineA.id, itemId: item.id, month: 1, amount: '0.07' }]);
    });
    return { a, b, lineA, lineB, coop, item };
  }

  it('sums the POA by axis, program and month exactly, and matches the ledger', async () => {
    const { a, b } = await plan(2041);
    const res = await admin.get('/api/budget/summary/poa?year=2041');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json().data;
    expect(s.lineCount).toBe(2);
    expect(s.total).toMatchObject({
      planned: '3.60',
      assigned: '0.75',
      committed: '0.05',
      executed: '0.07',
      executedPercent: '1.9',
    });
    expect(s.total.months[0]).toMatchObject({ planned: '0.30', assigned: '0.25', executed: '0.07' });
    expect(s.total.months[1]).toMatchObject({ committed: '0.05' });
    const axisA = s.axes.find((x: { code: string }) => x.code === a.strategicAxis);
    expect(axisA).toMatchObject({ planned: '1.20', assigned: '0.30', executed: '0.07' });
    expect(axisA.programs).toEqual([expect.objectContaining({ code: a.program, lineCount: 1, planned: '1.20' })]);
    expect(s.axes.find((x: { code: string }) => x.code === b.strategicAxis)).toMatchObject({ planned: '2.40' });
    // The same figures straight from the tables.
    const [ledger] = (
      await t.database.db.execute<{ planned: string; assigned: string }>(sql`
        select (select sum(m.amount) from planning_months m join planning_lines l on l.id = m.line_id where l.year = 2041)::text as planned,
               (select sum(x.amount) from budget_assignments x join planning_lines l on l.id = x.line_id where l.year = 2041)::text as assigned`)
    ).rows;
    expect([ledger!.planned, ledger!.assigned]).toEqual([s.total.planned, s.total.assigned]);
    // Every level is the sum of the one below it, for the year and for each month, and each percentage is its
    // own executed over planned.
    type Fig = {
      planned: string;
      assigned: string;
      committed: string;
      executed: string;
      executedPercent: string | null;
    };
    type Level = Fig & { months: Fig[] };
    const keys = ['planned', 'assigned', 'committed', 'executed'] as const;
    const addsUp = (parent: Level, children: Level[]) => {
      for (const key of keys) {
        expect(parent[key], key).toBe(sumMoney(children.map((c) => c[key])).toFixed(2));
        parent.months.forEach((m, i) =>
          expect(m[key], `${key} of month ${i + 1}`).toBe(sumMoney(children.map((c) => c.months[i]![key])).toFixed(2)),
        );
      }
      for (const f of [parent, ...parent.months])
        expect(f.executedPercent).toBe(
          money(f.planned).isZero() ? null : money(f.executed).times(100).dividedBy(f.planned).toFixed(1),
        );
    };
    for (const axis of s.axes as (Level & { programs: Level[] })[]) addsUp(axis, axis.programs);
    addsUp(s.total, s.axes);
    expect((await admin.get('/api/budget/summary/poa?year=1999')).statusCode).toBe(400);
    // A year without lines adds up to zeros, not to empty figures.
    const none = (await admin.get('/api/budget/summary/poa?year=2099')).json().data;
    expect(none.axes).toEqual([]);
    expect(none.total).toMatchObject({ planned: '0.00', assigned: '0.00', executed: '0.00', executedPercent: null });
    expect(none.total.months[11]).toMatchObject({ planned: '0.00', committed: '0.00' });
  });

  it('adds every item up to its cooperating and every cooperating up to the total, each level exact', async () => {
    const { coop } = await plan(2045);
    // A second item on the same cooperating, and a cooperating without items.
    const second = (
      await admin.post(`/api/cooperating/${coop.id}/items`, { code: 'R2', name: 'Rubro dos', initialAmount: '5.55' })
    ).json().data;
    expect(second.id).toBeTruthy();
    const empty = await admin.post('/api/cooperating', {
      name: 'Fundación Sin Rubros',
      code: `E-${randomBytes(3).toString('hex').toUpperCase()}`,
      country: 'GT',
      startDate: '2045-01-01',
      endDate: '2045-12-31',
      currency: 'GTQ',
      ceiling: '7.35',
    });
    expect(empty.statusCode, empty.body).toBe(200);
    const data = (await admin.get('/api/budget/summary/funders')).json().data;
    const keys = ['amount', 'assigned', 'unassigned', 'committed', 'executed', 'available'] as const;
    type Figures = Record<(typeof keys)[number], string>;
    const sumOf = (rows: Figures[], key: (typeof keys)[number]) => sumMoney(rows.map((r) => r[key])).toFixed(2);
    const exactEach = (f: Figures) => {
      expect(f.unassigned).toBe(money(f.amount).minus(f.assigned).toFixed(2));
      expect(f.available).toBe(money(f.assigned).minus(f.committed).minus(f.executed).toFixed(2));
    };
    for (const c of data.cooperating as (Figures & { items: Figures[] })[]) {
      exactEach(c);
      c.items.forEach(exactEach);
      for (const key of keys) expect(c[key], key).toBe(c.items.length ? sumOf(c.items, key) : '0.00');
    }
    const mine = data.cooperating.find((c: { id: string }) => c.id === coop.id);
    expect(mine).toMatchObject({ amount: '15.55', assigned: '0.75', unassigned: '14.80', available: '0.63' });
    expect(data.cooperating.find((c: { id: string }) => c.id === empty.json().data.id)).toMatchObject({
      amount: '0.00',
      items: [],
    });
    for (const key of keys) expect(data.total[key], key).toBe(sumOf(data.cooperating, key));
    expect(data.total.ceiling).toBe(sumMoney(data.cooperating.map((c: { ceiling: string }) => c.ceiling)).toFixed(2));
  });

  it('sums per cooperating and item, exports the same totals to xlsx and PDF, audited', async () => {
    const { coop } = await plan(2042);
    const res = await admin.get(`/api/budget/summary/funders?cooperatingId=${coop.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const [c] = res.json().data.cooperating;
    expect(c).toMatchObject({
      ceiling: '100.00',
      amount: '10.00',
      assigned: '0.75',
      unassigned: '9.25',
      committed: '0.05',
      executed: '0.07',
      available: '0.63',
    });
    expect(c.items).toHaveLength(1);
    // As of a day: today's figures are the same; before the cooperating existed there is nothing.
    const today = todayInGuatemala();
    const asOfToday = (await admin.get(`/api/budget/summary/funders?cooperatingId=${coop.id}&asOf=${today}`)).json()
      .data;
    expect(asOfToday.cooperating[0]).toEqual(c);
    const before = (await admin.get(`/api/budget/summary/funders?cooperatingId=${coop.id}&asOf=2001-01-01`)).json()
      .data;
    expect(before.cooperating).toEqual([]);
    expect(before.total).toEqual({
      ceiling: '0.00',
      amount: '0.00',
      assigned: '0.00',
      unassigned: '0.00',
      committed: '0.00',
      executed: '0.00',
      available: '0.00',
    });
    const otherYear = (await admin.get(`/api/budget/summary/funders?cooperatingId=${coop.id}&year=2043`)).json().data;
    expect(otherYear.cooperating[0]).toMatchObject({ amount: '10.00', assigned: '0.00', available: '0.00' });

    const xlsx = await admin.get(`/api/budget/summary/funders/export?cooperatingId=${coop.id}&format=xlsx&lang=es`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const last = sheet.getRow(sheet.rowCount);
    expect(last.getCell(1).value).toBe('Total');
    expect([3, 4, 5, 6, 7, 8].map((n) => last.getCell(n).value)).toEqual([10, 0.75, 9.25, 0.05, 0.07, 0.63]);
    // The PDF's title, filters and generated instant above the header; named after the year, not the day.
    expect(headingOf(sheet, 4)).toEqual([
      ['Resumen por cooperante', null],
      ['Año', 'Todos'],
      ['Generado', expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)],
      [null, null],
    ]);
    expect(sheet.getRow(5).getCell(4).value).toBe('Asignado');
    expect(xlsx.headers['content-disposition']).toContain('filename="resumen-por-cooperante-todos.xlsx"');
    const ofYear = await admin.get(`/api/budget/summary/funders/export?year=2042&format=pdf&lang=es`);
    expect(ofYear.headers['content-disposition']).toContain('filename="resumen-por-cooperante-2042.pdf"');

    const pdf = await admin.get(`/api/budget/summary/funders/export?cooperatingId=${coop.id}&format=pdf&lang=en`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const audits = await t.database.db.execute<{ entity_id: string }>(
      sql`select entity_id from audit_log where entity = 'funder_summary' and action = 'export' order by id`,
    );
    expect(audits.rows.map((r) => r.entity_id)).toEqual(['xlsx', 'pdf', 'pdf']);
  });

  it('exports the POA summary to xlsx and PDF, with the title, filters and generated instant, named after the year', async () => {
    await plan(2044);
    const xlsx = await admin.get('/api/budget/summary/poa/export?year=2044&format=xlsx&lang=es');
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('filename="resumen-del-poa-2044.xlsx"');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(headingOf(sheet, 5)).toEqual([
      ['Resumen del POA', null],
      ['Año', '2044'],
      ['Revisión', 'Vigente (líneas actuales)'],
      ['Generado', expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}$/)],
      [null, null],
    ]);
    expect(sheet.getRow(6).getCell(1).value).toBe('Eje estratégico');
    // Two programs, each with its axis's total row, then the year's total: the summary's exact figures.
    expect(sheet.rowCount).toBe(6 + 4 + 1);
    const last = sheet.getRow(sheet.rowCount);
    expect([1, 3, 4, 5, 6, 7, 8].map((n) => last.getCell(n).value)).toEqual([
      'Total',
      2,
      3.6,
      0.75,
      0.05,
      0.07,
      '1.9 %',
    ]);

    const pdf = await admin.get('/api/budget/summary/poa/export?year=2044&format=pdf&lang=en');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.headers['content-disposition']).toContain('filename="poa-summary-2044.pdf"');
    expect((await admin.get('/api/budget/summary/poa/export?year=2044&revision=9&format=pdf')).statusCode).toBe(400);
    const audits = await t.database.db.execute<{ entity_id: string }>(
      sql`select entity_id from audit_log where entity = 'poa_summary' and action = 'export' order by id`,
    );
    expect(audits.rows.map((r) => r.entity_id)).toEqual(['xlsx', 'pdf']);
  });

  it("limits the funder figures to a year's lines, and lists a cooperating without items once with zeros", async () => {
    // One agreement over two years, one item paying a line of each year.
    const coop = (
      await admin.post('/api/cooperating', {
        name: 'Fundación Dos Años',
        code: `Y-${randomBytes(3).toString('hex').toUpperCase()}`,
        country: 'GT',
        startDate: '2044-01-01',
        endDate: '2045-12-31',
        currency: 'GTQ',
        ceiling: '1000.00',
      })
    ).json().data;
    const item = (
      await admin.post(`/api/cooperating/${coop.id}/items`, { code: 'R1', name: 'Rubro', initialAmount: '500.00' })
    ).json().data;
    const lines: { id: string }[] = [];
    for (const [year, amount] of [
      [2044, '1.25'],
      [2045, '2.50'],
    ] as const) {
      const line = (await admin.post('/api/budget/planning', await planningBody(admin, { year }))).json().data;
      const res = await admin.post(`/api/budget/assignment/${line.id}/transaction/${item.id}`, {
        type: 'increase',
        reason: 'Convenio',
        months: [{ month: 3, amount }],
      });
      expect(res.statusCode, res.body).toBe(200);
      lines.push(line);
    }
    await t.database.db.transaction(async (tx) => {
      const source = { type: 'expense_request', id: randomUUID() };
      const cell = { itemId: item.id, month: 3 };
      await execute(tx, actor(), source, [{ ...cell, lineId: lines[0].id, amount: '0.25' }]);
      await commit(tx, actor(), source, [{ ...cell, lineId: lines[1].id, amount: '1.00' }]);
      await release(tx, actor(), source, [{ ...cell, lineId: lines[1].id, amount: '0.40' }]);
    });
    const funders = async (query: string) =>
      (await admin.get(`/api/budget/summary/funders?cooperatingId=${coop.id}${query}`)).json().data.cooperating[0];
    expect(await funders('&year=2044')).toMatchObject({
      amount: '500.00',
      assigned: '1.25',
      committed: '0.00',
      executed: '0.25',
      available: '1.00',
    });
    expect(await funders('&year=2045')).toMatchObject({ assigned: '2.50', committed: '0.60', executed: '0.00' });
    const all = await funders('');
    expect(all).toMatchObject({ assigned: '3.75', unassigned: '496.25', committed: '0.60', executed: '0.25' });
    expect(all.items).toEqual([expect.objectContaining({ id: item.id, assigned: '3.75', available: '2.90' })]);

    const empty = (
      await admin.post('/api/cooperating', {
        name: 'Fundación Sin Rubros',
        code: `E-${randomBytes(3).toString('hex').toUpperCase()}`,
        country: 'GT',
        startDate: '2044-01-01',
        endDate: '2044-12-31',
        currency: 'GTQ',
        ceiling: '10.00',
      })
    ).json().data;
    for (const query of ['', '&year=2044']) {
      const res = (await admin.get(`/api/budget/summary/funders?cooperatingId=${empty.id}${query}`)).json().data;
      expect(res.cooperating).toEqual([
        expect.objectContaining({ id: empty.id, items: [], amount: '0.00', assigned: '0.00', available: '0.00' }),
      ]);
    }
  });

  it('answers the POA summary to presupuesto_planificacion and the funder summary to asignacion only', async () => {
    const planner = as(
      t.app,
      (await createUser(t.app, adminToken, ['presupuesto', 'presupuesto_planificacion'], 'poa')).token,
    );
    expect((await planner.get('/api/budget/summary/poa?year=2041')).statusCode).toBe(200);
    expect((await planner.get('/api/budget/summary/poa/export?year=2041&format=xlsx')).statusCode).toBe(200);
    expect((await planner.get('/api/budget/summary/funders')).statusCode).toBe(403);
    const funders = as(t.app, (await createUser(t.app, adminToken, ['asignacion'], 'funders')).token);
    expect((await funders.get('/api/budget/summary/poa/export?year=2041&format=xlsx')).statusCode).toBe(403);
  });
});

describe('budget summaries take their turn (issue 24 section 1)', () => {
  it('wait while REPORT_CONCURRENCY summaries run, and answer 503 busy_try_later past REPORT_QUEUE_MAX', async () => {
    const t = await buildTestApp({ REPORT_CONCURRENCY: '1', REPORT_QUEUE_MAX: '1' });
    try {
      const admin = as(t.app, await login(t.app));
      let release!: () => void;
      const held = t.app.reports.task(() => new Promise<void>((resolve) => (release = resolve)));
      // The one turn is held: a summary waits in the one place; a second one finds no place.
      let answered = false;
      const waiting = admin.get('/api/budget/summary/poa?year=2046').then((res) => {
        answered = true;
        return res;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      const refused = await admin.get('/api/budget/summary/funders');
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ code: 'busy_try_later' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(answered).toBe(false);
      release();
      await held;
      expect((await waiting).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });
});
