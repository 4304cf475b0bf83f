/**
 * Support tickets' figures (issue 12), part of `npm run bench` and on their
 * own with `npm run bench:support`: on PostgreSQL (BENCH_SUPPORT_DATABASE_URL,
 * default the local server's `amparo_bench_support` database) seed
 * BENCH_TICKETS tickets (default 100,000) with 5 comments each in SQL, start
 * the real server, and load the support queue, the board and a search with
 * autocannon (20 connections); then time one transition at a time. Writes its
 * section of docs/benchmarks.md.
 *
 * Targets: queue, board and search p95 under 50 ms at 20 connections; one
 * transition under 30 ms p95.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { ensureFirstAdmin } from '../apps/server/src/db/seed/admin.ts';
import { CONNECTIONS, DURATION, load, percentile, type Figures } from './load.ts';
import { PASSWORD, signIn, startServer, stopServer } from './server.ts';
import { replaceSection } from './web.ts';
import { cpuPerRequest, type CpuPerRequest } from './cpu.ts';

const TICKETS = Number(process.env.BENCH_TICKETS ?? 100_000);
const COMMENTS_PER_TICKET = 5;
const PG_URL = process.env.BENCH_SUPPORT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/amparo_bench_support';
const PORT = Number(process.env.BENCH_SUPPORT_PORT ?? 3419);
const TRANSITIONS = 300;
export const SUPPORT_HEADING = '## Support tickets (issue 12)';

async function recreate() {
  const url = new URL(PG_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await c.query(`drop database if exists "${name}" with (force)`);
  await c.query(`create database "${name}"`);
  await c.end();
}

// Words of the seeded texts; `impresora` is in about 1 % of descriptions (the search's term).
const WORDS = [
  'equipo',
  'pantalla',
  'teclado',
  'correo',
  'acceso',
  'clave',
  'sistema',
  'sede',
  'oficina',
  'internet',
  'red',
  'lento',
  'falla',
  'error',
  'archivo',
  'carpeta',
  'usuario',
  'reporte',
  'formulario',
  'programa',
  'luz',
  'puerta',
  'agua',
  'silla',
  'escritorio',
  'cable',
  'cargador',
  'batería',
  'mouse',
  'cámara',
  'reunión',
  'viernes',
  'lunes',
  'mañana',
  'tarde',
  'urgente',
  'revisar',
  'cambiar',
  'instalar',
  'actualizar',
];

/** Tickets spread over two years, statuses mixed as a working queue would have them, and their comments. */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const words = `array[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const text = (n: number, salt: string) =>
    `(select string_agg((${words})[1 + floor(random() * ${WORDS.length})::int], ' ') from generate_series(1, ${n}) w where w > 0 * ${salt})`;
  await db.execute(
    sql.raw(`
    insert into headquarters (code, name, country, state)
    select 'B' || g, 'Sede ' || g, 'GT', lpad(g::text, 2, '0') from generate_series(1, 8) g`),
  );
  await db.execute(
    sql.raw(`
    insert into support_tickets (number, type, priority, criticality, status, headquarter_id, subject, description,
      requester_id, assignee_id, response_due_at, responded_at, resolution_due_at, resolved_at,
      resolution_working_minutes, version, created_at, updated_at)
    select
      'TK-' || (2025 + (g > ${TICKETS / 2})::int) || '-' || lpad(g::text, 6, '0'),
      (array['HARDWARE','SOFTWARE','ACCESO','EDIFICIO','ADMINISTRATIVO','OTRO'])[1 + g % 6],
      (array['alta','media','baja'])[1 + g % 3],
      (array['alta','media','baja'])[1 + (g / 3) % 3],
      s.status,
      (select id from headquarters order by code offset (g % 8) limit 1),
      ${text(5, 'g')},
      case when g % 100 = 0 then 'La impresora no imprime. ' else '' end || ${text(14, 'g')},
      (select id from users where username = 'admin'),
      case when s.status = 'generado' then null else (select id from users where username = 'admin') end,
      c.at + interval '4 hours', case when s.status = 'generado' then null else c.at + interval '2 hours' end,
      c.at + interval '3 days', case when s.status in ('resuelto','finalizado','rechazado') then c.at + interval '2 days' end,
      case when s.status in ('resuelto','finalizado') then 600 end,
      1, c.at, c.at
    from generate_series(1, ${TICKETS}) g,
      lateral (select (now() - interval '730 days' * (1 - g::float / ${TICKETS})) as at) c,
      lateral (select case
        when g > ${TICKETS} - 2000 then (array['generado','asignado','curso','pendiente','resuelto'])[1 + g % 5]
        else (array['finalizado','finalizado','finalizado','cancelado','rechazado'])[1 + g % 5] end as status) s`),
  );
  await db.execute(
    sql.raw(`
    insert into support_ticket_counters (year, last) values (2025, ${TICKETS / 2}), (2026, ${TICKETS})
    on conflict (year) do update set last = excluded.last`),
  );
  await db.execute(
    sql.raw(`
    insert into support_comments (ticket_id, author_id, body, internal, created_at)
    select t.id, t.requester_id, ${text(10, 'k')}, k % 5 = 0, t.created_at + k * interval '1 hour'
    from support_tickets t, generate_series(1, ${COMMENTS_PER_TICKET}) k`),
  );
  await db.execute(sql`vacuum analyze`);
}

type LoadFigures = Figures & { cpu: CpuPerRequest };

export interface SupportFigures {
  tickets: number;
  comments: number;
  /** Seconds the SQL seed took; null when BENCH_SUPPORT_REUSE measured a database seeded before. */
  seedSeconds: number | null;
  http: {
    queue: LoadFigures;
    board: LoadFigures;
    search: LoadFigures;
    mine: LoadFigures;
    /** Word search (issue 24 section 2): a prefix, two words, a 2-letter term, a ticket number. */
    prefix: LoadFigures;
    words: LoadFigures;
    short: LoadFigures;
    shortByDate: LoadFigures;
    number: LoadFigures;
  };
  /** The machine's 1-minute load average when the loads started and when they ended (it is shared). */
  load: { start: number; end: number };
  transition: { runs: number; p50: number; p95: number; p99: number };
}

export async function supportFigures(): Promise<SupportFigures> {
  console.log(`\n== support: seeding ${TICKETS} tickets, ${TICKETS * COMMENTS_PER_TICKET} comments (PostgreSQL)`);
  // BENCH_SUPPORT_REUSE=1 measures the database a previous run seeded (to iterate on the queries).
  const reuse = process.env.BENCH_SUPPORT_REUSE === '1';
  if (!reuse) await recreate();
  const database = await openDatabase({ url: PG_URL });
  await database.migrate();
  await seedReference(database.db);
  await ensureFirstAdmin(database.db, { username: 'admin', password: PASSWORD });
  const t0 = Date.now();
  if (!reuse) await seed(database.db);
  const seedSeconds = reuse ? null : (Date.now() - t0) / 1000;
  await database.close();

  const server = await startServer({ DATABASE_URL: PG_URL, JOBS_ENABLED: 'false' }, PORT);
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const token = await signIn(base);
    const url = (path: string) => `${base}/api/support/${path}`;
    const loadStart = loadavg()[0]!;
    // CPU per request as bench:budget reports it; the warm-up's requests count too (its CPU is in the difference).
    const loaded = async (path: string): Promise<LoadFigures> => {
      const { result, cpu } = await cpuPerRequest(
        server.pid!,
        PG_URL,
        () => load(url(path), token),
        (f, ms) => (f.reqPerSec * ms) / 1000,
      );
      return { ...result, cpu };
    };
    const http = {
      queue: await loaded('tickets?scope=queue&status=open&page=1&pageSize=25'),
      mine: await loaded('tickets?scope=mine&page=1&pageSize=25'),
      board: await loaded('board'),
      search: await loaded('tickets?scope=queue&q=impresora&sort=relevance&page=1&pageSize=25'),
      prefix: await loaded('tickets?scope=queue&q=impres&sort=relevance&page=1&pageSize=25'),
      words: await loaded('tickets?scope=queue&q=impresora%20imprime&sort=relevance&page=1&pageSize=25'),
      short: await loaded('tickets?scope=queue&q=re&sort=relevance&page=1&pageSize=25'),
      number: await loaded('tickets?scope=queue&q=TK-2025-000123&sort=relevance&page=1&pageSize=25'),
      // The same 2-letter term sorted by a column (newest first): no rank is computed.
      shortByDate: await loaded('tickets?scope=queue&q=re&sort=createdAt&order=desc&page=1&pageSize=25'),
    };
    const loadEnd = loadavg()[0]!;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const ids: { id: string; version: number }[] = [];
    for (let page = 1; ids.length < TRANSITIONS; page++) {
      const res = await (
        await fetch(url(`tickets?scope=queue&status=generado&pageSize=100&page=${page}`), { headers })
      ).json();
      if (res.data.items.length === 0) break;
      ids.push(...res.data.items);
    }
    const times: number[] = [];
    for (const t of ids.slice(0, TRANSITIONS)) {
      const t1 = performance.now();
      const res = await fetch(url(`tickets/${t.id}/transitions`), {
        method: 'POST',
        headers,
        body: JSON.stringify({ transition: 'start', version: t.version }),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`transition: ${res.status}`);
      times.push(performance.now() - t1);
    }
    times.sort((a, b) => a - b);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      tickets: TICKETS,
      comments: TICKETS * COMMENTS_PER_TICKET,
      seedSeconds,
      http,
      load: { start: round(loadStart), end: round(loadEnd) },
      transition: {
        runs: times.length,
        p50: round(percentile(times, 50)),
        p95: round(percentile(times, 95)),
        p99: round(percentile(times, 99)),
      },
    };
  } finally {
    await stopServer(server);
  }
}

export function supportSection(f: SupportFigures): string {
  const ok = (v: number, target: number) => (v < target ? `${v}` : `**${v}** (target < ${target})`);
  const row = (name: string, x: LoadFigures, target = 50) =>
    `| ${name} | ${x.reqPerSec} | ${x.p50} | ${ok(x.p95, target)} | ${x.p99} | ${x.errors} | ${x.non2xx} | ${x.cpu.server} | ${x.cpu.postgres ?? '–'} |`;
  return [
    SUPPORT_HEADING,
    '',
    `Run ${new Date().toISOString()} (\`npm run bench:support\`, also part of \`npm run bench\`) on PostgreSQL: ${f.tickets.toLocaleString('en')} tickets over two years (2,000 of them open) with ${f.comments.toLocaleString('en')} comments (one in five internal), ${f.seedSeconds === null ? 'seeded by an earlier run (BENCH_SUPPORT_REUSE)' : `seeded in SQL in ${f.seedSeconds.toFixed(1)} s`}, 8 headquarters; the real server, signed in as the administrator (support staff). autocannon with ${CONNECTIONS} connections for ${DURATION} s after a 2 s warm-up; load tool on the same 2 cores; load average ${f.load.start} at the start of the loads, ${f.load.end} at the end (the machine is shared). CPU per request: the server process's and its PostgreSQL backends' CPU time over the load (warm-up included, from /proc) divided by the requests served.`,
    '',
    'Targets: the queue, the board and a search p95 under 50 ms at 20 connections (a 2-letter term under 200 ms, issue 24); one transition under 30 ms p95. Searches sort by relevance, as the list does once words are typed.',
    '',
    '| request | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx | CPU ms/req server | CPU ms/req PostgreSQL |',
    '|---|---|---|---|---|---|---|---|---|',
    row('support queue, open tickets, first page (25, with service targets in working time)', f.http.queue),
    row('own tickets, first page (25)', f.http.mine),
    row('board (8 columns: up to 20 open cards, 10 closed, with allowed transitions)', f.http.board),
    row("search 'impresora' over number, description and comments (internal included)", f.http.search),
    row("search 'impres' (a word's beginning)", f.http.prefix),
    row("search 'impresora imprime' (two words, both required)", f.http.words),
    row("search 're' (2 letters, the shortest search; target < 200 ms)", f.http.short, 200),
    row("search 're', sorted by date instead of relevance", f.http.shortByDate, 200),
    row("search 'TK-2025-000123' (a ticket number)", f.http.number),
    '',
    f.transition.runs === 0
      ? 'One transition at a time: not measured, the reused database has no «generado» ticket left (earlier runs started them all; run once without BENCH_SUPPORT_REUSE to seed again).'
      : `One transition at a time (\`start\`, generado → curso: row lock, history row, service targets, a notification), ${f.transition.runs} tickets: p50 ${f.transition.p50} ms, p95 ${ok(f.transition.p95, 30)} ms, p99 ${f.transition.p99} ms.`,
    '',
  ].join('\n');
}

if (import.meta.main) {
  const figures = await supportFigures();
  const section = supportSection(figures);
  replaceSection(SUPPORT_HEADING, section);
  console.log(`\n${section}`);
}
