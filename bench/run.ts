/**
 * `npm run bench`: a report of figures, not a timed test (issue 3).
 *
 * For each engine (PostgreSQL at BENCH_DATABASE_URL, default the local server's
 * `amparo_bench` database, and PGlite in a temporary folder): seed
 * BENCH_PERSONS persons (default 100,000) with seed:demo, time the list's
 * first page, a 3-character name search and one person by id directly through
 * the data layer, then start the real server and load the same three requests
 * with autocannon (20 connections, 10 s). Finally measure the gzipped
 * JavaScript the sign-in and list pages load in Chromium. Writes
 * docs/benchmarks.md and bench/results/latest.json.
 *
 * Before and after in one run (issue 10 item 9): on PostgreSQL the same
 * requests also go, interleaved, to a second server built from
 * BENCH_BASELINE (a git commit, default the last one before the lean request
 * path), checked out as a git worktree beside this one and sharing its
 * node_modules; its data-layer calls are timed directly too. Each server is
 * then profiled under the list's load (node --cpu-prof) and drawn as a flame
 * graph, docs/benchmarks/flame-*.svg.
 *
 * Then the support (support.ts, issue 12), budget (budget.ts, issue 13),
 * execution (execution.ts, issue 26) and budget execution view
 * (execution-budget.ts, issue 27) and personnel execution (personal.ts,
 * issue 27 section 4) benchmarks, each on its own PostgreSQL database, and
 * the spreadsheet bombs against the POA import (spreadsheet-bomb.ts, issue 23
 * section 3) on an embedded one (BENCH_SKIP_SUPPORT, BENCH_SKIP_BUDGET,
 * BENCH_SKIP_EXECUTION, BENCH_SKIP_EXECUTION_BUDGET, BENCH_SKIP_PERSONAL,
 * BENCH_SKIP_BOMB leave one out).
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client.ts';
import { seedReference } from '../apps/server/src/db/seed/reference.ts';
import { ensureFirstAdmin } from '../apps/server/src/db/seed/admin.ts';
import { seedDemo } from '../apps/server/src/db/seed/demo.ts';
import * as repo from '../apps/server/src/modules/population/persons/persons.repository.ts';
import { hashToken } from '../apps/server/src/lib/tokens.ts';
import type { Actor } from '../apps/server/src/lib/actor.ts';
import { analyse, flameGraphSvg } from './flamegraph.ts';
import { CONNECTIONS, DURATION, load, percentile } from './load.ts';
import { baselineWorktree, PASSWORD, ROOT, signIn, startServer, stopServer } from './server.ts';
import { bundleSizes, javascriptSection, type BundleSizes } from './web.ts';
import { lighthouseFigures, lighthouseSection, type LighthouseFigures } from './lighthouse.ts';
import { supportFigures, supportSection, type SupportFigures } from './support.ts';
import { budgetFigures, budgetSection, type BudgetFigures } from './budget.ts';
import { executionFigures, executionSection, type ExecutionFigures } from './execution.ts';
import { executionBudgetFigures, executionBudgetSection, type ExecutionBudgetFigures } from './execution-budget.ts';
import { personalFigures, personalSection, type PersonalFigures } from './personal.ts';
import { bombFigures, bombSection, type BombFigures } from './spreadsheet-bomb.ts';
import { todayInGuatemala } from '../packages/shared/src/format.ts';
import { sql } from 'drizzle-orm';

const PERSONS = Number(process.env.BENCH_PERSONS ?? 100_000);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/amparo_bench';
const ATTENTIONS = Number(process.env.BENCH_ATTENTIONS ?? 500_000);
const ACTIVITIES = Number(process.env.BENCH_ACTIVITIES ?? 5_000);
/** The last commit before issue 10 item 9 (the lean request path): what "before" means. */
const BASELINE = process.env.BENCH_BASELINE ?? 'dc63deb';

interface Timing {
  mean: number;
  p50: number;
  p95: number;
}

async function time(fn: () => Promise<unknown>, runs = 200): Promise<Timing> {
  for (let i = 0; i < 10; i++) await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return {
    mean: round(samples.reduce((a, b) => a + b, 0) / runs),
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
  };
}

