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
 * The annual operating plan's lines (issue 13 section 3): a line and its 12
 * months written together, exact sums, the classification checked, every
 * change audited, stale edits refused, bad input refused with nothing written.
 */
describe('planning lines (POA)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    admin = as(t.app, adminToken);
  });
  afterAll(() => t.close());

  const audits = async (id: string) =>
    (
      await t.database.db.execute<{ action: string; changes: Record<string, { before: unknown; after: unknown }> }>(
        sql`select action, changes from audit_log where entity = 'planning_line' and entity_id = ${id} order by id`,
      )
    ).rows;

  it('creates a line with its 12 months and exact totals, audited', async () => {
    const body = await planningBody(admin, {
      // Q 0.10 + Q 0.20 … : sums a float would get wrong.
      months: Array.from({ length: 12 }, (_, i) => ({ month: 12 - i, goal: '1.5', amount: i % 2 ? '0.10' : '0.20' })),
    });
    const res = await admin.post('/api/budget/planning', body);
    expect(res.statusCode, res.body).toBe(200);
    const line = res.json().data;
    expect(line).toMatchObject({ year: 2027, totalAmount: '1.80', totalGoal: '18.00', version: 1 });
    expect(line.months.map((m: { month: number }) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(line.months[0]).toEqual({ month: 1, goal: '1.50', amount: '0.10' });
    expect(line.responsibleName).toBeTruthy();
    const again = (await admin.get(`/api/budget/planning/${line.id}`)).json().data;
    expect(again).toEqual(line);
    const [created] = await audits(line.id);
    expect(created).toMatchObject({ action: 'create' });
    expect(created!.changes.amounts!.after).toEqual(line.months.map((m: { amount: string }) => m.amount));
  });

  it('lists by filters with the amount per month and the total over every match', async () => {
    const codes = await (async () => {
      const b = await planningBody(admin, { year: 2031 });
      expect((await admin.post('/api/budget/planning', b)).statusCode).toBe(200);
      return { strategicAxis: b.strategicAxis, program: b.program, expenseType: b.expenseType };
    })();
    const second = await planningBody(
      admin,
      {
        year: 2031,
        months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '0', amount: `${i + 1}.01` })),
      },
      codes,
    );
    expect((await admin.post('/api/budget/planning', second)).statusCode).toBe(200);
    // Another year, same classification: filtered out.
    expect(
      (await admin.post('/api/budget/planning', await planningBody(admin, { year: 2032 }, codes))).statusCode,
    ).toBe(200);
    const res = await admin.get(
      `/api/budget/planning?year=2031&program=${codes.program}&pageSize=1&sort=totalAmount&order=desc`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json().data;
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    // Q 1,200.00 and 1.01 + 2.01 + … + 12.01 = Q 78.12, largest first.
    expect(page.items.map((i: { totalAmount: string }) => i.totalAmount)).toEqual(['1200.00']);
    expect(page.totals.months[0]).toBe('101.01');
    expect(page.totals.months[11]).toBe('112.01');
    expect(page.totals.total).toBe('1278.12');
    const none = (await admin.get('/api/budget/planning?year=2099')).json().data;
    expect(none).toMatchObject({ items: [], total: 0, totals: { total: '0.00' } });
  });

  it('refuses bad input with every field error and writes nothing', async () => {
    const good = await planningBody(admin);
    const before = await countRows(t.database, 'planning_lines');
    const refused = async (body: Record<string, unknown>) => {
      const res = await admin.post('/api/budget/planning', body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().errors as { field: string; code: string }[];
    };
    const months = good.months as { month: number; goal: string; amount: string }[];
    expect(await refused({ ...good, months: months.slice(1) })).toEqual([{ field: 'months', code: 'invalid' }]);
    expect(
      await refused({ ...good, months: months.map((m, i) => (i === 0 ? { ...m, amount: '10.005' } : m)) }),
    ).toEqual([{ field: 'months.0.amount', code: 'max_two_decimals' }]);
    expect(
      (await refused({ ...good, months: months.map((m, i) => (i === 3 ? { ...m, amount: '-1' } : m)) }))[0],
    ).toMatchObject({ field: 'months.3.amount', code: 'too_small' });
    expect(
      (await refused({ ...good, months: months.map((m, i) => (i === 3 ? { ...m, amount: 12.5 } : m)) }))[0],
    ).toMatchObject({ field: 'months.3.amount', code: 'invalid' });
    expect(await refused({ ...good, months: months.map((m) => ({ ...m, month: 1 })) })).toEqual([
      { field: 'months', code: 'invalid' },
    ]);
    expect((await refused({ ...good, months: [...months.slice(1), { ...months[0], month: 13 }] }))[0]).toMatchObject({
      field: 'months.11.month',
    });
    expect((await refused({ ...good, year: 1999 }))[0]).toMatchObject({ field: 'year', code: 'too_small' });
    // A program of another axis, an unknown expense type, a municipality that does not exist: all at once.
    const other = await planningBody(admin);
    expect(await refused({ ...good, program: other.program, expenseType: 'NO_EXISTE', municipality: '9999' })).toEqual([
      { field: 'program', code: 'program_not_in_axis' },
      { field: 'expenseType', code: 'unknown_code' },
      { field: 'municipality', code: 'unknown_code' },
    ]);
    const inactive = await createUser(t.app, adminToken, [], 'inactivo');
    await t.database.db.execute(sql`update users set active = false where id = ${inactive.id}`);
    expect(await refused({ ...good, responsibleId: inactive.id })).toEqual([
      { field: 'responsibleId', code: 'inactive' },
    ]);
    expect(await countRows(t.database, 'planning_lines')).toBe(before);
  });

  it('updates with its version (409 when stale), keeps a since-deactivated code, and deletes, audited', async () => {
    const body = await planningBody(admin);
    const line = (await admin.post('/api/budget/planning', body)).json().data;
    // The expense type is deactivated after the line was planned: the line keeps it.
    const types = (await admin.get('/api/catalogs/expense_type/items')).json().data as {
      id: string;
      code: string;
      es: string;
      en: string;
      version: number;
    }[];
    const type = types.find((i) => i.code === body.expenseType)!;
    await admin.put(`/api/catalogs/items/${type.id}`, {
      es: type.es,
      en: type.en,
      active: false,
      version: type.version,
    });
    const months = body.months.map((m, i) => (i === 5 ? { ...m, amount: '250.75' } : m));
    const res = await admin.put(`/api/budget/planning/${line.id}`, { ...body, months, version: line.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ version: 2, totalAmount: '1350.75' });
    expect((await admin.put(`/api/budget/planning/${line.id}`, { ...body, version: line.version })).statusCode).toBe(
      409,
    );
    // A new line cannot take the deactivated type.
    expect((await admin.post('/api/budget/planning', body)).json().errors).toEqual([
      { field: 'expenseType', code: 'inactive' },
    ]);
    const updated = (await audits(line.id)).find((a) => a.action === 'update')!;
    expect(updated.changes.amounts!.before).toContain('100.00');
    expect((updated.changes.amounts!.after as string[])[5]).toBe('250.75');

    expect((await admin.delete(`/api/budget/planning/${line.id}`)).statusCode).toBe(200);
    expect((await admin.get(`/api/budget/planning/${line.id}`)).statusCode).toBe(404);
    expect(
      Number(
        (
          await t.database.db.execute<{ n: number }>(
            sql`select count(*)::int as n from planning_months where line_id = ${line.id}`,
          )
        ).rows[0]!.n,
      ),
    ).toBe(0);
    expect((await audits(line.id)).map((a) => a.action)).toEqual(['create', 'update', 'delete']);
  });
});
