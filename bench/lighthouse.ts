/**
 * Lighthouse 12 on the sign-in page and the person list (issue 11 item 8):
 * performance and accessibility scores with FCP, LCP, TBT, CLS and Speed
 * Index, on the desktop preset and on Lighthouse's default mobile emulation
 * (simulated slow 4G, 4× CPU slowdown), LIGHTHOUSE_RUNS times each (default
 * 3), reporting the median of each figure.
 *
 * The real server runs on a fresh embedded database with LIGHTHOUSE_PERSONS
 * demo persons (default 200); the person list is opened signed in, the session
 * cookie of an API sign-in passed to Lighthouse as an extra header. Chromium
 * is Debian's (/usr/bin/chromium, or CHROME_PATH), headless, launched anew by
 * the Lighthouse CLI for every run.
 *
 * Part of `npm run bench`; runs alone with `npm run bench:lighthouse`, which
 * rewrites the Lighthouse section of docs/benchmarks.md. Reports of every run
 * are kept in bench/results/lighthouse/ (open the .html in a browser).
 */
import { execFile, spawn } from 'node:child_process';
import { cpus, loadavg, tmpdir } from 'node:os';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PASSWORD, ROOT, seededEmbeddedDatabase, startServer, stopServer } from './server.ts';
import { replaceSection } from './web.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
// Repeat visits of each signed-in list (each one loads the page twice in a Chromium kept open).
const WARM_RUNS = Number(process.env.LIGHTHOUSE_WARM_RUNS ?? RUNS);
const PERSONS = Number(process.env.LIGHTHOUSE_PERSONS ?? 200);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3405);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CLI = join(ROOT, 'node_modules/lighthouse/cli/index.js');
const OUT = join(ROOT, 'bench/results/lighthouse');

export const TARGETS = { desktop: 95, mobile: 85, accessibility: 95 } as const;
/** A signed-in list's repeat visit on mobile paints its rows within this (issue 24 section 4). */
const WARM_LCP_TARGET_MS = 1500;

const ALL_PAGES = [
  { key: 'sign-in', path: '/sign-in', signedIn: false },
  { key: 'person-list', path: '/population/served/list', signedIn: true },
  { key: 'ticket-list', path: '/support/tickets/list', signedIn: true },
  { key: 'planning-list', path: '/budget/planning/list', signedIn: true },
] as const;
// LIGHTHOUSE_PAGES=person-list,ticket-list runs only those pages (all four by default).
const PAGES = ALL_PAGES.filter(
  (p) => !process.env.LIGHTHOUSE_PAGES || process.env.LIGHTHOUSE_PAGES.split(',').includes(p.key),
);
// The built web app the server sends (WEB_DIST, as the server reads it): where the route's scripts are weighed.
const WEB_DIST = process.env.WEB_DIST ?? join(ROOT, 'apps/web/dist');
const ALL_FORM_FACTORS = ['desktop', 'mobile'] as const;
type FormFactor = (typeof ALL_FORM_FACTORS)[number];
// LIGHTHOUSE_FORM_FACTORS=mobile runs only that form factor (both by default), for an A/B of one change.
const FORM_FACTORS = ALL_FORM_FACTORS.filter(
  (f) => !process.env.LIGHTHOUSE_FORM_FACTORS || process.env.LIGHTHOUSE_FORM_FACTORS.split(',').includes(f),
);

/** One Lighthouse run, reduced to the figures of the report. */
export interface LighthouseRun {
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  siMs: number;
  benchmarkIndex: number;
  /** The page's script files, as the browser fetched them in the run (same-origin, scripts only). */
  scriptFiles: number;
  /** Their size at gzip -9 (KB of 1,000 bytes): the `.gz` the build writes beside each, or the file's own gzip. */
  scriptKbGzip: number;
  /** Audits scored under 0.9 (performance opportunities and diagnostics, accessibility failures). */
  failing: string[];
}
export interface LighthouseResult {
  page: string;
  path: string;
  formFactor: FormFactor;
  median: Omit<LighthouseRun, 'failing'>;
  runs: LighthouseRun[];
}
export interface LighthouseFigures {
  version: string;
  runs: number;
  persons: number;
  /** The machine's 1-minute load average when the runs started and when they ended (2 shared cores). */
  load: [number, number];
  results: LighthouseResult[];
  /** The repeat visit of each signed-in list on mobile (warm cache and service worker): medians and each run's LCP. */
  warm: { page: string; path: string; lcpMs: number; fcpMs: number; runs: number[] }[];
}