async function recreatePgDatabase() {
  const url = new URL(PG_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const c = new pg.Client({ connectionString: url.toString() });
  await c.connect();
  await c.query(`drop database if exists "${name}" with (force)`);
  await c.query(`create database "${name}"`);
  await c.end();
}

/** A user actor for direct calls (what a request from 127.0.0.1 would carry). */
function benchActor(userId: string): Actor {
  return {
    userId,
    sessionId: null,
    permissions: new Set(),
    requestId: randomUUID(),
    clientRequestId: null,
    ip: '127.0.0.1',
    userAgent: null,
    method: 'GET',
    route: null,
    system: null,
  };
}

/**
 * Direct data-layer timings of what each request costs the database, as this
 * version runs it: the list, search or record with its read audit, in one
 * statement each (the session comes from the instance's cache, issue 10 item 9).
 */
async function directTimings(database: Database, userId: string, personId: string) {
  const db = database.db;
  const today = todayInGuatemala();
  const actor = benchActor(userId);
  const listWhere = repo.listWhere({ userId, today, terms: [], status: 'all' }, 'placeholders');
  const searchWhere = repo.listWhere({ userId, today, terms: ['mar'], status: 'all' }, 'placeholders');
  return {
    list: await time(() => repo.listPersons(db, listWhere, 'createdAt', 'desc', 1, 25, 125, { actor, part: 'list' })),
    search: await time(() =>
      repo.listPersons(db, searchWhere, 'createdAt', 'desc', 1, 25, 50, { actor, part: 'search' }),
    ),
    byId: await time(() => repo.findPersonForUser(db, personId, userId, { actor, part: null })),
  };
}

/**
 * The same for the baseline's code (imported from its worktree): the session
 * lookup every request made, the read, the headquarter names of a record, and
 * the read audit as a separate insert.
 */
async function directTimingsBefore(base: string, database: Database, userId: string, personId: string, token: string) {
  const src = `${base}/apps/server/src`;
  const old = {
    repo: await import(`${src}/modules/population/persons/persons.repository.ts`),
    auth: await import(`${src}/modules/auth/auth.repository.ts`),
    readAudit: await import(`${src}/lib/read-audit.ts`),
    audit: await import(`${src}/lib/audit.ts`),
    headquarters: await import(`${src}/modules/headquarters/headquarters.service.ts`),
  };
  const db = database.db;
  const today = todayInGuatemala();
  const actor = benchActor(userId);
  const session = () => old.auth.findLiveSession(db, hashToken(token), 60);
  const listed = async (terms: string[], cap: number, part: string) => {
    await session();
    const rows = await old.repo.listPersons(
      db,
      old.repo.listWhere({ userId, today, terms, status: 'all' }),
      'createdAt',
      'desc',
      1,
      25,
      cap,
    );
    await old.readAudit.auditListed(
      db,
      actor,
      rows.map((r: { id: string }) => r.id),
      part,
    );
  };
  return {
    list: await time(() => listed([], 125, 'list')),
    search: await time(() => listed(['mar'], 50, 'search')),
    byId: await time(async () => {
      await session();
      const row = await old.repo.findPersonForUser(db, personId, userId);
      await old.headquarters.headquarterNames(db, [row.person.headquarterId]);
      await old.audit.writeAudit(db, actor, { action: 'view', entity: 'person', entityId: personId });
    }),
  };
}

/**
 * The server under the list's load for DURATION s with V8's sampling profiler
 * on; the flame graph goes to docs/benchmarks/flame-<name>.svg. Returns the
 * self time by package.
 */
async function profileList(root: string, env: Record<string, string>, port: number, name: string, title: string) {
  const dir = mkdtempSync(join(tmpdir(), 'amparo-bench-prof-'));
  const started = performance.now();
  const server = await startServer(env, port, { root, nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  const base = `http://127.0.0.1:${port}`;
  const token = await signIn(base);
  // Start-up and the warm-up are left out of the graph: only the measured load counts.
  const fromMs = performance.now() - started + 2000;
  await load(`${base}/api/population/persons?page=1&pageSize=25`, token);
  await stopServer(server);
  const file = join(
    dir,
    readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!,
  );
  mkdirSync(join(ROOT, 'docs/benchmarks'), { recursive: true });
  writeFileSync(join(ROOT, `docs/benchmarks/flame-${name}.svg`), flameGraphSvg(file, title, fromMs));
  const { packages, totalMs } = analyse(file, fromMs);
  rmSync(dir, { recursive: true, force: true });
  return { totalMs: Math.round(totalMs), packages: packages.slice(0, 12) };
}

async function benchEngine(engine: 'postgres' | 'pglite') {
  console.log(`\n== ${engine}: seeding ${PERSONS} persons`);
  let dataDir: string | null = null;
  if (engine === 'postgres') await recreatePgDatabase();
  else dataDir = mkdtempSync(join(tmpdir(), 'amparo-bench-'));
  const env: Record<string, string> =
    engine === 'postgres' ? { DATABASE_URL: PG_URL } : { DATA_DIR: dataDir!, DATABASE_URL: '' };

  let database = await openDatabase(engine === 'postgres' ? { url: PG_URL } : { dataDir: dataDir! });
  await database.migrate();
  await seedReference(database.db);
  await ensureFirstAdmin(database.db, { username: 'admin', password: PASSWORD });
  const t0 = Date.now();
  // The case-file figures (issue 4) are measured on PostgreSQL only.
  await seedDemo(database.db, {
    persons: PERSONS,
    ...(engine === 'postgres' ? { attentions: ATTENTIONS, activities: ACTIVITIES } : {}),
  });
  const seedSeconds = (Date.now() - t0) / 1000;
  await database.close();

  const port = engine === 'postgres' ? 3401 : 3402;
  const server = await startServer(env, port);
  const base = `http://127.0.0.1:${port}`;
  const token = await signIn(base);
  const page = await (
    await fetch(`${base}/api/population/persons?pageSize=25`, { headers: { authorization: `Bearer ${token}` } })
  ).json();
  const personId = page.data.items[0].id as string;
  const urlsOf = (origin: string) => ({
    list: `${origin}/api/population/persons?page=1&pageSize=25`,
    search: `${origin}/api/population/persons?page=1&pageSize=25&q=mar`,
    byId: `${origin}/api/population/persons/${personId}`,
  });

  // The baseline server, on the same database, takes the same requests interleaved with ours (PostgreSQL only).
  const baselineRoot = engine === 'postgres' ? baselineWorktree(BASELINE) : null;
  const before = baselineRoot ? await startServer(env, 3404, { root: baselineRoot }) : null;
  const beforeToken = before ? await signIn('http://127.0.0.1:3404') : '';
  const pair = async (key: keyof ReturnType<typeof urlsOf>, connections?: number, duration?: number) => ({
    before: before ? await load(urlsOf('http://127.0.0.1:3404')[key], beforeToken, connections, duration) : null,
    after: await load(urlsOf(base)[key], token, connections, duration),
  });
  const http = { list: await pair('list'), search: await pair('search'), byId: await pair('byId') };
  // One connection, one request at a time: the API's own time, to set beside the direct queries.
  const single = { list: await pair('list', 1, 5), search: await pair('search', 1, 5), byId: await pair('byId', 1, 5) };
  if (before) await stopServer(before);
  let caseFile = null;
  let profiles = null;
  if (engine === 'postgres') {
    const calls = await caseFileFigures(base, token);
    await stopServer(server);
    const fresh = await startServer(env, port);
    caseFile = { ...calls, ...(await fileFigures(base, token, fresh.pid!)) };
    await stopServer(fresh);
    profiles = {
      before: baselineRoot
        ? await profileList(
            baselineRoot,
            env,
            3404,
            'list-before',
            `Before (${BASELINE}): server CPU under the list's load, ${CONNECTIONS} connections`,
          )
        : null,
      after: await profileList(
        ROOT,
        env,
        port,
        'list-after',
        `After: server CPU under the list's load, ${CONNECTIONS} connections`,
      ),
    };
  } else {
    await stopServer(server);
  }

  // PGlite allows one process at a time: the direct timings run with the server stopped.
  database = await openDatabase(engine === 'postgres' ? { url: PG_URL } : { dataDir: dataDir! });
  const [{ id: userId }] = (
    await database.db.execute<{ id: string }>(sql`select id from users where username = 'admin'`)
  ).rows as [{ id: string }];
  const direct = {
    before: baselineRoot ? await directTimingsBefore(baselineRoot, database, userId, personId, token) : null,
    after: await directTimings(database, userId, personId),
  };
  await database.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  return { engine, seedSeconds, http, single, direct, caseFile, profiles };
}

/** The server's resident memory in MB (Linux /proc). */
function rssMB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Math.round(Number(line?.split(/\s+/)[1] ?? 0) / 1024);
}

/** Runs `work` while sampling the server's memory every 25 ms; returns its time and the peak. */
async function withMemory<T>(pid: number, work: () => Promise<T>) {
  const before = rssMB(pid);
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, rssMB(pid))), 25);
  const t0 = performance.now();
  const result = await work();
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(timer);
  peak = Math.max(peak, rssMB(pid));
  return { result, seconds: Math.round(seconds * 100) / 100, beforeMB: before, peakMB: peak, growthMB: peak - before };
}

