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
import { execFile } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PASSWORD, ROOT, seededEmbeddedDatabase, startServer, stopServer } from './server.ts';
import { replaceSection } from './web.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const PERSONS = Number(process.env.LIGHTHOUSE_PERSONS ?? 200);
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3405);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CLI = join(ROOT, 'node_modules/lighthouse/cli/index.js');
const OUT = join(ROOT, 'bench/results/lighthouse');

export const TARGETS = { desktop: 95, mobile: 85, accessibility: 95 } as const;

const PAGES = [
  { key: 'sign-in', path: '/sign-in', signedIn: false },
  { key: 'person-list', path: '/population/served/list', signedIn: true },
] as const;
const FORM_FACTORS = ['desktop', 'mobile'] as const;
type FormFactor = (typeof FORM_FACTORS)[number];

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

async function lighthouseOnce(url: string, formFactor: FormFactor, cookie: string | null, name: string) {
  const path = join(OUT, name);
  const args = [
    CLI,
    url,
    '--quiet',
    '--only-categories=performance,accessibility',
    '--output=json',
    '--output=html',
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
  };
  return { figures, version: lhr.lighthouseVersion as string };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Every page in every form factor, RUNS times (interleaved, so the machine's noise spreads over all of them). */
export async function lighthouseFigures(): Promise<LighthouseFigures> {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  console.log(`lighthouse: seeding ${PERSONS} demo persons`);
  const { dataDir, env } = seededEmbeddedDatabase(PERSONS);
  const server = await startServer(env, PORT);
  const base = `http://127.0.0.1:${PORT}`;
  let version = '?';
  const runs = new Map<string, LighthouseRun[]>();
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
            `lighthouse ${name}: performance ${f.performance}, accessibility ${f.accessibility}, FCP ${f.fcpMs} ms, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms, CLS ${f.cls}, benchmarkIndex ${f.benchmarkIndex}` +
              (f.failing.length ? `\n    under 0.9: ${f.failing.join(', ')}` : ''),
          );
          const key = `${page.key}|${formFactor}`;
          runs.set(key, [...(runs.get(key) ?? []), f]);
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
        },
        runs: list,
      });
    }
  const load: [number, number] = [Math.round(loadBefore * 10) / 10, Math.round(loadavg()[0]! * 10) / 10];
  return { version, runs: RUNS, persons: PERSONS, load, results };
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
    '| page | form factor | performance | accessibility | FCP s | LCP s | TBT ms | CLS | Speed Index s | performance of each run | CPU benchmark index |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of figures.results) {
    const m = r.median;
    lines.push(
      `| ${r.path} | ${r.formFactor} | ${ok(m.performance, TARGETS[r.formFactor])} | ${ok(m.accessibility, TARGETS.accessibility)} | ${s(m.fcpMs)} | ${s(m.lcpMs)} | ${Math.round(m.tbtMs)} | ${m.cls} | ${s(m.siMs)} | ${r.runs.map((x) => x.performance).join(', ')} | ${Math.round(m.benchmarkIndex)} |`,
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
