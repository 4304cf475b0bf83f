/**
 * `npm run bench:budget` (also part of `npm run bench`), issue 13: on PostgreSQL
 * (BENCH_BUDGET_DATABASE_URL, default the local server's `amparo_bench_budget`
 * database, recreated each run) seed in SQL a five-year plan (2024–2028) of
 * 2,000 lines a year with their 12 months, 40 cooperating agreements of 10
 * items each, and the assignment and commitment ledgers over them; start the
 * real server and load the POA summary and the funder summary (of a year and
 * of every year) with autocannon at 10 connections; then time planning-line
 * saves one at a time (a create, then an update of a seeded line with
 * assignments, alternately). Writes its section of docs/benchmarks.md.
 *
 * Targets: each summary p95 under 200 ms at 10 connections; one save of a line
 * with its 12 months under 50 ms p95.
 */
import { loadavg } from 'node:os';
import { code2, recreateDatabase, uuidOf } from './seed-sql.ts';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { ensureFirstAdmin } from '../apps/server/src/db/seed/admin.ts';
import { DURATION, load, percentile, type Figures } from './load.ts';
import { PASSWORD, signIn, startServer, stopServer } from './server.ts';
import { replaceSection } from './web.ts';
import { cpuPerRequest, type CpuPerRequest } from './cpu.ts';

const PG_URL = process.env.BENCH_BUDGET_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/amparo_bench_budget';
const PORT = Number(process.env.BENCH_BUDGET_PORT ?? 3421);
const CONNECTIONS = 10;
const FIRST_YEAR = 2024;
const YEARS = 5;
const LINES_PER_YEAR = 2000;
const LINES = YEARS * LINES_PER_YEAR;
const AXES = 10;
const PROGRAMS = 40;
const EXPENSE_TYPES = 15;
const HEADQUARTERS = 8;
const COOPERATING = 40;
const ITEMS_PER_COOPERATING = 10;
const ITEMS = COOPERATING * ITEMS_PER_COOPERATING;
/** The year the summaries are asked for. */
const YEAR = 2026;
const SAVES = 300;
export const BUDGET_HEADING = '## Budget: POA and funders (issue 13)';

/*
 * Identifiers are derived from their number (md5 of 'line' || g …) so every statement can find the rows of
 * the ones before it without reading them back. Amounts are deterministic functions of the numbers and keep
 * the budget's limits by construction: a (line, month)'s assignments add up to 80 % of its planned amount
 * (before a 10 % decrease on one line in ten), each item receives about Q 1.3 million against its Q 5 million,
 * and commitments plus executions stay under what is assigned (execution 40 % of half the cells: 20 %).
 */
const lineId = (g: string) => uuidOf(`'line' || ${g}`);
const itemId = (n: string) => uuidOf(`'item' || ${n}`);
const coopId = (c: string) => uuidOf(`'coop' || ${c}`);
/** The planned amount of line g's month m (Q 1,000.00–9,999.99). */
const planned = (g: string, m: string) =>
  `(1000 + ((${g} * 7919 + ${m} * 104729) % 9000) + ((${g} + ${m}) % 100) / 100.0)`;
/** The j-th of a line's 1–3 items (0-based item number; distinct for j = 0, 1, 2). */
const itemOf = (g: string, j: string) => `((${g} * 37 + ${j} * 131) % ${ITEMS})`;

/** The (line, item, month) cells with their assigned amount, for the statements that derive from them. */
const cells = `
  select g, j, m, ${itemOf('g', 'j')} as n,
         floor(${planned('g', 'm')} * 0.8 / (1 + g % 3) * 100) / 100 as assigned
    from generate_series(1, ${LINES}) g
    cross join generate_series(0, 2) j
    cross join generate_series(1, 12) m
   where j < 1 + g % 3`;

