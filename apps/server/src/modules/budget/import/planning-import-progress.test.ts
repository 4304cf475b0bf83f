import { spawn } from 'node:child_process';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import {
  PLANNING_IMPORT_COLUMNS,
  planningImportStreamLine,
  type PlanningImportStreamLine,
} from '@amparo/shared/modules/budget-import.schema';
import { as, buildTestApp, countRows, login, waitUntil, type TestApp } from '../../../../test/helpers.ts';
import { multipartFile } from '../../../../test/multipart.ts';
import { PROGRESS_BATCH } from '../planning/planning.service.ts';

/**
 * The import's progress (issue 25 section 7, "Spreadsheet import … Progress"): POST …/import/execute with
 * `Accept: application/x-ndjson` answers, once every check passed, a stream of progress lines (done 0, then
 * after each batch of lines written) and a last result line; what refuses the call before the writing is
 * still problem+json with its status; a failure while writing rolls everything back and ends the stream with
 * the problem the error handler would have answered; a client that goes away does not hold the transaction.
 */
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const NDJSON = { accept: 'application/x-ndjson' };
type Cells = Record<string, string | number | null>;

async function xlsx(rows: Cells[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('POA');
  sheet.addRow(PLANNING_IMPORT_COLUMNS.map((c) => c.header.es));
  for (const r of rows) sheet.addRow(PLANNING_IMPORT_COLUMNS.map((c) => r[c.key] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The answer's lines, each checked against the shared contract. */
const linesOf = (body: string): PlanningImportStreamLine[] =>
  body
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => planningImportStreamLine.parse(JSON.parse(l)));
const progressOf = (lines: PlanningImportStreamLine[]) =>
  lines.flatMap((l) => (l.type === 'progress' ? [[l.done, l.total]] : []));

describe('POA import with progress (NDJSON)', () => {
  let t: TestApp;
  let admin: ReturnType<typeof as>;
  let adminToken: string;
  let me: { username: string; email: string };
  const codes = { axis: `PRGEJ_${process.pid}`, program: `PRGPR_${process.pid}`, type: `PRGGT_${process.pid}` };
  const HQ = 'PRGHQ';

  /** A good row of `year`: Q 10.00 a month (Q 120.00), goal 1 a month. */
  const row = (year: number, description: string): Cells => ({
    year,
    strategicAxis: codes.axis,
    program: codes.program,
    expenseType: codes.type,
    description,
    goalUnit: 'talleres',
    responsible: me.username,
    planner: me.username,
    headquarter: HQ,
    ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`amount${i + 1}`, 10])),
    ...Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`goal${i + 1}`, 1])),
    total: 120,
  });
  /** `count` good rows of `year`, row `i` described by `describe(i)`. */
  const rows = (year: number, count: number, describe = (i: number) => `Línea ${i + 1}`) =>
    Array.from({ length: count }, (_, i) => row(year, describe(i)));

  /** The token of a previewed file. */
  const previewed = async (file: Buffer) => {
    const m = multipartFile('file', 'poa.xlsx', file, XLSX_TYPE);
    const res = await admin.post('/api/budget/planning/import/preview', m.payload, { headers: m.headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.token as string;
  };
  const execute = (body: Record<string, unknown>, headers: Record<string, string> = NDJSON) =>
    admin.post('/api/budget/planning/import/execute', body, { headers });
  const linesOfYear = async (year: number) =>
    (await admin.get(`/api/budget/planning?year=${year}&pageSize=1`)).json().data.total as number;
  const written = async () => ({
    lines: await countRows(t.database, 'planning_lines'),
    months: await countRows(t.database, 'planning_months'),
    audit: await countRows(t.database, 'audit_log'),
  });
  const expectProblem = (res: LightMyRequestResponse, status: number, code: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status, code });
  };

  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    admin = as(t.app, adminToken);
    const user = (await admin.post('/api/user-check', {})).json().data.user;
    me = { username: user.username, email: user.email };
    for (const [catalog, code, parent] of [
      ['strategic_axis', codes.axis],
      ['program', codes.program, codes.axis],
      ['expense_type', codes.type],
    ] as const) {
      const res = await admin.post('/api/catalogs/items', { catalog, code, es: code, en: code, parent });
      expect(res.statusCode, res.body).toBe(200);
    }
    const hq = await admin.post('/api/headquarters', { code: HQ, name: 'Sede progreso', country: 'GT', state: '01' });
    expect(hq.statusCode, hq.body).toBe(200);
  });
  afterAll(() => t.close());

  it('streams a file of three batches: progress from 0 to the total, then the result, the lines created', async () => {
    const count = 2 * PROGRESS_BATCH + 100;
    const token = await previewed(await xlsx(rows(2040, count)));
    const res = await execute({ token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-ndjson');
    // The app's own headers still come with a stream: request id, no caching, the security headers.
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.body.endsWith('\n')).toBe(true);
    const lines = linesOf(res.body);
    expect(progressOf(lines)).toEqual([
      [0, count],
      [PROGRESS_BATCH, count],
      [2 * PROGRESS_BATCH, count],
      [count, count],
    ]);
    expect(lines.at(-1)).toEqual({ type: 'result', data: { created: count, written: count, total: count } });
    expect(lines.filter((l) => l.type !== 'progress')).toHaveLength(1);
    expect(await linesOfYear(2040)).toBe(count);
    const audits = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity = 'planning_line' and action = 'create'
          and entity_id in (select id::text from planning_lines where year = 2040)`,
    );
    expect(Number(audits.rows[0]!.n)).toBe(count);
    // Used up, as by the JSON answer.
    expectProblem(await execute({ token }), 409, 'import_expired');
  });

  it('answers JSON as before without the header, or when it refuses NDJSON (q=0)', async () => {
    const token = await previewed(await xlsx(rows(2041, 2)));
    const res = await execute({ token }, { accept: 'application/json, application/x-ndjson;q=0' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toEqual({ success: true, data: { created: 2, written: 2, total: 2 } });
  });

  it('refuses before the stream begins with the usual problem+json and its status', async () => {
    const before = await written();
    // Unknown token, a token that cannot be one, a used token.
    expectProblem(await execute({ token: 'A'.repeat(43) }), 404, 'not_found');
    const bad = await execute({ token: 'no-such-token' });
    expectProblem(bad, 400, 'validation');
    expect(bad.json().errors).toEqual([{ field: 'token', code: 'invalid' }]);
    // A file with an error.
    const withError = { ...row(2042, 'Total que no suma'), total: 5 };
    const refused = await execute({ token: await previewed(await xlsx([withError])) });
    expectProblem(refused, 400, 'validation');
    expect(refused.json().errors).toEqual([{ field: 'file', code: 'import_has_errors', params: { count: 1 } }]);
    // The same file twice: 409 with when and by whom, unless confirmed (then it streams).
    const file = await xlsx(rows(2042, 3, (i) => `Dos veces ${i}`));
    expect(linesOf((await execute({ token: await previewed(file) })).body).at(-1)?.type).toBe('result');
    const again = await previewed(file);
    const twice = await execute({ token: again });
    expectProblem(twice, 409, 'import_already_done');
    expect(twice.json().errors[0]).toMatchObject({ field: 'file', code: 'import_already_done' });
    expect(await linesOfYear(2042)).toBe(3);
    const confirmed = await execute({ token: again, confirmDuplicate: true });
    expect(confirmed.headers['content-type']).toContain('application/x-ndjson');
    expect(linesOf(confirmed.body).at(-1)).toMatchObject({ type: 'result', data: { created: 3 } });
    expect((await written()).lines).toBe(before.lines + 6);
  });

  it('rolls back what a failure while writing left, and ends the stream with its problem', async () => {
    // A real failure of the database in the third batch: a trigger refuses one row as PostgreSQL refuses a
    // deadlock victim (40P01: 409 write_conflict), or with an error of its own (500 internal).
    await t.database.db.execute(
      sql.raw(`create function test_refuse_line() returns trigger language plpgsql as $$
        begin
          if new.description = 'Falla conflicto' then raise exception 'refused' using errcode = '40P01'; end if;
          if new.description = 'Falla' then raise exception 'refused'; end if;
          return new;
        end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger test_refuse_line before insert on planning_lines
        for each row execute function test_refuse_line()`),
    );
    try {
      const count = 2 * PROGRESS_BATCH + 20;
      const file = await xlsx(rows(2043, count, (i) => (i === 2 * PROGRESS_BATCH + 10 ? 'Falla conflicto' : `L${i}`)));
      const token = await previewed(file);
      const before = await written();
      const res = await execute({ token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/x-ndjson');
      const lines = linesOf(res.body);
      // A deadlock victim runs once more from the start (inTransaction), so the progress starts over once.
      const attempt = [
        [0, count],
        [PROGRESS_BATCH, count],
        [2 * PROGRESS_BATCH, count],
      ];
      expect(progressOf(lines)).toEqual([...attempt, ...attempt]);
      // The problem+json the error handler gives a write conflict, as the last line.
      expect(lines.at(-1)).toEqual({
        type: 'problem',
        problem: {
          type: 'https://amparo.local/problems/write_conflict',
          title: 'Conflict',
          status: 409,
          code: 'write_conflict',
          instance: '/api/budget/planning/import/execute',
        },
      });
      // Nothing written (lines, months, audit), and the token not used up.
      expect(await written()).toEqual(before);
      expect(await linesOfYear(2043)).toBe(0);

      // Any other failure: 500 internal, nothing of it leaked.
      const other = await execute({ token: await previewed(await xlsx([row(2044, 'Falla'), row(2044, 'Bien')])) });
      const last = linesOf(other.body);
      expect(progressOf(last)).toEqual([[0, 2]]);
      expect(last.at(-1)).toEqual({
        type: 'problem',
        problem: {
          type: 'https://amparo.local/problems/internal',
          title: 'Internal Server Error',
          status: 500,
          code: 'internal',
          instance: '/api/budget/planning/import/execute',
        },
      });
      expect(await written()).toEqual(before);

      // Once the cause is gone, the same token imports the file.
      await t.database.db.execute(sql.raw('drop trigger test_refuse_line on planning_lines'));
      const retried = linesOf((await execute({ token })).body);
      expect(retried.at(-1)).toEqual({ type: 'result', data: { created: count, written: count, total: count } });
      expect(await linesOfYear(2043)).toBe(count);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger if exists test_refuse_line on planning_lines'));
      await t.database.db.execute(sql.raw('drop function if exists test_refuse_line()'));
    }
  });

  it('runs to its end when the client goes away mid-stream: committed, the transaction not held', async () => {
    const count = 3 * PROGRESS_BATCH + 50;
    const token = await previewed(await xlsx(rows(2045, count, (i) => `Se fue ${i}`)));
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // How the server's answer ended: cut (the client left before its last line) or finished.
    const ended: boolean[] = [];
    t.app.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (req.url?.endsWith('/import/execute')) res.on('close', () => ended.push(res.writableFinished));
    });
    // The client is another process (as a browser is): it prints the first line it reads and waits to be killed.
    const client = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const res = await fetch(process.argv[1], { method: 'POST', headers: JSON.parse(process.argv[2]), body: process.argv[3] });
         const { value } = await res.body.getReader().read();
         process.stdout.write(res.status + ' ' + new TextDecoder().decode(value).split('\\n')[0] + '\\n');
         setInterval(() => {}, 1000);`,
        `${address}/api/budget/planning/import/execute`,
        JSON.stringify({ ...NDJSON, 'content-type': 'application/json', authorization: `Bearer ${adminToken}` }),
        JSON.stringify({ token }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise((resolve) => client.on('exit', resolve));
    const first = await new Promise<string>((resolve) => {
      let out = '';
      client.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out);
      });
      client.on('exit', () => resolve(out));
    });
    // The writing has begun (done 0), and the client leaves.
    expect(first).toBe(`200 {"type":"progress","phase":"writing","done":0,"total":${count}}\n`);
    client.kill('SIGKILL');
    await exited;
    // The server saw the answer cut; the import went on and committed: every line, the token used up.
    await waitUntil(async () => (await linesOfYear(2045)) === count);
    expect(ended).toEqual([false]);
    expectProblem(await execute({ token }), 409, 'import_expired');
    // No connection left inside a transaction (PostgreSQL; PGlite has one connection, which answered above).
    if (t.databaseUrl) {
      const idle = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and state like 'idle in transaction%'`,
      );
      expect(Number(idle.rows[0]!.n)).toBe(0);
    }
  });
});