const run = promisify(execFile);

/** The session cookie (`name=value`) of the benchmark admin, signed in through the API. */
async function sessionCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  const cookie = res.headers.getSetCookie()[0];
  if (!cookie) throw new Error('sign-in set no cookie');
  return cookie.split(';')[0]!;
}

async function lighthouseOnce(
  url: string,
  formFactor: FormFactor,
  cookie: string | null,
  name: string,
  extra: string[] = [],
) {
  const path = join(OUT, name);
  const args = [
    CLI,
    ...extra,
    url,
    '--quiet',
    '--only-categories=performance,accessibility',
    '--output=json',
    '--output=html',
    // LIGHTHOUSE_SAVE_ASSETS=1 keeps each run's trace beside its report (for a profile of its long tasks).
    ...(process.env.LIGHTHOUSE_SAVE_ASSETS === '1' ? ['--save-assets'] : []),
    `--output-path=${path}`,
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ...(formFactor === 'desktop' ? ['--preset=desktop'] : []),
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  // Lighthouse 12 with a newer Chromium sometimes loses the trace's navigation start (NO_NAVSTART) and says to
  // run again: up to two more tries, on that error only.
  for (let attempt = 1; ; attempt++) {
    try {
      await run(process.execPath, args, {
        env: { ...process.env, CHROME_PATH },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 180_000,
      });
      break;
    } catch (err) {
      if (attempt >= 3 || !String((err as { stderr?: string }).stderr).includes('NO_NAVSTART')) throw err;
      console.log(`lighthouse ${name}: NO_NAVSTART, running again`);
    }
  }
  const lhr = JSON.parse(readFileSync(`${path}.report.json`, 'utf8'));
  const audit = (id: string) => lhr.audits[id]?.numericValue as number;
  const failing = Object.values(lhr.categories as Record<string, { auditRefs: { id: string; weight: number }[] }>)
    .flatMap((c) => c.auditRefs.map((r) => r.id))
    .map((id) => lhr.audits[id])
    .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  const figures: LighthouseRun = {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    fcpMs: Math.round(audit('first-contentful-paint')),
    lcpMs: Math.round(audit('largest-contentful-paint')),
    tbtMs: Math.round(audit('total-blocking-time')),
    cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
    siMs: Math.round(audit('speed-index')),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    failing: [...new Set(failing)],
    ...scriptWeight(lhr),
  };
  return { figures, version: lhr.lighthouseVersion as string };
}

/** The same-origin scripts of a run (network-requests audit) and their weight at gzip -9 in the built app. */
function scriptWeight(lhr: {
  audits: Record<string, { details?: { items?: { url: string; resourceType?: string }[] } }>;
}) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  const paths = new Set(
    items
      .filter((r) => r.resourceType === 'Script')
      .map((r) => new URL(r.url))
      .filter((u) => u.hostname === '127.0.0.1')
      .map((u) => u.pathname),
  );
  let bytes = 0;
  for (const path of paths) {
    const file = join(WEB_DIST, path);
    bytes += existsSync(`${file}.gz`)
      ? statSync(`${file}.gz`).size
      : existsSync(file)
        ? gzipSync(readFileSync(file), { level: 9 }).length
        : 0;
  }
  return { scriptFiles: paths.size, scriptKbGzip: Math.round(bytes / 100) / 10 };
}

const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The repeat visit (issue 24 section 4): one Chromium kept open, the list loaded once (its HTTP cache filled and the
 * service worker installed, unmeasured), then measured on Lighthouse's mobile emulation without the storage reset.
 * Throttling is applied by DevTools (real 1.6 Mbit/s, 150 ms and 4× CPU) because Lighthouse's simulation models
 * every request as a network one and cannot see what the service worker answers from its cache.
 */