async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const run = (text: string) => db.execute(sql.raw(text));
  const [{ id: admin }] = (await db.execute<{ id: string }>(sql`select id from users where username = 'admin'`))
    .rows as [{ id: string }];
  const by = `'${admin}'::uuid`;
  await run(`
    insert into headquarters (code, name, country, state)
    select 'B' || g, 'Sede ' || g, 'GT', lpad(g::text, 2, '0') from generate_series(1, ${HEADQUARTERS}) g`);
  await run(`
    insert into catalog_items (catalog, code, es, en, sort_order, parent)
    select 'strategic_axis', ${code2('EJE_', 'g')}, 'Eje estratégico ' || g, 'Strategic axis ' || g, g, null
      from generate_series(1, ${AXES}) g
    union all
    select 'program', ${code2('PRG_', 'g')}, 'Programa ' || g, 'Program ' || g, g,
           ${code2('EJE_', `(g - 1) / ${PROGRAMS / AXES} + 1`)}
      from generate_series(1, ${PROGRAMS}) g
    union all
    select 'expense_type', ${code2('GTO_', 'g')}, 'Tipo de gasto ' || g, 'Expense type ' || g, g, null
      from generate_series(1, ${EXPENSE_TYPES}) g`);
  // Agreements over the five years, GTQ, USD and EUR in turn; ceilings above their items' amounts.
  await run(`
    insert into cooperating (id, code, name, country, start_date, end_date, currency, ceiling, agreed_amount,
      control_mode, created_by, updated_by)
    select ${coopId('c')}, ${code2('COOP', 'c + 1')}, 'Cooperante ' || (c + 1), (array['GT','US','DE'])[1 + c % 3],
           '${FIRST_YEAR}-01-01', '${FIRST_YEAR + YEARS - 1}-12-31', (array['GTQ','USD','EUR'])[1 + c % 3],
           80000000, case when c % 3 = 0 then null else 10000000 end,
           case when c % 4 = 0 then 'warn' else 'stop' end, ${by}, ${by}
      from generate_series(0, ${COOPERATING - 1}) c`);
  await run(`
    insert into cooperating_items (id, cooperating_id, code, name, initial_amount, created_by, updated_by)
    select ${itemId('n')}, ${coopId(`n / ${ITEMS_PER_COOPERATING}`)}, ${code2('R', `n % ${ITEMS_PER_COOPERATING} + 1`)},
           'Rubro ' || (n % ${ITEMS_PER_COOPERATING} + 1), 5000000, ${by}, ${by}
      from generate_series(0, ${ITEMS - 1}) n`);
  // Three transactions an agreement: two sums and a subtraction on its first three items.
  await run(`
    insert into cooperating_transactions (cooperating_id, item_id, type, date, amount, reason, author_id)
    select ${coopId('c')}, ${itemId(`c * ${ITEMS_PER_COOPERATING} + k`)}, (array['sum','sum','subtraction'])[k + 1],
           date '${FIRST_YEAR}-03-01' + (c * 10 + k * 90), (array[1000000, 500000, 200000])[k + 1], 'Adenda ' || (k + 1),
           ${by}
      from generate_series(0, ${COOPERATING - 1}) c cross join generate_series(0, 2) k`);
  const hq = `(select array_agg(id order by code) as ids from headquarters)`;
  await run(`
    insert into planning_lines (id, year, strategic_axis, program, expense_type, description, goal_unit,
      responsible_id, planner_id, headquarter_id, municipality, created_by, updated_by)
    select ${lineId('g')}, ${FIRST_YEAR} + (g - 1) / ${LINES_PER_YEAR},
           ${code2('EJE_', `(g % ${PROGRAMS}) / ${PROGRAMS / AXES} + 1`)}, ${code2('PRG_', `g % ${PROGRAMS} + 1`)},
           ${code2('GTO_', `g % ${EXPENSE_TYPES} + 1`)},
           'Actividad ' || g || ': talleres de crianza positiva con familias', 'talleres', ${by}, ${by},
           hq.ids[1 + g % ${HEADQUARTERS}], null, ${by}, ${by}
      from generate_series(1, ${LINES}) g, ${hq} hq`);
  await run(`
    insert into planning_months (line_id, month, goal, amount)
    select ${lineId('g')}, m, 1 + (g + m) % 5, ${planned('g', 'm')}
      from generate_series(1, ${LINES}) g cross join generate_series(1, 12) m`);
  // Assignments: each cell once (increase), and a decrease of 10 % of the first item's on one line in ten.
  await run(`
    insert into budget_assignments (line_id, item_id, cooperating_id, month, amount, kind, reason, author_id)
    select ${lineId('g')}, ${itemId('n')}, ${coopId(`n / ${ITEMS_PER_COOPERATING}`)}, m, assigned, 'increase',
           'Asignación inicial', ${by}
      from (${cells}) x
    union all
    select ${lineId('g')}, ${itemId('n')}, ${coopId(`n / ${ITEMS_PER_COOPERATING}`)}, m,
           -floor(assigned * 10) / 100, 'decrease', 'Ajuste', ${by}
      from (${cells}) x where g % 10 = 0 and j = 0`);
  // Executions of 40 % of half the cells (20 % of what is assigned), commitments of 15 % of a quarter, and a
  // release of a third of those commitments.
  await run(`
    insert into budget_commitments (line_id, item_id, cooperating_id, month, kind, amount, source_type, source_id,
      author_id)
    select ${lineId('g')}, ${itemId('n')}, ${coopId(`n / ${ITEMS_PER_COOPERATING}`)}, m, r.kind, r.amount,
           'expense_request', ${uuidOf(`'request' || g || '.' || j || '.' || m`)}, ${by}
      from (${cells}) x
      cross join lateral (
        select 'execute' as kind, floor(assigned * 40) / 100 as amount where (g + m) % 2 = 0
        union all
        select 'commit', floor(assigned * 15) / 100 where (g + j + m) % 4 = 1
        union all
        select 'release', -floor(assigned * 5) / 100 where (g + j + m) % 4 = 1 and g % 3 = 0
      ) r`);
  // The kept totals (issue 24 section 1) were written by the ledgers' triggers, one delta per key and statement;
  // fold them as the budget.compact-totals job would.
  await run('select budget_totals_compact()');
  await run('vacuum analyze');
  const count = async (table: string) =>
    Number(
      ((await db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${table}`))).rows[0] as { n: string }).n,
    );
  return {
    lines: await count('planning_lines'),
    months: await count('planning_months'),
    cooperating: await count('cooperating'),
    items: await count('cooperating_items'),
    transactions: await count('cooperating_transactions'),
    assignments: await count('budget_assignments'),
    commitments: await count('budget_commitments'),
    lines2026: await count(`planning_lines where year = ${YEAR}`),
    admin,
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: round(percentile(s, 50)), p95: round(percentile(s, 95)), p99: round(percentile(s, 99)) };
};

/**
 * Issue 24 section 1: WRITERS connections write assignments (an increase of Q 0.01 on a seeded cell, then its
 * decrease, in turn) while CONNECTIONS read the POA summary, for DURATION seconds. Every write must answer 200:
 * a refusal, a deadlock or any other error is counted.
 */
async function mixedRun(
  token: string,
  url: (path: string) => string,
  cells: { line_id: string; item_id: string; month: number }[],
): Promise<MixedFigures> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const writes: number[] = [];
  const failures: Record<string, number> = {};
  let stop = false;
  const writer = async (w: number) => {
    for (let i = w; !stop; i += WRITERS) {
      const cell = cells[i % cells.length]!;
      for (const type of ['increase', 'decrease']) {
        const t1 = performance.now();
        const res = await fetch(url(`assignment/${cell.line_id}/transaction/${cell.item_id}`), {
          method: 'POST',
          headers,
          body: JSON.stringify({ type, reason: 'Banco de pruebas', months: [{ month: cell.month, amount: '0.01' }] }),
        });
        writes.push(performance.now() - t1);
        if (!res.ok) {
          const code = `${res.status} ${((await res.json()) as { code?: string }).code ?? ''}`.trim();
          failures[code] = (failures[code] ?? 0) + 1;
        } else await res.arrayBuffer();
      }
    }
  };
  const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
  const reads = await load(url(`summary/poa?year=${YEAR}`), token, CONNECTIONS);
  stop = true;
  await Promise.all(writers);
  return { reads, writes: { count: writes.length, ...stats(writes) }, failures };
}

const WRITERS = 2;

export interface MixedFigures {
  reads: Figures;
  writes: { count: number; p50: number; p95: number; p99: number };
  /** Non-2xx writes by status and code (none expected). */
  failures: Record<string, number>;
}

export interface BudgetFigures {
  sizes: {
    lines: number;
    months: number;
    cooperating: number;
    items: number;
    transactions: number;
    assignments: number;
    commitments: number;
    linesOfYear: number;
  };
  /** Seconds the SQL seed took (with VACUUM ANALYZE); null when BENCH_BUDGET_REUSE measured an earlier seed. */
  seedSeconds: number | null;
  http: { poa: LoadFigures; fundersYear: LoadFigures; fundersAll: LoadFigures };
  /** Writers and readers at once (issue 24 section 1). */
  mixed: MixedFigures;
  saves: {
    runs: number;
    p50: number;
    p95: number;
    p99: number;
    create: { p50: number; p95: number };
    update: { p50: number; p95: number };
    cpu: CpuPerRequest;
  };
  /** The machine's 1-minute load average when the measurements started and ended (2 shared cores). */
  load: { start: number; end: number };
}

type LoadFigures = Figures & { cpu: CpuPerRequest };

interface Line {
  id: string;
  year: number;
  strategicAxis: string;
  program: string;
  expenseType: string;
  description: string;
  goalUnit: string;
  responsibleId: string;
  plannerId: string;
  headquarterId: string;
  municipality: string | null;
  months: { month: number; goal: string; amount: string }[];
  version: number;
}

/** The writable fields of a line (what POST and PUT take), its amounts raised by `raise` Q. */
const bodyOf = (l: Line, raise: number) => ({
  year: l.year,
  strategicAxis: l.strategicAxis,
  program: l.program,
  expenseType: l.expenseType,
  description: l.description,
  goalUnit: l.goalUnit,
  responsibleId: l.responsibleId,
  plannerId: l.plannerId,
  headquarterId: l.headquarterId,
  municipality: l.municipality,
  months: l.months.map((m) => ({ month: m.month, goal: m.goal, amount: (Number(m.amount) + raise).toFixed(2) })),
});

export async function budgetFigures(): Promise<BudgetFigures> {
  console.log(
    `\n== budget: seeding ${YEARS} years × ${LINES_PER_YEAR} lines × 12 months, ${COOPERATING} cooperating × ${ITEMS_PER_COOPERATING} items and the ledgers (PostgreSQL)`,
  );
  // BENCH_BUDGET_REUSE=1 measures the database a previous run seeded (to iterate on the queries).
  const reuse = process.env.BENCH_BUDGET_REUSE === '1';
  if (!reuse) await recreateDatabase(PG_URL);
  const database = await openDatabase({ url: PG_URL });
  await database.migrate();
  await seedReference(database.db);
  await ensureFirstAdmin(database.db, { username: 'admin', password: PASSWORD });
  const t0 = Date.now();
  const seeded = reuse ? null : await seed(database.db);
  // A reused database holds the delta rows earlier runs' writes added (their server ran no jobs): fold them as the
  // budget.compact-totals job does every minute, so each run reads the totals a live server would.
  if (reuse) {
    await database.db.execute(sql`select budget_totals_compact()`);
    await database.db.execute(sql`vacuum analyze budget_poa_totals, budget_item_totals`);
  }
  const seedSeconds = reuse ? null : (Date.now() - t0) / 1000;
  if (seedSeconds !== null) console.log(`seeded in ${seedSeconds.toFixed(1)} s`);
  const count = async (q: string) =>
    Number(
      ((await database.db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${q}`))).rows[0] as { n: string })
        .n,
    );
  // Sizes before the saves add lines (a reused database counts what earlier runs' saves added too).
  const sizes = {
    lines: seeded?.lines ?? (await count('planning_lines')),
    months: seeded?.months ?? (await count('planning_months')),
    cooperating: seeded?.cooperating ?? (await count('cooperating')),
    items: seeded?.items ?? (await count('cooperating_items')),
    transactions: seeded?.transactions ?? (await count('cooperating_transactions')),
    assignments: seeded?.assignments ?? (await count('budget_assignments')),
    commitments: seeded?.commitments ?? (await count('budget_commitments')),
    linesOfYear: seeded?.lines2026 ?? (await count(`planning_lines where year = ${YEAR}`)),
  };
  // The seeded lines of YEAR that the updates rewrite (each has assignments on every month).
  const updated = (
    await database.db.execute<{ id: string }>(
      sql.raw(`select ${lineId('g')} as id
                 from generate_series(${(YEAR - FIRST_YEAR) * LINES_PER_YEAR + 1}, ${(YEAR - FIRST_YEAR) * LINES_PER_YEAR + SAVES / 2}) g`),
    )
  ).rows.map((r) => (r as { id: string }).id);
  // Cells of YEAR that hold an assignment, for the mixed run's writers (an increase then a decrease of Q 0.01).
  const cells = (
    await database.db.execute<{ line_id: string; item_id: string; month: number }>(
      sql.raw(`select a.line_id, a.item_id, a.month from budget_assignments a join planning_lines l on l.id = a.line_id
                where l.year = ${YEAR} and a.kind = 'increase' order by a.line_id, a.item_id, a.month limit 2000`),
    )
  ).rows as { line_id: string; item_id: string; month: number }[];
  await database.close();

  const server = await startServer({ DATABASE_URL: PG_URL, JOBS_ENABLED: 'false' }, PORT);
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const token = await signIn(base);
    const loadStart = loadavg()[0]!;
    const url = (path: string) => `${base}/api/budget/${path}`;
    // The warm-up's requests count too (its CPU is in the difference): about reqPerSec over the whole time.
    const loaded = async (path: string): Promise<LoadFigures> => {
      const { result, cpu } = await cpuPerRequest(
        server.pid!,
        PG_URL,
        () => load(url(path), token, CONNECTIONS),
        (f, ms) => (f.reqPerSec * ms) / 1000,
      );
      return { ...result, cpu };
    };
    const http = {
      poa: await loaded(`summary/poa?year=${YEAR}`),
      fundersYear: await loaded(`summary/funders?year=${YEAR}`),
      fundersAll: await loaded('summary/funders'),
    };

    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const request = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(url(path), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
      return json.data as Line;
    };
    const lines: Line[] = [];
    for (const id of updated) lines.push(await request('GET', `planning/${id}`));
    const creates: number[] = [];
    const updates: number[] = [];
    const { cpu: savesCpu } = await cpuPerRequest(
      server.pid!,
      PG_URL,
      async () => {
        for (let i = 0; i < SAVES; i++) {
          const line = lines[Math.floor(i / 2)]!;
          const t1 = performance.now();
          if (i % 2 === 0)
            // A new line of the year like the seeded one: same classification, headquarter and people.
            await request('POST', 'planning', {
              ...bodyOf(line, 0),
              description: `Línea nueva ${i} del banco de pruebas`,
            });
          else await request('PUT', `planning/${line.id}`, { ...bodyOf(line, 10), version: line.version });
          (i % 2 === 0 ? creates : updates).push(performance.now() - t1);
        }
      },
      () => SAVES,
    );
    const all = stats([...creates, ...updates]);
    const mixed = await mixedRun(token, url, cells);
    return {
      sizes,
      seedSeconds,
      http,
      mixed,
      saves: {
        runs: SAVES,
        ...all,
        create: { p50: stats(creates).p50, p95: stats(creates).p95 },
        update: { p50: stats(updates).p50, p95: stats(updates).p95 },
        cpu: savesCpu,
      },
      load: { start: Math.round(loadStart * 10) / 10, end: Math.round(loadavg()[0]! * 10) / 10 },
    };
  } finally {
    await stopServer(server);
  }
}

