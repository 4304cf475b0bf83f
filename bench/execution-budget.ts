/**
 * `npm run bench:execution-budget` (also part of `npm run bench`), issue 27 section 3: on PostgreSQL
 * (BENCH_EXECUTION_BUDGET_DATABASE_URL, default the local server's `amparo_bench_execution_budget` database,
 * recreated each run) seed in SQL a year's plan (1,000 lines, every month assigned to one of 200 funder items) and
 * BENCH_LIQUIDATED liquidated expense requests (default 50,000) with 4 invoices each (200,000 invoices), each
 * committed, released and executed on its line's month as an approved liquidation leaves it. Start the real server
 * and load the execution view `/api/execution/budget` with autocannon at 10 connections: the year by axis, half a
 * year by item, and the requests behind one axis. Writes its section of docs/benchmarks.md.
 *
 * Target: the view for a year p95 under 300 ms at 10 connections.
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { code2, recreateDatabase, uuidOf } from './seed-sql.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { ensureFirstAdmin } from '../apps/server/src/db/seed/admin.ts';
import { DURATION, load, type Figures } from './load.ts';
import { PASSWORD, signIn, startServer, stopServer } from './server.ts';
import { replaceSection } from './web.ts';
import { cpuPerRequest, type CpuPerRequest } from './cpu.ts';

const PG_URL =
  process.env.BENCH_EXECUTION_BUDGET_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/amparo_bench_execution_budget';
const PORT = Number(process.env.BENCH_EXECUTION_BUDGET_PORT ?? 3424);
const REQUESTS = Number(process.env.BENCH_LIQUIDATED ?? 50_000);
const INVOICES_PER_REQUEST = 4;
const CONNECTIONS = 10;
const YEAR = 2026;
const LINES = 1000;
const COOPERATING = 20;
const ITEMS_PER_COOPERATING = 10;
const ITEMS = COOPERATING * ITEMS_PER_COOPERATING;
const PROVIDERS = 50;
export const EXECUTION_BUDGET_HEADING = "## Execution: the budget's execution view (issue 27 section 3)";

const lineId = (l: string) => uuidOf(`'line' || ${l}`);
const itemId = (n: string) => uuidOf(`'item' || ${n}`);
const coopId = (c: string) => uuidOf(`'coop' || ${c}`);
const requestId = (g: string) => uuidOf(`'request' || ${g}`);
const providerId = (p: string) => uuidOf(`'provider' || ${p}`);
/** Request g's line, and its amount (Q 400.00–4,399.00, four invoices of a quarter each). */
const lineOf = (g: string) => `(1 + (${g} * 37) % ${LINES})`;
const totalOf = (g: string) => `(400 + (${g} * 7919) % 4000)::numeric`;

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