/**
 * Issue 4 figures on PostgreSQL: opening a person's file (every tab's first
 * page in parallel, as the page does) at 20 concurrent users for DURATION s;
 * exporting about 10,000 persons to xlsx; uploading a 20 MB PDF. Memory is
 * the server process's RSS.
 */
async function caseFileFigures(base: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const get = (path: string) =>
    fetch(`${base}/api/${path}`, { headers }).then(async (r) => {
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`${path}: ${r.status}`);
    });
  const post = (path: string) =>
    fetch(`${base}/api/${path}`, { method: 'POST', headers }).then(async (r) => {
      await r.arrayBuffer();
      if (!r.ok) throw new Error(`${path}: ${r.status}`);
    });
  const ids: string[] = [];
  for (let page = 1; page <= 8; page++) {
    const res = await (await fetch(`${base}/api/population/persons?pageSize=25&page=${page}`, { headers })).json();
    ids.push(...res.data.items.map((i: { id: string }) => i.id));
  }
  const tabs = (id: string) =>
    [
      ['POST', `population/access/${id}`],
      ['GET', `population/persons/${id}`],
      ['GET', `population/persons/${id}/links`],
      ['GET', `population/persons/${id}/perpetrators`],
      ['GET', `population/persons/${id}/attentions?page=1&pageSize=25`],
      ['GET', `population/persons/${id}/activities`],
      ['GET', `population/persons/${id}/periods`],
      ['GET', `population/persons/${id}/consents`],
      ['GET', `population/persons/${id}/photo-info`],
      ['GET', `population/persons/${id}/grants`],
      ['GET', `population/persons/${id}/access-requests`],
      ['GET', `population/persons/${id}/history?page=1&pageSize=25`],
      ['GET', `population/persons/${id}/documents?page=1&pageSize=20`],
    ] as const;
  const openFile = (id: string) =>
    Promise.all(tabs(id).map(([method, path]) => (method === 'POST' ? post(path) : get(path))));
  const round = (n: number) => Math.round(n * 10) / 10;

  // (a) The file's calls as load: 20 connections cycle through every tab call of one person after another.
  const perCall: number[] = [];
  let person = 0;
  await new Promise<void>((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: DURATION,
        headers,
        requests: tabs('x').map(([method], i) => ({
          method,
          setupRequest: (req: autocannon.Request, context: object) => {
            const ctx = context as { id?: string };
            if (i === 0 || !ctx.id) ctx.id = ids[person++ % ids.length];
            return { ...req, path: `/api/${tabs(ctx.id!)[i]![1]}` };
          },
        })),
      },
      (err) => (err ? reject(err) : resolve()),
    );
    instance.on('response', (_c, _s, _b, t) => perCall.push(t));
  });
  perCall.sort((a, b) => a - b);
  const calls = {
    perSec: round(perCall.length / DURATION),
    p50: round(percentile(perCall, 50)),
    p95: round(percentile(perCall, 95)),
    p99: round(percentile(perCall, 99)),
  };

  // (b) A whole file, its 13 calls in parallel as the page makes them, one user after another while (a) is not running.
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t0 = performance.now();
    await openFile(ids[i % ids.length]!);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const fileOpen = { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)), calls };
  return { fileOpen };
}

