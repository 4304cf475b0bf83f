/**
 * `npm run bench:personal` (also part of `npm run bench`), issue 27 section 4: on PostgreSQL
 * (BENCH_PERSONAL_DATABASE_URL, default the local server's `amparo_bench_personal` database, recreated each run)
 * seed in SQL this year's plan (200 salary lines: 50 programs at 4 headquarters, this month assigned) and
 * BENCH_PAYROLL_ROWS collaborators (default 10,000), then start the real server and, as the admin, upload a payroll
 * .xls of one row per collaborator: its preview (`POST /api/execution/personal/preview`), its execution with the
 * preview's token, and the same month replaced by the same file. The server's memory is read from
 * /proc/<pid>/status: its resident size before the first upload and its peak (VmHWM) after each step.
 *
 * Targets: preview under 5 s and execute under 5 s, the server's memory growing by less than 200 MB.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import * as XLSX from '@e965/xlsx';
import { PAYROLL_IMPORT_COLUMNS } from '../packages/shared/src/modules/execution-personal.schema.ts';
import { todayInGuatemala } from '../packages/shared/src/format.ts';
import { code2, recreateDatabase, uuidOf } from './seed-sql.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { ensureFirstAdmin } from '../apps/server/src/db/seed/admin.ts';
import { PASSWORD, signIn, startServer, stopServer } from './server.ts';
import { replaceSection } from './web.ts';

const PG_URL = process.env.BENCH_PERSONAL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/amparo_bench_personal';
const PORT = Number(process.env.BENCH_PERSONAL_PORT ?? 3426);
const ROWS = Number(process.env.BENCH_PAYROLL_ROWS ?? 10_000);
const PROGRAMS = 50;
const HEADQUARTERS = 4;
const TODAY = todayInGuatemala();
const YEAR = Number(TODAY.slice(0, 4));
const MONTH = Number(TODAY.slice(5, 7));
export const PERSONAL_HEADING = '## Execution: personnel execution from the payroll xls (issue 27 section 4)';

const lineId = (l: string) => uuidOf(`'pline' || ${l}`);
const itemId = uuidOf(`'pitem'`);
const coopId = uuidOf(`'pcoop'`);

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

async function seed(db: Db) {
  const run = (text: string) => db.execute(sql.raw(text));
  const [{ id: admin }] = (await db.execute<{ id: string }>(sql`select id from users where username = 'admin'`))
    .rows as [{ id: string }];
  const by = `'${admin}'::uuid`;
  await run(`
    insert into headquarters (code, name, country, state)
    select 'P' || g, 'Sede ' || g, 'GT', lpad(g::text, 2, '0') from generate_series(1, ${HEADQUARTERS}) g`);
  await run(`
    insert into catalog_items (catalog, code, es, en, sort_order, parent)
    select 'strategic_axis', 'EJE_01', 'Eje', 'Axis', 1, null
    union all
    select 'program', ${code2('PRG_', 'g')}, 'Programa ' || g, 'Program ' || g, g, 'EJE_01'
      from generate_series(1, ${PROGRAMS}) g
    union all
    select 'expense_type', 'SALARIOS', 'Salarios', 'Salaries', 1, null`);
  await run(`
    insert into cooperating (id, code, name, country, start_date, end_date, currency, ceiling, agreed_amount,
      control_mode, created_by, updated_by)
    values (${coopId}, 'COOP01', 'Cooperante', 'GT', '${YEAR}-01-01', '${YEAR}-12-31', 'GTQ', 900000000, null, 'warn',
            ${by}, ${by})`);
  await run(`
    insert into cooperating_items (id, cooperating_id, code, name, initial_amount, created_by, updated_by)
    values (${itemId}, ${coopId}, 'R1', 'Salarios', 800000000, ${by}, ${by})`);
  // Line l: program 1 + l / 4 at headquarter 1 + l % 4.
  await run(`
    insert into planning_lines (id, year, strategic_axis, program, expense_type, description, goal_unit,
      responsible_id, planner_id, headquarter_id, municipality, created_by, updated_by)
    select ${lineId('l')}, ${YEAR}, 'EJE_01', ${code2('PRG_', `l / ${HEADQUARTERS} + 1`)}, 'SALARIOS',
           'Salarios ' || l, 'planillas', ${by}, ${by}, hq.ids[1 + l % ${HEADQUARTERS}], null, ${by}, ${by}
      from generate_series(0, ${PROGRAMS * HEADQUARTERS - 1}) l,
           (select array_agg(id order by code) as ids from headquarters where code ~ '^P[0-9]$') hq`);
  await run(`
    insert into planning_months (line_id, month, goal, amount)
    select ${lineId('l')}, m, 1, 1000000 from generate_series(0, ${PROGRAMS * HEADQUARTERS - 1}) l
     cross join generate_series(1, 12) m`);
  await run(`
    insert into budget_assignments (line_id, item_id, cooperating_id, month, amount, kind, reason, author_id)
    select ${lineId('l')}, ${itemId}, ${coopId}, ${MONTH}, 1000000, 'increase', 'Planilla', ${by}
      from generate_series(0, ${PROGRAMS * HEADQUARTERS - 1}) l`);
  // Collaborator c works at headquarter 1 + c % 4; the DPI is any 13 digits (the registry checked it on entry).
  await run(`
    insert into collaborators (code, dpi, first_names, last_names, headquarter_id, created_by, updated_by)
    select 'COL' || lpad(c::text, 5, '0'), lpad((1000000000000 + c)::text, 13, '0'), 'Nombre ' || c,
           'Apellido ' || c, hq.ids[1 + c % ${HEADQUARTERS}], ${by}, ${by}
      from generate_series(0, ${ROWS - 1}) c, (select array_agg(id order by code) as ids from headquarters where code ~ '^P[0-9]$') hq`);
  await run('select budget_totals_compact()');
  await run('vacuum analyze');
}

/** One row per collaborator: by code (odd) or DPI (even), the salary line of their program and headquarter. */
function payrollFile(): Buffer {
  const month = `${YEAR}-${String(MONTH).padStart(2, '0')}`;
  const aoa: (string | number)[][] = [PAYROLL_IMPORT_COLUMNS.map((c) => c.header.es)];
  for (let c = 0; c < ROWS; c++) {
    // Collaborator c's line is at headquarter c % 4: program p of that headquarter's lines.
    const program = `PRG_${String(1 + (c % PROGRAMS)).padStart(2, '0')}`;
    const salary = 3000 + (c % 50) * 100;
    const igss = Math.round(salary * 10.67) / 100;
    const benefits = Math.round((salary * 100) / 3) / 100;
    const total = (salary * 100 + 25000 + Math.round(igss * 100) + Math.round(benefits * 100)) / 100;
    aoa.push([
      c % 2 ? `COL${String(c).padStart(5, '0')}` : String(1000000000000 + c).padStart(13, '0'),
      month,
      'SALARIOS',
      program,
      '',
      salary.toFixed(2),
      '250.00',
      igss.toFixed(2),
      benefits.toFixed(2),
      '0.00',
      total.toFixed(2),
    ]);
  }
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(aoa), 'Planilla');
  return XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Buffer;
}

