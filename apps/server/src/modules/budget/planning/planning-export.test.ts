import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, login, planningBody, type TestApp } from '../../../../test/helpers.ts';

/** The first sheet of an xlsx answer, as its rows of cells (values and number formats), header first. */
async function readSheet(payload: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const rows: { values: unknown[]; formats: string[]; bold: boolean }[] = [];
  sheet.eachRow((row) => {
    const cells = Array.from({ length: 20 }, (_, i) => row.getCell(i + 1));
    rows.push({
      values: cells.map((c) => c.value),
      formats: cells.map((c) => c.numFmt ?? ''),
      bold: !!row.getCell(1).font?.bold,
    });
  });
  return rows;
}

const monthsOf = (amounts: string[]) => amounts.map((amount, i) => ({ month: i + 1, goal: '1', amount }));

/**
 * The POA's xlsx export (issue 13 section 3): every line matching the list's
 * filters with its 12 monthly amounts and total as numbers in Q, a totals row
 * that adds up exactly, the row count in `x-export-rows`, and an audit entry;
 * presupuesto_planificacion only.
 */
describe('planning export (xlsx)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    admin = as(t.app, adminToken);
  });
  afterAll(() => t.close());

  it('exports the filtered lines with monthly amounts, line totals and a totals row, audited', async () => {
    // Q 0.10 and Q 0.20 in every month: sums a float would get wrong.
    const first = await planningBody(admin, {
      year: 2033,
      description: 'Talleres de crianza positiva',
      months: monthsOf(Array.from({ length: 12 }, (_, i) => (i % 2 ? '0.10' : '0.20'))),
    });
    const codes = { strategicAxis: first.strategicAxis, program: first.program, expenseType: first.expenseType };
    const second = await planningBody(
      admin,
      { year: 2033, description: 'Kits escolares', months: monthsOf(Array.from({ length: 12 }, () => '1234.56')) },
      codes,
    );
    const otherYear = await planningBody(admin, { year: 2034 }, codes);
    for (const body of [first, second, otherYear])
      expect((await admin.post('/api/budget/planning', body)).statusCode).toBe(200);

    const res = await admin.get(`/api/budget/planning/export?year=2033&program=${codes.program}&sort=totalAmount`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="poa-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(res.headers['x-export-rows']).toBe('2');

    const [header, ...rows] = await readSheet(res.rawPayload);
    expect(header!.values.slice(0, 8)).toEqual([
      'Año',
      'Eje estratégico',
      'Programa',
      'Tipo de gasto',
      'Descripción',
      'Responsable',
      'Sede',
      'Ene',
    ]);
    expect(header!.values[18]).toBe('Dic');
    expect(header!.values[19]).toBe('Total');
    // Sorted by total, smallest first; the totals row last, in bold.
    expect(rows.map((r) => r.values[4])).toEqual(['Talleres de crianza positiva', 'Kits escolares', null]);
    const [small, large, totals] = rows;
    expect(small!.values.slice(0, 4)).toEqual([
      2033,
      `${codes.strategicAxis} - ${codes.strategicAxis}`,
      `${codes.program} - ${codes.program}`,
      `${codes.expenseType} - ${codes.expenseType}`,
    ]);
    expect(small!.values[5]).toBeTruthy();
    expect(small!.values[7]).toBe(0.2);
    expect(small!.values[8]).toBe(0.1);
    expect(small!.values[19]).toBe(1.8);
    expect(large!.values[19]).toBe(14814.72);
    expect(large!.formats[7]).toBe('#,##0.00');
    expect(large!.formats[19]).toBe('#,##0.00');
    expect(totals!.bold).toBe(true);
    expect(totals!.values[0]).toBe('Totales');
    expect(totals!.values[7]).toBe(1234.76);
    expect(totals!.values[8]).toBe(1234.66);
    // Q 1.80 + Q 14,814.72, exactly.
    expect(totals!.values[19]).toBe(14816.52);
    expect(totals!.formats[19]).toBe('#,##0.00');

    const [audit] = (
      await t.database.db.execute<{ changes: { export: { after: { rows: number; filters: { year: number } } } } }>(
        sql`select changes from audit_log where entity = 'planning_line' and action = 'export' order by id desc limit 1`,
      )
    ).rows;
    expect(audit!.changes.export.after).toMatchObject({ rows: 2, filters: { year: 2033 } });
  });

  it('writes English headers, an empty sheet with a zero totals row, and refuses without the permission', async () => {
    const res = await admin.get('/api/budget/planning/export?year=2099&lang=en');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-export-rows']).toBe('0');
    const [header, totals, ...rest] = await readSheet(res.rawPayload);
    expect(header!.values.slice(0, 2)).toEqual(['Year', 'Strategic axis']);
    expect(totals!.values[0]).toBe('Totals');
    expect(totals!.values[19]).toBe(0);
    expect(rest).toEqual([]);

    const other = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'sin_poa');
    expect((await as(t.app, other.token).get('/api/budget/planning/export')).statusCode).toBe(403);
    expect((await as(t.app, other.token).get('/api/budget/lookup/users')).statusCode).toBe(403);
  });

  it('looks up active users by name for the responsible and planner pickers', async () => {
    const planner = await createUser(t.app, adminToken, ['presupuesto', 'presupuesto_planificacion'], 'planificadora');
    const res = await as(t.app, planner.token).get('/api/budget/lookup/users?q=planificadora');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([expect.objectContaining({ id: planner.id })]);
  });
});