/** Export and upload figures, on a freshly started server so its memory starts from a clean baseline. */
async function fileFigures(base: string, token: string, pid: number) {
  const headers = { authorization: `Bearer ${token}` };
  const exported = await withMemory(pid, async () => {
    const res = await fetch(`${base}/api/population/persons/export?thematic=TRATA`, { headers });
    const bytes = (await res.arrayBuffer()).byteLength;
    return { rows: Number(res.headers.get('x-export-rows')), bytes };
  });

  const doc = await (
    await fetch(`${base}/api/documentation/documents`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Benchmark PDF', documentType: 'INFORME', documentDate: '2026-11-22' }),
    })
  ).json();
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.4\n'),
    Buffer.alloc(20 * 1024 * 1024 - 20, 32),
    Buffer.from('\n%%EOF\n'),
  ]);
  const uploaded = await withMemory(pid, async () => {
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'benchmark.pdf');
    const res = await fetch(`${base}/api/documentation/documents/${doc.data.id}/files`, {
      method: 'POST',
      headers,
      body: form,
    });
    await res.arrayBuffer();
    return res.status;
  });
  return { exported, uploaded };
}

/** What moved the web's figures (issue 11 item 8). */
const WEB_MOVES = [
  "- Issue 11 item 8: the libraries every page runs before drawing (React, TanStack Router and Query, i18next, Mantine's provider) are one `framework` chunk and Mantine's basic components one `ui` chunk; only the default language's `common`/`errors` locales are in the first load (an English user fetches the English ones at start-up); Mantine's notification list loads with the first notification; the first page's code is fetched beside the session check. Sign-in: 17 script files instead of 49, 201.6 KB at gzip -9 instead of 225.6.",
  "- Issue 11 item 8: cut table cells and the thematic badges carry the browser's own tooltip (`title`) instead of a Mantine Tooltip each: the person list's mobile total blocking time went from a median of 4.8 s to 3.6 s.",
  "- Left for issue 11 item 8: zod (26.7 KB) and @mantine/form (6.2 KB) are still in the sign-in page's first load, through the routes' search schemas and the sign-in form; the `framework` chunk is 131 KB (React DOM about 62, TanStack Router 25, i18next 17, Mantine's provider and styles core 13, TanStack Query 10, React 4). Under 150 KB needs the public pages without zod and without one of these libraries. The person list's first render is most of its blocking time; its 0.088 layout shift is the footer pushed down when 25 rows replace 5 skeleton rows; the API sends its JSON uncompressed; Mantine's whole stylesheet blocks rendering.",
];