export function budgetSection(f: BudgetFigures): string {
  const n = (v: number) => v.toLocaleString('en');
  const met = (v: number, target: number) => (v < target ? `met (< ${target})` : `**not met** (target < ${target})`);
  const cpu = (c: CpuPerRequest) => `${c.server} | ${c.postgres ?? '–'}`;
  const cpuMet = (c: CpuPerRequest) =>
    c.postgres === null ? '–' : c.server + c.postgres < 10 ? 'met (< 10)' : '**not met** (target < 10)';
  const row = (name: string, x: LoadFigures) =>
    `| ${name} | ${x.reqPerSec} | ${x.p50} | ${x.p95} | ${x.p99} | ${x.errors} | ${x.non2xx} | ${cpu(x.cpu)} | ${met(x.p95, 200)} | ${cpuMet(x.cpu)} |`;
  const s = f.sizes;
  return [
    BUDGET_HEADING,
    '',
    `Run ${new Date().toISOString()} (\`npm run bench:budget\`, also part of \`npm run bench\`) on PostgreSQL: a plan of ${YEARS} years (${FIRST_YEAR}–${FIRST_YEAR + YEARS - 1}) with ${n(s.lines)} lines (${n(s.linesOfYear)} in ${YEAR}; ${AXES} strategic axes, ${PROGRAMS} programs, ${EXPENSE_TYPES} expense types, ${HEADQUARTERS} headquarters) and ${n(s.months)} months; ${s.cooperating} cooperating agreements (GTQ, USD and EUR) with ${n(s.items)} items and ${s.transactions} transactions; ${n(s.assignments)} assignment ledger rows (each line's months on 1–3 items, 80 % of the plan, a decrease on one line in ten) and ${n(s.commitments)} commitment rows (20 % of the assigned executed, commitments and releases), ${f.seedSeconds === null ? 'seeded by an earlier run (BENCH_BUDGET_REUSE)' : `seeded in SQL in ${f.seedSeconds.toFixed(1)} s (with VACUUM ANALYZE)`}. The real server, signed in as the administrator; autocannon with ${CONNECTIONS} connections for ${DURATION} s after a 2 s warm-up; load tool on the same 2 cores, shared with other work (1-minute load average ${f.load.start} when the measurements started, ${f.load.end} when they ended).`,
    '',
    `Targets: the POA summary and the funder summary p95 under 200 ms at ${CONNECTIONS} connections, with server plus PostgreSQL CPU under 10 ms a request (issue 24 section 1: the totals kept as the ledgers are written); saving a planning line with its 12 months under 50 ms p95; ${WRITERS} connections writing assignments while ${CONNECTIONS} read the POA summary: no deadlock, no error, writes' p95 under 50 ms.`,
    '',
    '| request | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx | server CPU ms/req | PostgreSQL CPU ms/req | p95 target | CPU target |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    row(`POA summary of ${YEAR} (axes, programs and months: planned, assigned, committed, executed)`, f.http.poa),
    row(`funder summary of ${YEAR} (${s.cooperating} agreements, ${s.items} items)`, f.http.fundersYear),
    row('funder summary of every year', f.http.fundersAll),
    '',
    `Saving a planning line with its 12 months, one at a time, ${f.saves.runs} saves (a new line of ${YEAR}, then an update of a seeded line with assignments on every month, in turn): p50 ${f.saves.p50} ms, p95 ${f.saves.p95} ms, p99 ${f.saves.p99} ms, ${met(f.saves.p95, 50)}. Creates p50 ${f.saves.create.p50} ms, p95 ${f.saves.create.p95} ms; updates p50 ${f.saves.update.p50} ms, p95 ${f.saves.update.p95} ms. CPU per save: server ${f.saves.cpu.server} ms, PostgreSQL ${f.saves.cpu.postgres ?? '–'} ms.`,
    '',
    `Mixed: ${WRITERS} connections writing assignments (Q 0.01 up, then down, on seeded cells of ${YEAR}) while ${CONNECTIONS} read the POA summary for ${DURATION} s: ${f.mixed.writes.count} writes, p50 ${f.mixed.writes.p50} ms, p95 ${f.mixed.writes.p95} ms, p99 ${f.mixed.writes.p99} ms (${met(f.mixed.writes.p95, 50)}); refused or failed writes: ${
      Object.keys(f.mixed.failures).length
        ? Object.entries(f.mixed.failures)
            .map(([k, v]) => `${v} × ${k}`)
            .join(', ')
        : 'none'
    }. Reads meanwhile: ${f.mixed.reads.reqPerSec} req/s, p50 ${f.mixed.reads.p50} ms, p95 ${f.mixed.reads.p95} ms, ${f.mixed.reads.errors} errors, ${f.mixed.reads.non2xx} non-2xx.`,
    '',
    "CPU per request: the server process's and its PostgreSQL backends' CPU time over the load (warm-up included, from /proc) divided by the requests served. It depends much less than the latencies on what else the machine runs (contention still inflates it, by 10–30 % against the same statements run one at a time), and it bounds the throughput: two idle cores serve at most 2,000 ÷ (server + PostgreSQL ms) requests a second, and with 10 requests in flight on 2 cores each one waits for about 5 requests' worth of that time.",
    '',
  ].join('\n');
}

if (import.meta.main) {
  const figures = await budgetFigures();
  const section = budgetSection(figures);
  replaceSection(BUDGET_HEADING, section);
  console.log(`\n${section}`);
}