async function warmVisit(url: string, cookie: string, name: string) {
  const port = PORT + 100;
  const profile = mkdtempSync(join(tmpdir(), 'amparo-lighthouse-warm-'));
  const chrome = spawn(
    CHROME_PATH,
    [...CHROME_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, 'about:blank'],
    {
      stdio: 'ignore',
    },
  );
  try {
    for (let i = 0; i < 50; i++) {
      if (
        await fetch(`http://127.0.0.1:${port}/json/version`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const shared = [`--port=${port}`, '--disable-storage-reset', '--throttling-method=devtools'];
    await lighthouseOnce(url, 'mobile', cookie, `${name}-first`, shared);
    return (await lighthouseOnce(url, 'mobile', cookie, name, shared)).figures;
  } finally {
    chrome.kill('SIGTERM');
    await new Promise((r) => chrome.once('exit', r));
    rmSync(profile, { recursive: true, force: true });
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Every page in every form factor, RUNS times (interleaved, so the machine's noise spreads over all of them). */
export async function lighthouseFigures(): Promise<LighthouseFigures> {
  // Without a build the server answers 404 and Lighthouse stops with "unable to reliably load the page".
  if (!existsSync(join(WEB_DIST, 'index.html')))
    throw new Error(`lighthouse: no web build in ${WEB_DIST}; run \`npm run build\` first (or set WEB_DIST)`);
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  console.log(`lighthouse: seeding ${PERSONS} demo persons`);
  const { dataDir, env } = seededEmbeddedDatabase(PERSONS);
  const server = await startServer(env, PORT);
  const base = `http://127.0.0.1:${PORT}`;
  let version = '?';
  const runs = new Map<string, LighthouseRun[]>();
  const warm = new Map<string, LighthouseRun[]>();
  const loadBefore = loadavg()[0]!;
  try {
    const cookie = await sessionCookie(base);
    for (let i = 1; i <= RUNS; i++)
      for (const page of PAGES)
        for (const formFactor of FORM_FACTORS) {
          const name = `${page.key}-${formFactor}-${i}`;
          const result = await lighthouseOnce(`${base}${page.path}`, formFactor, page.signedIn ? cookie : null, name);
          version = result.version;
          const f = result.figures;
          console.log(
            `lighthouse ${name}: performance ${f.performance}, accessibility ${f.accessibility}, FCP ${f.fcpMs} ms, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms, CLS ${f.cls}, benchmarkIndex ${f.benchmarkIndex}, scripts ${f.scriptFiles} files ${f.scriptKbGzip} KB gz, load ${loadavg()[0]!.toFixed(1)}` +
              (f.failing.length ? `\n    under 0.9: ${f.failing.join(', ')}` : ''),
          );
          const key = `${page.key}|${formFactor}`;
          runs.set(key, [...(runs.get(key) ?? []), f]);
        }
    for (let i = 1; i <= WARM_RUNS; i++)
      for (const page of PAGES.filter((p) => p.signedIn)) {
        const f = await warmVisit(`${base}${page.path}`, cookie, `${page.key}-warm-${i}`);
        console.log(
          `lighthouse ${page.key}-warm-${i}: performance ${f.performance}, FCP ${f.fcpMs} ms, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms, load ${loadavg()[0]!.toFixed(1)}`,
        );
        warm.set(page.key, [...(warm.get(page.key) ?? []), f]);
      }
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const results: LighthouseResult[] = [];
  for (const page of PAGES)
    for (const formFactor of FORM_FACTORS) {
      const list = runs.get(`${page.key}|${formFactor}`)!;
      const m = (k: keyof Omit<LighthouseRun, 'failing'>) => median(list.map((r) => r[k]));
      results.push({
        page: page.key,
        path: page.path,
        formFactor,
        median: {
          performance: m('performance'),
          accessibility: m('accessibility'),
          fcpMs: m('fcpMs'),
          lcpMs: m('lcpMs'),
          tbtMs: m('tbtMs'),
          cls: m('cls'),
          siMs: m('siMs'),
          benchmarkIndex: m('benchmarkIndex'),
          scriptFiles: m('scriptFiles'),
          scriptKbGzip: m('scriptKbGzip'),
        },
        runs: list,
      });
    }
  const load: [number, number] = [Math.round(loadBefore * 10) / 10, Math.round(loadavg()[0]! * 10) / 10];
  const warmResults = [...warm].map(([page, list]) => ({
    page,
    path: PAGES.find((p) => p.key === page)!.path,
    lcpMs: median(list.map((r) => r.lcpMs)),
    fcpMs: median(list.map((r) => r.fcpMs)),
    runs: list.map((r) => r.lcpMs),
  }));
  return { version, runs: RUNS, persons: PERSONS, load, results, warm: warmResults };
}

export const LIGHTHOUSE_HEADING = '## Lighthouse (Chromium, issue 11 item 8)';

export function lighthouseSection(figures: LighthouseFigures): string {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const ok = (value: number, target: number) => (value >= target ? `${value}` : `**${value}** (target ${target})`);
  const lines = [
    LIGHTHOUSE_HEADING,
    '',
    `Run ${new Date().toISOString()} on ${cpus().length} shared cores, Lighthouse ${figures.version} (\`npm run bench:lighthouse\`), Chromium ${CHROME_PATH} headless. Median of ${figures.runs} runs of each page in each form factor, runs interleaved; the real server on a fresh embedded database with ${figures.persons} demo persons, the list opened signed in (session cookie). Desktop: Lighthouse's desktop preset (40 ms RTT, 10 Mbit/s, no CPU slowdown). Mobile: its default emulation (Moto G Power, simulated slow 4G: 150 ms RTT, 1.6 Mbit/s, 4× CPU slowdown).`,
    '',
    `Targets: performance at least ${TARGETS.desktop} on desktop and ${TARGETS.mobile} on mobile, accessibility at least ${TARGETS.accessibility}.`,
    '',
    '| page | form factor | performance | accessibility | FCP s | LCP s | TBT ms | CLS | Speed Index s | script files | scripts KB gzip | performance of each run | CPU benchmark index |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of figures.results) {
    const m = r.median;
    lines.push(
      `| ${r.path} | ${r.formFactor} | ${ok(m.performance, TARGETS[r.formFactor])} | ${ok(m.accessibility, TARGETS.accessibility)} | ${s(m.fcpMs)} | ${s(m.lcpMs)} | ${Math.round(m.tbtMs)} | ${m.cls} | ${s(m.siMs)} | ${m.scriptFiles} | ${m.scriptKbGzip} | ${r.runs.map((x) => x.performance).join(', ')} | ${Math.round(m.benchmarkIndex)} |`,
    );
  }
  // The metrics are in the table; what else failed (opportunities, diagnostics, accessibility) in most runs.
  const METRICS = new Set([
    'first-contentful-paint',
    'largest-contentful-paint',
    'total-blocking-time',
    'speed-index',
    'cumulative-layout-shift',
    'interactive',
    'max-potential-fid',
  ]);
  if (figures.warm.length) {
    lines.push(
      '',
      `Repeat visit (target: the list painted under ${s(WARM_LCP_TARGET_MS)} s): each signed-in list on mobile with a warm cache, loaded once in a Chromium kept open, then measured without Lighthouse's storage reset, throttled by DevTools (real 150 ms, 1.6 Mbit/s, 4× CPU; the simulation cannot see answers from the service worker's cache).`,
      '',
      '| page | LCP s (median) | FCP s | LCP of each run s |',
      '|---|---|---|---|',
      ...figures.warm.map(
        (w) =>
          `| ${w.path} | ${w.lcpMs < WARM_LCP_TARGET_MS ? s(w.lcpMs) : `**${s(w.lcpMs)}** (target < ${s(WARM_LCP_TARGET_MS)})`} | ${s(w.fcpMs)} | ${w.runs.map(s).join(', ')} |`,
      ),
    );
  }
  lines.push('', 'Audits under 0.9 in most runs (besides the metrics above):', '');
  for (const r of figures.results) {
    const counts = new Map<string, number>();
    for (const run of r.runs)
      for (const a of run.failing) counts.set(a.split(' (')[0]!, (counts.get(a.split(' (')[0]!) ?? 0) + 1);
    const most = [...counts].filter(([id, n]) => !METRICS.has(id) && n * 2 > r.runs.length).map(([id]) => `\`${id}\``);
    lines.push(`- ${r.path}, ${r.formFactor}: ${most.length ? most.join(', ') : 'none'}`);
  }
  lines.push(
    '',
    `The CPU benchmark index is Lighthouse's own measure of the machine while it ran (higher is faster); every figure comes from the observed trace (the mobile ones scaled by the 4× slowdown), so a busy shared machine lowers them all. The machine's 1-minute load average was ${figures.load[0]} when the runs started and ${figures.load[1]} when they ended, on ${cpus().length} cores shared with other work.`,
    '',
  );
  return lines.join('\n');
}

if (import.meta.main) {
  const figures = await lighthouseFigures();
  const section = lighthouseSection(figures);
  replaceSection(LIGHTHOUSE_HEADING, section);
  console.log(`\n${section}`);
}
