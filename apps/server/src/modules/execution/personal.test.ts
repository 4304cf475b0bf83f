import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayrollPreview } from '@amparo/shared/modules/execution-personal.schema';
import { buildTestApp, type TestApp } from '../../../test/helpers.ts';
import { multipartFile } from '../../../test/multipart.ts';
import { payrollFixture, payrollXls, type PayrollCells } from '../../../test/payroll-fixture.ts';
import { postgresOnly } from '../../../test/postgres-only.ts';
import { encryptedXls } from '../../../test/xls-encrypted.ts';
import { readSpreadsheet } from '../../lib/spreadsheet-import/spreadsheet-import.ts';

/**
 * Personnel execution from the payroll's xls (issue 27 section 4): a template, a preview that names every bad
 * cell, the file back with its errors in Spanish, an execution of all rows or none against the plan's lines,
 * and a month executed once unless replaced explicitly.
 */
const XLS = 'application/vnd.ms-excel';

describe('personnel execution from the payroll xls', () => {
  let t: TestApp;
  let f: Awaited<ReturnType<typeof payrollFixture>>;
  beforeAll(async () => {
    t = await buildTestApp({}, { logger: { level: 'error' } });
    f = await payrollFixture(t);
  });
  afterAll(() => t.close());

  const upload = (path: string, file: Buffer, name = 'planilla.xls', type = XLS) => {
    const m = multipartFile('file', name, file, type);
    return f.payroll.api.post(path, m.payload, { headers: m.headers });
  };
  const preview = async (rows: PayrollCells[]) => {
    const res = await upload('/api/execution/personal/preview', payrollXls(rows));
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as PayrollPreview;
  };
  const run = (token: string, extra: Record<string, unknown> = {}) =>
    f.payroll.api.post('/api/execution/personal/execute', { token, ...extra });
  /** What `payroll_upload` sources executed on a line this month (Q), summed over every upload. */
  const executedOn = async (lineId: string) =>
    (
      await t.database.db.execute<{ n: string }>(sql`
        select coalesce(sum(c.amount), 0)::text as n from budget_commitments c
         where c.source_type = 'payroll_upload' and c.kind = 'execute' and c.line_id = ${lineId}
           and c.month = ${f.month}`)
    ).rows[0]!.n;
  const uploads = async () =>
    Number(
      (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from payroll_uploads`)).rows[0]!.n,
    );

  it('gives a template in .xls with the columns, an example row and the lines of this year', async () => {
    const res = await f.payroll.api.get('/api/execution/personal/template?lang=es');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain(XLS);
    const rows = await readSpreadsheet(res.rawPayload, 'file', undefined, { only: 'xls' });
    expect(rows[0]).toEqual(expect.arrayContaining(['Colaborador (DPI o código)', 'Mes', 'Total']));
    expect(rows[1]![1]).toBe(f.monthText);
  });

  it('names every bad cell of every row and writes nothing', async () => {
    const p = await preview([
      f.row(),
      f.row({ collaborator: 'NADIE-99' }),
      f.row({ collaborator: f.people[2]!.code }),
      f.row({ collaborator: f.people[1]!.dpi, program: null }),
      f.row({ line: f.lines.lastYear }),
      f.row({ line: 'NO_EXISTE' }),
      f.row({ headquarter: 'ZZZ' }),
      f.row({ salary: 'cuatro mil', total: '10' }),
      f.row({ total: '6010.14' }),
      f.row({ month: `${f.year - 1}-01` }),
      f.row({ bonus: '-5' }),
    ]);
    const errorsOf = (line: number) => p.items.find((i) => i.line === line)?.errors ?? [];
    expect(p.rows).toBe(11);
    expect(p.valid).toBe(1);
    // Only the rows in error come back.
    expect(p.items.map((i) => i.line)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(errorsOf(3)).toEqual([{ field: 'collaborator', code: 'collaborator_unknown' }]);
    expect(errorsOf(4)).toEqual([{ field: 'collaborator', code: 'collaborator_inactive' }]);
    // Without the program, the expense type names two lines at the collaborator's headquarter.
    expect(errorsOf(5)).toEqual([{ field: 'line', code: 'line_ambiguous', params: { count: 2 } }]);
    expect(errorsOf(6)).toEqual([
      { field: 'line', code: 'line_other_year', params: { year: String(f.year - 1), requestYear: String(f.year) } },
    ]);
    expect(errorsOf(7)).toEqual([{ field: 'line', code: 'line_unknown' }]);
    expect(errorsOf(8)).toEqual([{ field: 'headquarter', code: 'unknown_code' }]);
    expect(errorsOf(9).map((e) => e.field)).toEqual(['salary']);
    expect(errorsOf(10)).toEqual([{ field: 'total', code: 'payroll_total_mismatch', params: { sum: '6010.13' } }]);
    expect(errorsOf(11)).toEqual([{ field: 'month', code: 'month_mixed', params: { month: f.monthText } }]);
    expect(errorsOf(12).map((e) => e.field)).toEqual(['bonus']);
    expect(p.month).toEqual({ year: f.year, month: f.month });
    expect(p.total).toBe('6010.13');
    expect(p.lines).toEqual([expect.objectContaining({ lineId: f.lines.a1, rows: 1, amount: '6010.13' })]);
    expect(p.existing).toBeNull();
    expect(await uploads()).toBe(0);

    // The same file, executed: refused whole, nothing written.
    const refused = await run(p.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'validation', errors: [{ code: 'import_has_errors' }] });
    expect(await uploads()).toBe(0);
    expect(await executedOn(f.lines.a1)).toBe('0');
  });

  it("finds the line by the headquarter given, else the collaborator's; a month after this one is refused", async () => {
    const p = await preview([
      f.row({ headquarter: f.hqCodes[1]!.toLowerCase() }),
      f.row({ collaborator: f.people[1]!.dpi, program: f.codes.programB }),
      f.row({ line: f.lines.a1, program: null, month: `${f.monthText}-15` }),
    ]);
    expect(p.invalid).toBe(0);
    expect(p.lines.map((l) => [l.lineId, l.rows])).toEqual(
      expect.arrayContaining([
        [f.lines.a1, 1],
        [f.lines.a2, 1],
        [f.lines.b1, 1],
      ]),
    );
    const next = f.month === 12 ? `${f.year + 1}-01` : `${f.year}-${String(f.month + 1).padStart(2, '0')}`;
    const future = await preview([f.row({ month: next })]);
    expect(future.items[0]!.line).toBe(2);
    expect(future.items[0]!.errors).toEqual([{ field: 'month', code: 'month_in_future' }]);
    const noPlan = await preview([f.row({ month: '2001-05' })]);
    expect(noPlan.items[0]!.errors).toContainEqual({
      field: 'month',
      code: 'month_outside_plan',
      params: { year: '2001' },
    });
  });

  it('gives the file back as an .xls with the errors in Spanish', async () => {
    const res = await upload(
      '/api/execution/personal/errors?lang=es',
      payrollXls([f.row(), f.row({ collaborator: 'NADIE' })]),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain(XLS);
    const rows = await readSpreadsheet(res.rawPayload, 'file', undefined, { only: 'xls' });
    expect(rows[0]!.at(-1)).toBe('Errores');
    expect(rows[1]!.at(-1)).toBeNull();
    expect(rows[2]!.at(-1)).toMatch(/^Colaborador \(DPI o código\): /);
  });

  it('refuses what is not a real .xls by its content, a read-only .xls and a password-protected one, apart', async () => {
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Planilla').addRow(['Colaborador']);
    const xlsx = Buffer.from(await book.xlsx.writeBuffer());
    const code = async (file: Buffer, name = 'planilla.xls') =>
      (await upload('/api/execution/personal/preview', file, name)).json().errors?.[0]?.code;
    expect(await code(xlsx)).toBe('spreadsheet_not_xls');
    expect(await code(Buffer.from('Colaborador,Mes\nC1,2026-01\n'))).toBe('spreadsheet_not_xls');
    expect(await code(encryptedXls('VelvetSweatshop'))).toBe('spreadsheet_read_only');
    expect(await code(encryptedXls('VelvetSweatshop', 'rc4'))).toBe('spreadsheet_read_only');
    expect(await code(encryptedXls('secreto-2026'))).toBe('spreadsheet_password');
    const missing = await upload('/api/execution/personal/preview', payrollXls([f.row()], ['Colaborador', 'Mes']));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({ code: 'columns_missing' });
  });

  it('executes every row against its line for the month, once; the same month again only by replacing it', async () => {
    const first = [f.row(), f.row({ collaborator: f.people[1]!.dpi, salary: '3000.00', total: '5010.13' })];
    const p = await preview(first);
    const done = await run(p.token);
    expect(done.statusCode, done.body).toBe(200);
    const result = done.json().data;
    expect(result).toMatchObject({ written: 2, total: 2, amount: '11020.26', replacedId: null });
    // Exactly the rows' totals on the line, drawn anew (no commitment of the upload's own).
    expect(await executedOn(f.lines.a1)).toBe('11020.26');
    const audit = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'payroll_upload' and entity_id = ${result.uploadId}`,
    );
    expect(audit.rows[0]!.n).toBe(1);
    // The token is used up.
    expect((await run(p.token)).statusCode).toBe(409);

    // The same file again: the preview says so, the execution is refused.
    const again = await preview(first);
    expect(again.existing).toMatchObject({ uploadId: result.uploadId, sameFile: true, amount: '11020.26' });
    const refused = await run(again.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'payroll_month_done',
      errors: [{ field: 'replace', params: { year: f.year, month: f.month, sameFile: true } }],
    });
    expect(await executedOn(f.lines.a1)).toBe('11020.26');

    // Another file of the month, replacing the first: the first's execution is reversed, never doubled.
    const second = await preview([f.row({ salary: '4500.00', total: '6510.13' })]);
    expect(second.existing).toMatchObject({ uploadId: result.uploadId, sameFile: false });
    const replaced = await run(second.token, { replace: true });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toMatchObject({ replacedId: result.uploadId, amount: '6510.13' });
    expect(await executedOn(f.lines.a1)).toBe('6510.13');
    const list = await f.payroll.api.get(`/api/execution/personal/uploads?year=${f.year}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items.map((u: { status: string; amount: string }) => [u.status, u.amount])).toEqual([
      ['active', '6510.13'],
      ['replaced', '11020.26'],
    ]);

    // Followed as a stream (the page's progress bar): progress from 0 to the rows, then the result.
    const third = await preview([f.row(), f.row({ collaborator: f.people[1]!.code })]);
    const streamed = await f.payroll.api.post(
      '/api/execution/personal/execute',
      { token: third.token, replace: true },
      { headers: { accept: 'application/x-ndjson' } },
    );
    expect(streamed.statusCode).toBe(200);
    expect(streamed.headers['content-type']).toContain('application/x-ndjson');
    const lines = streamed.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ type: 'progress', phase: 'writing', done: 0, total: 2 });
    expect(lines.at(-2)).toEqual({ type: 'progress', phase: 'writing', done: 2, total: 2 });
    expect(lines.at(-1)).toMatchObject({ type: 'result', data: { written: 2, amount: '12020.26' } });
    expect(await executedOn(f.lines.a1)).toBe('12020.26');
  });

  it('refuses a damaged .xls and writes nothing', async () => {
    const whole = payrollXls([f.row()]);
    const res = await upload('/api/execution/personal/preview', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'file' });
    expect(['spreadsheet_unreadable', 'spreadsheet_not_xls']).toContain(res.json().errors[0].code);
  });

  it('reads a file of 10,000 rows with one bad row: the bad one named, nothing executed', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) =>
      f.row(i === 7_321 ? { collaborator: 'NADIE' } : { collaborator: f.people[i % 2]!.code }),
    );
    const before = await uploads();
    const p = await preview(rows);
    expect(p).toMatchObject({ rows: 10_000, valid: 9_999, invalid: 1 });
    expect(p.items.map((i) => i.line)).toEqual([7_323]);
    expect((await run(p.token, { replace: true })).statusCode).toBe(400);
    expect(await uploads()).toBe(before);
  }, 120_000);

  postgresOnly(
    'two executions replacing one month in parallel: exactly one is executed',
    { timeout: 60_000 },
    async () => {
      const g = await payrollFixture(t);
      const tokens = await Promise.all(
        ['4000.00', '4100.00'].map(async (salary) => {
          const m = multipartFile(
            'file',
            'p.xls',
            payrollXls([g.row({ salary, total: String(Number(salary) + 2010.13) })]),
            XLS,
          );
          const res = await g.payroll.api.post('/api/execution/personal/preview', m.payload, { headers: m.headers });
          return res.json().data.token as string;
        }),
      );
      // Both replace the month's active upload (an earlier test's): the first to lock it does; the other finds it
      // replaced and its own insert meets the winner's in the unique index.
      const answers = await Promise.all(
        tokens.map((token) => g.payroll.api.post('/api/execution/personal/execute', { token, replace: true })),
      );
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const active = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from payroll_uploads where status = 'active' and year = ${g.year} and month = ${g.month}`,
      );
      expect(active.rows[0]!.n).toBe(1);
      const executed = await t.database.db.execute<{ n: string }>(sql`
      select coalesce(sum(amount), 0)::text as n from budget_commitments
       where source_type = 'payroll_upload' and kind = 'execute' and line_id = ${g.lines.a1} and month = ${g.month}`);
      expect(['6010.13', '6110.13']).toContain(executed.rows[0]!.n);
    },
  );
});