async function seed(db: Db) {
  const run = (text: string) => db.execute(sql.raw(text));
  const [{ id: admin }] = (await db.execute<{ id: string }>(sql`select id from users where username = 'admin'`))
    .rows as [{ id: string }];
  const by = `'${admin}'::uuid`;
  await run(`
    insert into headquarters (code, name, country, state)
    select 'B' || g, 'Sede ' || g, 'GT', lpad(g::text, 2, '0') from generate_series(1, 4) g`);
  await run(`
    insert into catalog_items (catalog, code, es, en, sort_order, parent)
    select 'strategic_axis', ${code2('EJE_', 'g')}, 'Eje estratégico ' || g, 'Strategic axis ' || g, g, null
      from generate_series(1, 4) g
    union all
    select 'program', ${code2('PRG_', 'g')}, 'Programa ' || g, 'Program ' || g, g, ${code2('EJE_', '(g - 1) / 4 + 1')}
      from generate_series(1, 16) g
    union all
    select 'expense_type', ${code2('GTO_', 'g')}, 'Tipo de gasto ' || g, 'Expense type ' || g, g, null
      from generate_series(1, 10) g`);
  await run(`
    insert into cooperating (id, code, name, country, start_date, end_date, currency, ceiling, agreed_amount,
      control_mode, created_by, updated_by)
    select ${coopId('c')}, ${code2('COOP', 'c + 1')}, 'Cooperante ' || (c + 1), 'GT', '${YEAR}-01-01', '${YEAR}-12-31',
           'GTQ', 500000000, null, 'stop', ${by}, ${by}
      from generate_series(0, ${COOPERATING - 1}) c`);
  await run(`
    insert into cooperating_items (id, cooperating_id, code, name, initial_amount, created_by, updated_by)
    select ${itemId('n')}, ${coopId(`n / ${ITEMS_PER_COOPERATING}`)}, ${code2('R', `n % ${ITEMS_PER_COOPERATING} + 1`)},
           'Rubro ' || (n % ${ITEMS_PER_COOPERATING} + 1), 100000000, ${by}, ${by}
      from generate_series(0, ${ITEMS - 1}) n`);
  await run(`
    insert into planning_lines (id, year, strategic_axis, program, expense_type, description, goal_unit,
      responsible_id, planner_id, headquarter_id, municipality, created_by, updated_by)
    select ${lineId('l')}, ${YEAR}, ${code2('EJE_', '(l % 16) / 4 + 1')}, ${code2('PRG_', 'l % 16 + 1')},
           ${code2('GTO_', 'l % 10 + 1')}, 'Actividad ' || l, 'actividades', ${by}, ${by}, hq.ids[1 + l % 4], null,
           ${by}, ${by}
      from generate_series(1, ${LINES}) l, (select array_agg(id order by code) as ids from headquarters) hq`);
  await run(`
    insert into planning_months (line_id, month, goal, amount)
    select ${lineId('l')}, m, 1, 120000 from generate_series(1, ${LINES}) l cross join generate_series(1, 12) m`);
  await run(`
    insert into budget_assignments (line_id, item_id, cooperating_id, month, amount, kind, reason, author_id)
    select ${lineId('l')}, ${itemId(`l % ${ITEMS}`)}, ${coopId(`(l % ${ITEMS}) / ${ITEMS_PER_COOPERATING}`)}, m, 100000,
           'increase', 'Asignación inicial', ${by}
      from generate_series(1, ${LINES}) l cross join generate_series(1, 12) m`);
  await run(`
    insert into providers (id, name, nit, tax_regime, created_by, updated_by)
    select ${providerId('p')}, 'Proveedor ' || p, (1000000 + p)::text || '-' || (p % 10), 'general', ${by}, ${by}
      from generate_series(0, ${PROVIDERS - 1}) p`);
  // The requests: every one liquidated (approved), on one line of its month, by the benchmark's admin.
  await run(`
    insert into expense_requests (id, year, sequence, type, status, month, requester_id, liquidator_id, description,
      justification, urgent, execution_date, total, needs_superior, liquidated_total, created_by, updated_by)
    select ${requestId('g')}, ${YEAR}, g, 'reserve', 'aprobar_liquidacion', 1 + g % 12, ${by}, ${by},
           'Solicitud ' || g, 'Actividad del mes', false, make_date(${YEAR}, 1 + g % 12, 15), ${totalOf('g')}, false,
           ${totalOf('g')}, ${by}, ${by}
      from generate_series(1, ${REQUESTS}) g`);
  await run(`insert into expense_request_numbers (year, last) values (${YEAR}, ${REQUESTS})`);
  await run(`
    insert into expense_request_items (request_id, position, line_id, description, unit, quantity, unit_price, amount)
    select ${requestId('g')}, 0, ${lineId(lineOf('g'))}, 'Artículo', 'lote', 1, ${totalOf('g')}, ${totalOf('g')}
      from generate_series(1, ${REQUESTS}) g`);
  await run(`
    insert into expense_request_invoices (request_id, document, provider_id, issuer_nit, serie, number, invoice_key,
      emitted_on, amount, base, isr_retained, iva_retained, created_by, updated_by)
    select ${requestId('g')}, 'paper_invoice', ${providerId(`(g + k) % ${PROVIDERS}`)}, (1000000 + (g + k) % ${PROVIDERS})::text,
           'A', (g * ${INVOICES_PER_REQUEST} + k)::text,
           'paper:' || (1000000 + (g + k) % ${PROVIDERS}) || ':A:' || (g * ${INVOICES_PER_REQUEST} + k),
           make_date(${YEAR}, 1 + g % 12, 10), ${totalOf('g')} / ${INVOICES_PER_REQUEST},
           round(${totalOf('g')} / ${INVOICES_PER_REQUEST} / 1.12, 2), 0, 0, ${by}, ${by}
      from generate_series(1, ${REQUESTS}) g cross join generate_series(1, ${INVOICES_PER_REQUEST}) k`);
  // The ledger an approved liquidation leaves: committed, released, executed on the line's item and month.
  await run(`
    insert into budget_commitments (line_id, item_id, cooperating_id, month, kind, amount, source_type, source_id,
      author_id, created_at)
    select ${lineId(lineOf('g'))}, ${itemId(`${lineOf('g')} % ${ITEMS}`)},
           ${coopId(`(${lineOf('g')} % ${ITEMS}) / ${ITEMS_PER_COOPERATING}`)}, 1 + g % 12, k.kind,
           k.sign * ${totalOf('g')}, 'expense_request', ${requestId('g')}, ${by}, timestamptz '${YEAR}-01-02 08:00:00-06'
      from generate_series(1, ${REQUESTS}) g
      cross join (values ('commit', 1), ('release', -1), ('execute', 1)) k(kind, sign)`);
  await run('select budget_totals_compact()');
  await run('vacuum analyze');
}

