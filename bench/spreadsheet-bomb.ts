/**
 * `npm run bench:bomb` (also part of `npm run bench`), issue 23 section 3:
 * hostile spreadsheets against the POA import, and the server's memory.
 * Starts the real server on an embedded database (PGlite) in a temporary
 * folder, signs in as the administrator and sends, one step after another:
 * a real 5,000-row POA file to the preview (what a parse costs); a 1 MB zip
 * that inflates to 1 GiB to the import, then to the error file (which reads
 * the upload again), then 5 of them at once; a zip whose local header hides
 * 1 GiB behind a harmless central directory; and a 4.6 MB .xls whose
 * directory SheetJS would copy 400 MB from. The server process's resident
 * memory (/proc/<pid>/status VmRSS, every 20 ms) before, at its peak and 2 s
 * after each step; VmHWM over the steps (reset after start-up through
 * /proc/<pid>/clear_refs) at the end.
 *
 * "Before" is the server of BENCH_BOMB_BASELINE (default 1e2b32e, the last
 * commit before the zip checks), from a git worktree, with the same steps; a
 * server past BENCH_BOMB_CEILING_MB (default 8192) is killed and its
 * remaining steps skipped. BENCH_BOMB_BASELINE= (empty) measures this tree
 * only. Writes its section of docs/benchmarks.md.
 *
 * Target: no step grows the server by 100 MB or more.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import ExcelJS from 'exceljs';
import { PLANNING_IMPORT_COLUMNS } from '../packages/shared/src/modules/budget-import.schema.ts';
import {
  compoundFileBomb,
  partsOf,
  storedLie,
  workbookBomb,
  zerosPart,
  zipOf,
} from '../apps/server/test/spreadsheet-bombs.ts';
import { baselineWorktree, seededEmbeddedDatabase, signIn, startServer, stopServer } from './server.ts';
import { replaceSection } from './web.ts';

const PORT = Number(process.env.BENCH_BOMB_PORT ?? 3423);
const PARALLEL = 5;
const BASELINE = process.env.BENCH_BOMB_BASELINE ?? '1e2b32e';
const CEILING_MB = Number(process.env.BENCH_BOMB_CEILING_MB ?? 8192);
const GIB = 1024 * 1024 * 1024;
export const BOMB_HEADING = '## Spreadsheet bombs (issue 23 section 3)';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** One step: what the server answered and its memory (MB). */
export interface BombStep {
  name: string;
  requests: number;
  /** Answers by `status code` ('400 spreadsheet_too_large_unpacked': 1), or null when the server was not there. */
  answers: Record<string, number> | null;
  seconds: number;
  beforeMB: number;
  peakMB: number;
  afterMB: number;
  /** The server passed CEILING_MB and was killed during this step. */
  killed: boolean;
}

export interface BombRun {
  label: string;
  steps: BombStep[];
  /** The process's peak resident memory over the steps (VmHWM, reset after start-up), MB; null once killed. */
  hwmMB: number | null;
}

export interface BombFigures {
  after: BombRun;
  before: BombRun | null;
  baseline: string | null;
  sizes: Record<string, number>;
}

const status = (pid: number, field: 'VmRSS' | 'VmHWM'): number | null => {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Math.round(Number(line.split(/\s+/)[1]) / 1024) : null;
  } catch {
    return null;
  }
};

/** A POA file as the staff would upload it: 5,000 rows of the 35 columns. */
async function realPoaFile(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('POA');
  sheet.addRow(PLANNING_IMPORT_COLUMNS.map((c) => c.header.es));
  for (let i = 0; i < 5000; i++)
    sheet.addRow(
      PLANNING_IMPORT_COLUMNS.map((c) =>
        c.key === 'description'
          ? `Talleres de crianza positiva, grupo ${i + 1}`
          : /^(amount|goal)\d/.test(c.key)
            ? 100
            : c.example,
      ),
    );
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function send(base: string, token: string, path: string, file: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type: XLSX_TYPE }), name);
  try {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await res.text();
    if (res.ok) return `${res.status}`;
    const problem = JSON.parse(text) as { code: string; errors?: { code: string }[] };
    return `${res.status} ${problem.errors?.[0]?.code ?? problem.code}${res.headers.get('retry-after') ? ' (Retry-After)' : ''}`;
  } catch {
    return 'no answer';
  }
}

