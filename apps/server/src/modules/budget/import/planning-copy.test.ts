import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  as,
  buildTestApp,
  countRows,
  createUser,
  login,
  planningBody,
  type TestApp,
} from '../../../../test/helpers.ts';

/**
 * Copying a year's plan to the next year (issue 13 section 3): the preview
 * says what will be created (count, totals per month and the year's, the
 * lines) and which lines are left out and why (an item, user or headquarter
 * now inactive); the copy creates exactly those lines in one transaction,
 * refuses a preview gone stale and a second copy of the same year (also when
 * both copies run at once), and needs presupuesto_planificacion.
 */
describe('copying a year of the POA to the next', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  const FROM = 2040;

  const lineAmounts = (cents: string) =>
    Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '1.25', amount: `${i + 1}.${cents}` }));
  const sumsOf = async (year: number) =>
    (
      await t.database.db.execute<{ month: number; amount: string; goal: string }>(
        sql`select m.month, sum(m.amount)::text as amount, sum(m.goal)::text as goal
            from planning_months m join planning_lines l on l.id = m.line_id
            where l.year = ${year} group by m.month order by m.month`,
      )
    ).rows;

  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    admin = as(t.app, adminToken);
    const post = async (body: Record<string, unknown>) => {
      const res = await admin.post('/api/budget/planning', body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: string };
    };
    // Three lines that will be copied (Q 78.10 + Q 78.20 + Q 1,200.00) …
    const codes = await planningBody(admin, { year: FROM, months: lineAmounts('01') });
    await post(codes);
    const same = {
      strategicAxis: codes.strategicAxis as string,
      program: codes.program as string,
      expenseType: codes.expenseType as string,
    };
    await post(
      await planningBody(
        admin,
        { year: FROM, months: lineAmounts('02'), municipality: '0101', description: 'Kits' },
        same,
      ),
    );
    await post(await planningBody(admin, { year: FROM }));
    // … one whose expense type is deactivated since …
    const stale = await planningBody(admin, { year: FROM, description: 'Tipo de gasto retirado' });
    await post(stale);
    const types = (await admin.get('/api/catalogs/expense_type/items')).json().data as {
      id: string;
      code: string;
      es: string;
      en: string;
      version: number;
    }[];
    const type = types.find((i) => i.code === stale.expenseType)!;
    expect(
      (
        await admin.put(`/api/catalogs/items/${type.id}`, {
          es: type.es,
          en: type.en,
          active: false,
          version: type.version,
        })
      ).statusCode,
    ).toBe(200);
    // … and one whose responsible has left.
    const gone = await createUser(t.app, adminToken, [], 'retirada');
    await post(
      await planningBody(admin, { year: FROM, responsibleId: gone.id, description: 'Responsable retirada' }, same),
    );
    await t.database.db.execute(sql`update users set active = false where id = ${gone.id}`);
    // Another year is not copied.
    await post(await planningBody(admin, { year: FROM - 1 }, same));
  });
  afterAll(() => t.close());

  it('previews the lines to create with their totals, and the skipped ones with their reasons', async () => {
    const res = await admin.get(`/api/budget/planning/copy-year/preview?from=${FROM}&pageSize=2`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({ from: FROM, to: FROM + 1, lines: 3, alreadyCopied: 0, page: 1, pageSize: 2 });
    expect(p.items).toHaveLength(2);
    expect(p.totals.months[0]).toBe('102.03'); // 1.01 + 1.02 + 100.00
    expect(p.totals.months[11]).toBe('124.03');
    expect(p.totals.total).toBe('1356.36'); // 78.12 + 78.24 + 1,200.00
    const page2 = (await admin.get(`/api/budget/planning/copy-year/preview?from=${FROM}&pageSize=2&page=2`)).json()
      .data;
    expect(page2.items).toHaveLength(1);
    expect(
      p.skipped.map((s: { description: string; reasons: unknown[] }) => [s.description, s.reasons]).sort(),
    ).toEqual([
      ['Responsable retirada', [{ field: 'responsibleId', code: 'inactive' }]],
      ['Tipo de gasto retirado', [{ field: 'expenseType', code: 'inactive' }]],
    ]);
    // An empty year previews nothing.
    expect((await admin.get('/api/budget/planning/copy-year/preview?from=2090')).json().data).toMatchObject({
      lines: 0,
      items: [],
      skipped: [],
      totals: { total: '0.00' },
    });
    expect((await admin.get('/api/budget/planning/copy-year/preview?from=2100')).statusCode).toBe(400);
  });

  it('refuses a stale preview, copies exactly the previewed lines once, audited, and refuses a second copy', async () => {
    const p = (await admin.get(`/api/budget/planning/copy-year/preview?from=${FROM}`)).json().data;
    const lines = await countRows(t.database, 'planning_lines');
    const stale = await admin.post('/api/budget/planning/copy-year', { from: FROM, expectedLines: p.lines + 1 });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'copy_preview_stale',
      errors: [{ field: 'expectedLines', code: 'invalid', params: { lines: 3, total: p.totals.total } }],
    });
    const wrongTotal = await admin.post('/api/budget/planning/copy-year', {
      from: FROM,
      expectedLines: p.lines,
      expectedTotal: '1.00',
    });
    expect(wrongTotal.json().code).toBe('copy_preview_stale');
    expect(await countRows(t.database, 'planning_lines')).toBe(lines);

    // Two copies at once: one creates the lines, the other is refused.
    const body = { from: FROM, expectedLines: p.lines, expectedTotal: p.totals.total };
    const both = await Promise.all([
      admin.post('/api/budget/planning/copy-year', body),
      admin.post('/api/budget/planning/copy-year', body),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const done = both.find((r) => r.statusCode === 200)!;
    expect(done.json().data).toEqual({ created: 3, to: FROM + 1 });
    expect(both.find((r) => r.statusCode === 409)!.json().code).toBe('year_already_copied');
    expect(await countRows(t.database, 'planning_lines')).toBe(lines + 3);

    // Exactly the previewed lines: the same count, the same sums per month, amounts and goals.
    const target = await sumsOf(FROM + 1);
    expect(target.map((m) => m.amount)).toEqual(p.totals.months);
    const list = (await admin.get(`/api/budget/planning?year=${FROM + 1}&pageSize=100`)).json().data;
    expect(list.total).toBe(p.lines);
    expect(list.totals.total).toBe(p.totals.total);
    expect(target.map((m) => m.goal)).toEqual(Array(12).fill('4.50')); // 1.25 + 1.25 + 2 (skipped lines left out)
    const kits = list.items.find((i: { description: string }) => i.description === 'Kits');
    expect(kits).toMatchObject({ municipality: '0101', totalAmount: '78.24', year: FROM + 1 });
    const copied = (
      await t.database.db.execute<{ id: string; copied_from_id: string; year: number }>(
        sql`select c.id, c.copied_from_id, s.year from planning_lines c join planning_lines s on s.id = c.copied_from_id`,
      )
    ).rows;
    expect(copied).toHaveLength(3);
    expect(copied.every((c) => c.year === FROM)).toBe(true);
    const audits = (
      await t.database.db.execute<{ changes: Record<string, { after: unknown }> }>(
        sql`select changes from audit_log where entity = 'planning_line' and action = 'create'
            and entity_id in (select id::text from planning_lines where year = ${FROM + 1})`,
      )
    ).rows;
    expect(audits).toHaveLength(3);
    expect(audits.map((a) => a.changes.copiedFromId!.after).sort()).toEqual(copied.map((c) => c.copied_from_id).sort());

    // The year is copied: the preview says so, and a new copy is refused.
    expect((await admin.get(`/api/budget/planning/copy-year/preview?from=${FROM}`)).json().data.alreadyCopied).toBe(3);
    const again = await admin.post('/api/budget/planning/copy-year', body);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'year_already_copied',
      errors: [{ field: 'from', code: 'duplicate', params: { count: 3 } }],
    });
    // The copied year copies on to the next.
    const next = (await admin.get(`/api/budget/planning/copy-year/preview?from=${FROM + 1}`)).json().data;
    expect(next).toMatchObject({ lines: 3, alreadyCopied: 0, totals: { total: p.totals.total } });
  });

  it('refuses bad input with field errors', async () => {
    for (const body of [
      {},
      { from: 1999, expectedLines: 1 },
      { from: FROM, expectedLines: 0 },
      { from: FROM, expectedLines: 1, expectedTotal: '1.001' },
    ]) {
      const res = await admin.post('/api/budget/planning/copy-year', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.length).toBeGreaterThan(0);
    }
  });

  it('needs presupuesto_planificacion', async () => {
    const other = await createUser(t.app, adminToken, ['poblacion_poblacion'], 'sincopia');
    const api = as(t.app, other.token);
    expect((await api.get(`/api/budget/planning/copy-year/preview?from=${FROM}`)).statusCode).toBe(403);
    expect((await api.post('/api/budget/planning/copy-year', { from: FROM, expectedLines: 3 })).statusCode).toBe(403);
    const allowed = await createUser(t.app, adminToken, ['presupuesto', 'presupuesto_planificacion'], 'conplan');
    expect((await as(t.app, allowed.token).get(`/api/budget/planning/copy-year/preview?from=${FROM}`)).statusCode).toBe(
      200,
    );
  });
});