/** The server process's resident memory now and its peak so far (MB), from /proc. */
function memory(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
}

export interface PersonalFigures {
  rows: number;
  fileKb: number;
  seedSeconds: number;
  previewSeconds: number;
  executeSeconds: number;
  replaceSeconds: number;
  rssBeforeMb: number;
  peakAfterPreviewMb: number;
  peakAfterExecuteMb: number;
  peakAfterReplaceMb: number;
  executed: string;
  load: { start: number; end: number };
}

const round = (n: number) => Math.round(n * 10) / 10;

export async function personalFigures(): Promise<PersonalFigures> {
  console.log(`\n== personnel execution: a payroll xls of ${ROWS} rows (PostgreSQL)`);
  await recreateDatabase(PG_URL);
  const database = await openDatabase({ url: PG_URL });
  await database.migrate();
  await seedReference(database.db);
  await ensureFirstAdmin(database.db, { username: 'admin', password: PASSWORD });
  const t0 = Date.now();
  await seed(database.db);
  const seedSeconds = (Date.now() - t0) / 1000;
  await database.close();
  const file = payrollFile();
  const base = `http://127.0.0.1:${PORT}`;
  const loadStart = loadavg()[0]!;
  const server = await startServer({ DATABASE_URL: PG_URL, JOBS_ENABLED: 'false' }, PORT);
  try {
    const token = await signIn(base);
    const auth = { authorization: `Bearer ${token}` };
    const timed = async (what: string, call: () => Promise<Response>) => {
      const start = performance.now();
      const res = await call();
      const body = await res.json();
      const seconds = (performance.now() - start) / 1000;
      if (!res.ok) throw new Error(`${what}: ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
      console.log(`${what}: ${seconds.toFixed(2)} s`);
      return { seconds, data: body.data };
    };
    const previewOnce = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(file)], { type: 'application/vnd.ms-excel' }), 'planilla.xls');
      return fetch(`${base}/api/execution/personal/preview`, { method: 'POST', headers: auth, body: form });
    };
    const execute = (body: Record<string, unknown>) =>
      fetch(`${base}/api/execution/personal/execute`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ confirmWarning: true, ...body }),
      });
    const before = memory(server.pid!);
    const preview = await timed('preview', previewOnce);
    if (preview.data.invalid) throw new Error(`preview: ${preview.data.invalid} rows with errors`);
    const afterPreview = memory(server.pid!);
    const done = await timed('execute', () => execute({ token: preview.data.token }));
    const afterExecute = memory(server.pid!);
    const again = await timed('preview again', previewOnce);
    const replaced = await timed('replace', () => execute({ token: again.data.token, replace: true }));
    const afterReplace = memory(server.pid!);
    return {
      rows: ROWS,
      fileKb: Math.round(file.length / 1024),
      seedSeconds,
      previewSeconds: preview.seconds,
      executeSeconds: done.seconds,
      replaceSeconds: replaced.seconds,
      rssBeforeMb: before.rss,
      peakAfterPreviewMb: afterPreview.peak,
      peakAfterExecuteMb: afterExecute.peak,
      peakAfterReplaceMb: afterReplace.peak,
      executed: replaced.data.amount,
      load: { start: round(loadStart), end: round(loadavg()[0]!) },
    };
  } finally {
    await stopServer(server);
  }
}

/** What moved the figures (measured on this seed, 4 December 2026, on the same shared cores). */
const FINDINGS = [
  "- **First version:** the preview answered every row with its cells (10,000 items, about 2.4 MB of JSON, each checked against the response's contract): preview 2.38 s, the server's peak 451 MB. It now answers the rows in error only (the first 1,000; the error file has them all): preview about 1.8 s.",
  "- **Where the memory goes:** most of the growth is the parsing worker's heap (SheetJS reading a 2.7 MB BIFF8 file, capped at 256 MB and freed when the worker ends) and the rows checked twice (preview, then execution inside its transaction). The kept sheet is 10,000 rows of text in `import_uploads.rows`, cleared when it is executed.",
  '- **Execution** writes the rows 1,000 per insert and executes one cell per (line, month): 200 cells for 10,000 rows, so the budget call takes 200 line locks, not 10,000.',
];

export function personalSection(f: PersonalFigures): string {
  const n = (v: number) => v.toLocaleString('en');
  const met = (v: number, target: number, unit: string) =>
    v < target ? `met (< ${target} ${unit})` : `**not met** (target < ${target} ${unit})`;
  // The target's reading: what the file's preview and execution add to the server; the second round (the same file
  // replacing the month) is reported beside it.
  const growth = f.peakAfterExecuteMb - f.rssBeforeMb;
  const again = f.peakAfterReplaceMb - f.rssBeforeMb;
  return [
    PERSONAL_HEADING,
    '',
    `Run ${new Date().toISOString()} (\`npm run bench:personal\`, also part of \`npm run bench\`) on PostgreSQL: a payroll .xls of ${n(f.rows)} rows (${n(f.fileKb)} KB, one per collaborator, half named by DPI and half by code, each on the salary line of its program at its headquarter: ${PROGRAMS * HEADQUARTERS} lines), ${n(f.rows)} collaborators; seeded in SQL in ${f.seedSeconds.toFixed(1)} s. The real server, one upload at a time, on the same 2 shared cores (1-minute load average ${f.load.start} at the start, ${f.load.end} at the end). Memory from /proc: resident before the first upload, then the process's peak (VmHWM).`,
    '',
    'Targets (issue 27): preview under 5 s and execute under 5 s on PostgreSQL, the server growing by less than 200 MB.',
    '',
    '| step | seconds | server peak MB | target |',
    '|---|---|---|---|',
    `| preview (\`POST /api/execution/personal/preview\`: read, check every row, keep the sheet) | ${f.previewSeconds.toFixed(2)} | ${f.peakAfterPreviewMb} | ${met(f.previewSeconds, 5, 's')} |`,
    `| execute (the token: check again, write ${n(f.rows)} rows, execute the lines) | ${f.executeSeconds.toFixed(2)} | ${f.peakAfterExecuteMb} | ${met(f.executeSeconds, 5, 's')} |`,
    `| the same month replaced by the same file (reverse, write, execute) | ${f.replaceSeconds.toFixed(2)} | ${f.peakAfterReplaceMb} | ${met(f.replaceSeconds, 5, 's')} |`,
    '',
    `Memory: ${f.rssBeforeMb} MB resident before the upload, peak ${f.peakAfterExecuteMb} MB once it was previewed and executed: growth ${growth} MB, ${met(growth, 200, 'MB')}. After a second round (the same file previewed again and replacing the month) the peak was ${f.peakAfterReplaceMb} MB (${again} MB over the start): V8 keeps the heap it grew, and the second parse's worker adds its own. Executed in the end: Q ${f.executed}.`,
    '',
    ...FINDINGS,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const figures = await personalFigures();
  const section = personalSection(figures);
  replaceSection(PERSONAL_HEADING, section);
  console.log(`\n${section}`);
}