type LoadFigures = Figures & { cpu: CpuPerRequest };

export interface ExecutionBudgetFigures {
  sizes: { requests: number; invoices: number; commitments: number; lines: number };
  seedSeconds: number;
  year: LoadFigures;
  halfByItem: LoadFigures;
  requestsBehind: LoadFigures;
  load: { start: number; end: number };
}

const round = (n: number) => Math.round(n * 10) / 10;

export async function executionBudgetFigures(): Promise<ExecutionBudgetFigures> {
  console.log(`\n== execution budget view: seeding ${REQUESTS} liquidated requests (PostgreSQL)`);
  await recreateDatabase(PG_URL);
  const database = await openDatabase({ url: PG_URL });
  await database.migrate();
  await seedReference(database.db);
  await ensureFirstAdmin(database.db, { username: 'admin', password: PASSWORD });
  const t0 = Date.now();
  await seed(database.db);
  const seedSeconds = (Date.now() - t0) / 1000;
  const count = async (q: string) =>
    Number((await database.db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${q}`))).rows[0]!.n);
  const sizes = {
    requests: await count('expense_requests'),
    invoices: await count('expense_request_invoices'),
    commitments: await count('budget_commitments'),
    lines: await count('planning_lines'),
  };
  await database.close();
  const base = `http://127.0.0.1:${PORT}`;
  const loadStart = loadavg()[0]!;
  const server = await startServer({ DATABASE_URL: PG_URL, JOBS_ENABLED: 'false' }, PORT);
  try {
    const token = await signIn(base);
    const loaded = async (path: string): Promise<LoadFigures> => {
      const check = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (!check.ok) throw new Error(`GET ${path}: ${check.status} ${await check.text()}`);
      const { result, cpu } = await cpuPerRequest(
        server.pid!,
        PG_URL,
        () => load(`${base}${path}`, token, CONNECTIONS),
        (f, ms) => (f.reqPerSec * ms) / 1000,
      );
      console.log(`${path}: p95 ${result.p95} ms, ${result.reqPerSec} req/s, ${result.errors} errors`);
      return { ...result, cpu };
    };
    return {
      sizes,
      seedSeconds,
      year: await loaded(`/api/execution/budget?year=${YEAR}&by=axis`),
      halfByItem: await loaded(`/api/execution/budget?year=${YEAR}&by=item&fromMonth=1&toMonth=6`),
      requestsBehind: await loaded(`/api/execution/budget/requests?year=${YEAR}&axis=EJE_01&page=1&pageSize=25`),
      load: { start: round(loadStart), end: round(loadavg()[0]!) },
    };
  } finally {
    await stopServer(server);
  }
}

/** What moved the figures and what is left (EXPLAIN ANALYZE on this seed, 4 December 2026, on the same shared cores). */
const FINDINGS = [
  "- **First version, from the ledgers:** every view summed the year's 150,000 commitment rows joined to the lines (a parallel sequential scan, 27 ms alone and 30.7 ms of PostgreSQL CPU a request): the year by axis p95 399.6 ms, January–June by item 344.3 ms at 10 connections.",
  "- **By axis or program** the view now reads `budget_poa_totals`, the totals the ledgers' triggers keep per (year, axis, program, month) for the POA summary: p95 399.6 → about 8 ms.",
  '- **By expense type, cooperating or item** it reads a third kept total, `budget_cell_totals` per (line, item, month), written by the same triggers, compacted, verified and rebuilt with the other two (migration 0053): January–June by item p95 344.3 → about 53 ms.',
  "- **The requests behind a figure** first grouped every filtered commitment row by request to order them by what each executed (37,000 rows for one axis here): p95 716.5 ms at 68.3 ms of PostgreSQL CPU a request. They are now listed newest first by number, counted up to four pages ahead, and only the page's requests are summed, from the ledger rows that name them: p95 about 24 ms.",
];

export function executionBudgetSection(f: ExecutionBudgetFigures): string {
  const n = (v: number) => v.toLocaleString('en');
  const met = (v: number) => (v < 300 ? 'met (< 300)' : '**not met** (target < 300)');
  const row = (name: string, x: LoadFigures) =>
    `| ${name} | ${x.reqPerSec} | ${x.p50} | ${x.p95} | ${x.p99} | ${x.errors} | ${x.non2xx} | ${x.cpu.server} | ${x.cpu.postgres ?? '–'} | ${met(x.p95)} |`;
  return [
    EXECUTION_BUDGET_HEADING,
    '',
    `Run ${new Date().toISOString()} (\`npm run bench:execution-budget\`, also part of \`npm run bench\`) on PostgreSQL: ${n(f.sizes.requests)} liquidated expense requests of ${YEAR} with ${n(f.sizes.invoices)} invoices, ${n(f.sizes.commitments)} budget ledger rows (each request committed, released and executed on its line's month), ${n(f.sizes.lines)} planning lines, ${ITEMS} funder items; seeded in SQL in ${f.seedSeconds.toFixed(1)} s (with VACUUM ANALYZE). The real server (DATABASE_POOL_SIZE 8); autocannon with ${CONNECTIONS} connections for ${DURATION} s after a 2 s warm-up, on the same 2 shared cores (1-minute load average ${f.load.start} when the measurements started, ${f.load.end} when they ended). CPU per request as the other sections measure it.`,
    '',
    `Target (issue 27): the budget execution view for a year with 200,000 invoices under 300 ms p95 at ${CONNECTIONS} connections.`,
    '',
    '| request | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx | server CPU ms/req | PostgreSQL CPU ms/req | p95 target |',
    '|---|---|---|---|---|---|---|---|---|---|',
    row(`the year by strategic axis, \`GET /api/execution/budget?year=${YEAR}&by=axis\``, f.year),
    row('January–June by item (200 items)', f.halfByItem),
    row('the requests behind one axis, first page (25)', f.requestsBehind),
    '',
    ...FINDINGS,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const figures = await executionBudgetFigures();
  const section = executionBudgetSection(figures);
  replaceSection(EXECUTION_BUDGET_HEADING, section);
  console.log(`\n${section}`);
}