function report(
  results: Awaited<ReturnType<typeof benchEngine>>[],
  bundles: BundleSizes | null,
  lighthouse: LighthouseFigures | null,
  support: SupportFigures | null,
  budget: BudgetFigures | null,
  execution: ExecutionFigures | null,
  executionBudget: ExecutionBudgetFigures | null,
  personal: PersonalFigures | null,
  bomb: BombFigures | null,
) {
  const lines: string[] = [];
  lines.push(
    '# Benchmarks',
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
  );
  lines.push(
    `${PERSONS.toLocaleString('en')} persons from \`seed:demo\`, all administered by the benchmark user; autocannon with ${CONNECTIONS} connections for ${DURATION} s per request, load tool on the same machine. Regenerate with \`npm run bench\`.`,
    '',
  );
  lines.push(
    `Targets (issue 10 item 9, PostgreSQL): p95 at most 50 ms for all three at ${CONNECTIONS} connections; API time at most 2× the direct data-layer time; sign-in page JavaScript under 250 KB gzipped (issue 11 item 8: under 150 KB; Lighthouse targets in their section).`,
    '',
    `"Before" is the server of commit ${BASELINE} (the last one before the lean request path), run from a git worktree on the same database and loaded interleaved with "after" (this tree), request by request.`,
    '',
  );
  lines.push(
    '## HTTP (autocannon)',
    '',
    '| engine | request | version | req/s | p50 ms | p95 ms | p99 ms | errors | non-2xx |',
    '|---|---|---|---|---|---|---|---|---|',
  );
  const names = {
    list: 'list, first page (25 rows)',
    search: "search 'mar', first page",
    byId: 'one person by id (audited view)',
  } as const;
  const keys = Object.keys(names) as (keyof typeof names)[];
  for (const r of results)
    for (const k of keys)
      for (const version of ['before', 'after'] as const) {
        const f = r.http[k][version];
        if (!f) continue;
        lines.push(
          `| ${r.engine} | ${names[k]} | ${version} | ${f.reqPerSec} | ${f.p50} | ${f.p95} | ${f.p99} | ${f.errors} | ${f.non2xx} |`,
        );
      }
  lines.push(
    '',
    '## API alone vs the same work directly (one request at a time)',
    '',
    "API: autocannon with 1 connection for 5 s. Direct: what the request costs the database, through each version's data layer, 200 runs, without HTTP or JSON. Before: the session lookup, the read (and the record's headquarter name) and the read audit as its own insert. After: the read and its audit in one prepared statement (the session comes from the instance's cache).",
    '',
    '| engine | request | version | API p50 ms | API p95 ms | direct p50 ms | direct p95 ms | API ÷ direct (p50) |',
    '|---|---|---|---|---|---|---|---|',
  );
  for (const r of results)
    for (const k of keys)
      for (const version of ['before', 'after'] as const) {
        const d = r.direct[version]?.[k];
        const a = r.single[k][version];
        if (!d || !a) continue;
        lines.push(
          `| ${r.engine} | ${names[k]} | ${version} | ${a.p50} | ${a.p95} | ${d.p50} | ${d.p95} | ${(a.p50 / Math.max(d.p50, 0.01)).toFixed(1)} |`,
        );
      }
  for (const r of results) {
    if (!r.profiles) continue;
    lines.push(
      '',
      `## Where the server's time goes under load (${r.engine})`,
      '',
      `V8's sampling profiler (\`node --cpu-prof\`) on the server while autocannon loads the list (${CONNECTIONS} connections, ${DURATION} s), drawn by bench/flamegraph.ts; hover a frame for its share. Self time by package:`,
      '',
    );
    for (const version of ['before', 'after'] as const) {
      const p = r.profiles[version];
      if (!p) continue;
      lines.push(
        `**${version}** (${p.totalMs} ms of samples): ` +
          p.packages.map((x) => `${x.name} ${(x.share * 100).toFixed(1)} %`).join(', '),
        '',
        `![${version}: flame graph of the server under the list's load](benchmarks/flame-list-${version}.svg)`,
        '',
      );
    }
  }
  lines.push('', `Seeding: ${results.map((r) => `${r.engine} ${r.seedSeconds.toFixed(1)} s`).join(', ')}.`, '');
  for (const r of results) {
    if (!r.caseFile) continue;
    const c = r.caseFile;
    lines.push(
      `## Case file (issue 4, ${r.engine}: ${ATTENTIONS.toLocaleString('en')} attentions, ${ACTIVITIES.toLocaleString('en')} activities)`,
      '',
      'Targets: opening a file p95 under 100 ms at 20 connections; 10,000 persons to xlsx under 5 s and 300 MB of server memory; a 20 MB PDF upload growing the server by under 50 MB.',
      '',
      '| measure | figure |',
      '|---|---|',
      `| a person's file calls (record, access, links, perpetrators, attentions, activities, periods, consents, photo, grants, requests, history, documents) at 20 connections | ${c.fileOpen.calls.perSec} calls/s (${Math.round(c.fileOpen.calls.perSec / 13)} files/s), per call p50 ${c.fileOpen.calls.p50} ms, p95 ${c.fileOpen.calls.p95} ms, p99 ${c.fileOpen.calls.p99} ms |`,
      `| open a person's file, its 13 calls in parallel, one user, 200 files | p50 ${c.fileOpen.p50} ms, p95 ${c.fileOpen.p95} ms |`,
      `| export ${c.exported.result.rows.toLocaleString('en')} persons to xlsx (${Math.round(c.exported.result.bytes / 1024)} KB) | ${c.exported.seconds} s; server RSS ${c.exported.beforeMB} → peak ${c.exported.peakMB} MB |`,
      `| upload a 20 MB PDF (HTTP ${c.uploaded.result}) | ${c.uploaded.seconds} s; server RSS ${c.uploaded.beforeMB} → peak ${c.uploaded.peakMB} MB (+${c.uploaded.growthMB} MB) |`,
      '',
    );
  }
  if (support) lines.push(supportSection(support));
  if (budget) lines.push(budgetSection(budget));
  if (execution) lines.push(executionSection(execution));
  if (executionBudget) lines.push(executionBudgetSection(executionBudget));
  if (personal) lines.push(personalSection(personal));
  if (bomb) lines.push(bombSection(bomb));
  if (bundles) lines.push(javascriptSection(bundles));
  if (lighthouse) lines.push(lighthouseSection(lighthouse));
  lines.push(
    '## What moved the figures',
    '',
    "- The list counts matching rows only up to a cap (four pages ahead; one page ahead for a search) instead of the whole registry: the count was two thirds of a list request's database time.",
    '- The page and its capped count are one statement; department and municipality names come from an in-process copy of the seeded reference data instead of joins (the joins tripled the planning time).',
    '- The index on `persons (created_at, id)` is scanned backwards for the newest-first order (a `(created_at desc, id)` index did not match `order by created_at desc, id desc` and the planner sorted 100,000 rows).',
    '- The pool holds 8 connections (20 was slower on 2 cores).',
    "- Issue 10 item 9: each instance keeps sessions it looked up for up to SESSION_CACHE_SECONDS (10 s); triggers announce every change that narrows a session (revocation, deactivation, role or keys) on `amparo_sessions`, and every instance's listening connection evicts it when the change commits. Most requests no longer query the session.",
    "- Issue 10 item 9: a read and its audit are one statement (a data-modifying CTE): the list writes its 25 `view` entries, and the record its one, in the same round trip as the rows, instead of a second statement (the list's was a 200-parameter insert built by the ORM for every request).",
    '- Issue 10 item 9: the list and the record are prepared once per shape and run with values (db/sql.ts `preparedFor`): drizzle no longer builds the SQL on every request, and PostgreSQL no longer plans the list (planning was 0.3 ms of its 0.65 ms). Searches stay unnamed, planned for their terms.',
    "- Kept on purpose: the zod check of each response against its contract (3.6 % of the list's server CPU in the profile), because it is what guarantees that no field outside the contract leaves the server.",
    '- The load generator runs on the same 2 cores as the server and PostgreSQL; figures vary by about 20 % between runs.',
    ...WEB_MOVES,
    '',
  );
  return lines.join('\n');
}