/** The steps against the server at `root` (this tree, or a baseline's worktree). */
async function measure(label: string, root: string | undefined, files: Record<string, Buffer>): Promise<BombRun> {
  const { dataDir, env } = seededEmbeddedDatabase(0);
  const server: ChildProcess = await startServer({ ...env, JOBS_ENABLED: 'false' }, PORT, { root });
  const pid = server.pid!;
  const base = `http://127.0.0.1:${PORT}`;
  const steps: BombStep[] = [];
  let killed = false;
  try {
    const token = await signIn(base);
    // VmHWM from here on: start-up (migrating the embedded database) peaks higher than any import should.
    try {
      writeFileSync(`/proc/${pid}/clear_refs`, '5');
    } catch {
      /* not Linux, or not allowed: VmHWM then includes start-up */
    }
    const IMPORT = '/api/budget/planning/import';
    const plan: { name: string; path: string; file: Buffer; requests: number; filename?: string }[] = [
      {
        name: 'a real POA file, 5,000 rows × 35 columns → preview',
        path: `${IMPORT}/preview`,
        file: files.real!,
        requests: 1,
      },
      { name: '1 GiB zip bomb → import', path: IMPORT, file: files.bomb!, requests: 1 },
      { name: '1 GiB zip bomb → error file', path: `${IMPORT}/errors?lang=es`, file: files.bomb!, requests: 1 },
      { name: `1 GiB zip bomb → import, ${PARALLEL} at once`, path: IMPORT, file: files.bomb!, requests: PARALLEL },
      {
        name: '1 GiB behind a local header (central directory: 1 MB stored) → import',
        path: IMPORT,
        file: files.lie!,
        requests: 1,
      },
      {
        name: '.xls with about 36,000 directory entries → import',
        path: IMPORT,
        file: files.xls!,
        requests: 1,
        filename: 'poa.xls',
      },
    ];
    for (const { name, path, file, requests, filename } of plan) {
      if (killed) {
        steps.push({ name, requests, answers: null, seconds: 0, beforeMB: 0, peakMB: 0, afterMB: 0, killed: false });
        continue;
      }
      const before = status(pid, 'VmRSS') ?? 0;
      let peak = before;
      let killedHere = false;
      const sampler = setInterval(() => {
        const rss = status(pid, 'VmRSS');
        if (rss === null) return;
        peak = Math.max(peak, rss);
        if (rss > CEILING_MB && !killed) {
          killed = killedHere = true;
          server.kill('SIGKILL');
        }
      }, 20);
      const started = performance.now();
      const results = await Promise.all(
        Array.from({ length: requests }, () => send(base, token, path, file, filename ?? 'poa.xlsx')),
      );
      const seconds = Math.round((performance.now() - started) / 10) / 100;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      clearInterval(sampler);
      const answers: Record<string, number> = {};
      for (const r of results) answers[r] = (answers[r] ?? 0) + 1;
      const after = status(pid, 'VmRSS') ?? 0;
      steps.push({
        name,
        requests,
        answers,
        seconds,
        beforeMB: before,
        peakMB: Math.max(peak, after),
        afterMB: after,
        killed: killedHere,
      });
      console.log(`${label}: ${name}: ${JSON.stringify(answers)} ${seconds} s, RSS ${before} → ${peak} → ${after} MB`);
    }
    return { label, steps, hwmMB: killed ? null : status(pid, 'VmHWM') };
  } finally {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function bombFigures(): Promise<BombFigures> {
  const good = new ExcelJS.Workbook();
  good.addWorksheet('POA').addRow(PLANNING_IMPORT_COLUMNS.map((c) => c.header.es));
  const files = {
    real: await realPoaFile(),
    bomb: workbookBomb(GIB),
    lie: zipOf([
      ...(await partsOf(Buffer.from(await good.xlsx.writeBuffer()))),
      storedLie(zerosPart('xl/media/hidden.bin', GIB)),
    ]),
    xls: compoundFileBomb('many-entries'),
  };
  const sizes = Object.fromEntries(Object.entries(files).map(([k, v]) => [k, v.length]));
  console.log(`\n== spreadsheet bombs: ${JSON.stringify(sizes)} bytes`);
  const after = await measure('this tree', undefined, files);
  const root = BASELINE ? baselineWorktree(BASELINE) : null;
  const before = root ? await measure(`before (${BASELINE})`, root, files) : null;
  return { after, before, baseline: root ? BASELINE : null, sizes };
}

export function bombSection(f: BombFigures): string {
  const mb = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  const answers = (s: BombStep) =>
    s.answers === null
      ? 'not run (server killed earlier)'
      : Object.entries(s.answers)
          .map(([k, n]) => (s.requests > 1 ? `${n} × ${k}` : k))
          .join(', ');
  const memory = (s: BombStep) => {
    if (s.answers === null) return '–';
    const growth = s.peakMB - s.beforeMB;
    const mark = growth < 100 ? `+${growth}` : `**+${growth}**`;
    return `${s.beforeMB} → ${s.peakMB}${s.killed ? ` (killed past ${CEILING_MB})` : ''} → ${s.killed ? '–' : s.afterMB} (${mark})`;
  };
  const header = f.before
    ? [
        '| step | answers | s | server RSS MB: before → peak → 2 s after (growth) | before this change: answers | s | RSS MB |',
        '|---|---|---|---|---|---|---|',
      ]
    : ['| step | answers | s | server RSS MB: before → peak → 2 s after (growth) |', '|---|---|---|---|'];
  const rows = f.after.steps.map((s, i) => {
    const b = f.before?.steps[i];
    const mine = `| ${s.name} | ${answers(s)} | ${s.seconds} | ${memory(s)} |`;
    return b ? `${mine} ${answers(b)} | ${b.answers ? b.seconds : '–'} | ${memory(b)} |` : mine;
  });
  const worst = Math.max(...f.after.steps.map((s) => s.peakMB - s.beforeMB));
  return [
    BOMB_HEADING,
    '',
    `Run ${new Date().toISOString()} (\`npm run bench:bomb\`, also part of \`npm run bench\`): the real server on an embedded database (PGlite) in a temporary folder, signed in as the administrator; each step's requests sent together, then 2 s to settle. Files: a real POA file of 5,000 rows × 35 columns (${mb(f.sizes.real!)}, about 5 MB unpacked); a zip of ${mb(f.sizes.bomb!)} whose sheet inflates to 1 GiB of zeros (built in memory, \`apps/server/test/spreadsheet-bombs.ts\`); a workbook of ${mb(f.sizes.lie!)} with a part the central directory calls a stored 1 MB and whose local header says 1 GiB deflated; an .xls (OLE2) of ${mb(f.sizes.xls!)} with about 36,000 directory entries of 4 KB each. Memory is the server process's resident set (VmRSS, sampled every 20 ms; its worker threads included).`,
    '',
    `Target (issue 23 section 3): no step grows the server by 100 MB or more. This tree: the largest growth is ${worst} MB (${worst < 100 ? 'met' : '**not met**'}); its peak over the steps (VmHWM, reset after start-up) ${f.after.hwmMB ?? '–'} MB.${f.before ? ` Before (${f.baseline}, the last commit before the zip checks, from a git worktree; killed past ${CEILING_MB} MB): peak ${f.before.hwmMB ?? `over ${CEILING_MB}`} MB.` : ''}`,
    '',
    ...header,
    ...rows,
    '',
    "This tree refuses the zip bombs on their central directory and the .xls on its directory, before anything is inflated or copied, one at a time or five together (one parsing and four waiting: with SPREADSHEET_QUEUE_MAX at 4 none of the five is turned away with a 503). The zip with the lying local header is unpacked as its central directory says (a stored 1 MB part) and read as the workbook it otherwise is (a header row alone: 400 required). Before, SheetJS inflated each bomb in the parsing worker, in memory outside the worker's heap limit, and the file was refused only afterwards (a sheet of zeros reads as empty: 400 required); five at once passed the 15 s limit. The peaks before vary by several hundred MB from run to run, with when the garbage collector runs.",
    '',
  ].join('\n');
}

if (import.meta.main) {
  const figures = await bombFigures();
  const section = bombSection(figures);
  replaceSection(BOMB_HEADING, section);
  console.log(`\n${section}`);
}