const engines = (process.env.BENCH_ENGINES ?? 'postgres,pglite').split(',') as ('postgres' | 'pglite')[];
const results = [];
for (const engine of engines) results.push(await benchEngine(engine));
const support = process.env.BENCH_SKIP_SUPPORT ? null : await supportFigures();
const budget = process.env.BENCH_SKIP_BUDGET ? null : await budgetFigures();
const execution = process.env.BENCH_SKIP_EXECUTION ? null : await executionFigures();
const executionBudget = process.env.BENCH_SKIP_EXECUTION_BUDGET ? null : await executionBudgetFigures();
const personal = process.env.BENCH_SKIP_PERSONAL ? null : await personalFigures();
const bomb = process.env.BENCH_SKIP_BOMB ? null : await bombFigures();
const bundles = process.env.BENCH_SKIP_WEB ? null : await bundleSizes();
const lighthouse = process.env.BENCH_SKIP_WEB || process.env.BENCH_SKIP_LIGHTHOUSE ? null : await lighthouseFigures();
const text = report(results, bundles, lighthouse, support, budget, execution, executionBudget, personal, bomb);
mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
writeFileSync(
  join(ROOT, 'bench/results/latest.json'),
  JSON.stringify(
    { results, bundles, lighthouse, support, budget, execution, executionBudget, personal, bomb },
    null,
    2,
  ),
);
writeFileSync(join(ROOT, 'docs/benchmarks.md'), text);
console.log(`\n${text}`);
