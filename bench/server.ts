/**
 * Starting and stopping the real server for the benchmarks (run.ts, web.ts,
 * lighthouse.ts): `node apps/server/src/server.ts` with the benchmark admin's
 * password, polled on /api/health until it answers.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const ROOT = new URL('..', import.meta.url).pathname;
export const PASSWORD = 'Bench-Admin-2026!';

export function startServer(
  env: Record<string, string>,
  port: number,
  opts: { root?: string; nodeArgs?: string[] } = {},
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), 'apps/server/src/server.ts'], {
    cwd: opts.root ?? ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_PASSWORD: PASSWORD,
      LOGIN_MAX_FAILURES_ADDRESS: '1000',
      ...env,
    },
  });
  return new Promise((resolve, reject) => {
    // A server that exits at once (its port taken) must not let another one answer the health check.
    child.once('exit', (code) => reject(new Error(`server exited (${code}) before answering on port ${port}`)));
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return resolve(child);
      } catch {
        /* not up yet */
      }
      if (Date.now() > deadline) return reject(new Error('server did not start'));
      setTimeout(poll, 300);
    };
    void poll();
  });
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Signs the benchmark admin in through the API; returns the session token. */
export async function signIn(base: string): Promise<string> {
  const login = await (
    await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    })
  ).json();
  return login.data.user.token as string;
}

/**
 * A fresh embedded (PGlite) database in a temporary folder with the reference
 * data, the benchmark admin and `persons` demo persons (seed:demo, as
 * e2e/start-server.mjs does); returns the server's environment for it.
 */
export function seededEmbeddedDatabase(persons: number): { dataDir: string; env: Record<string, string> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'amparo-bench-web-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
  if (persons > 0) {
    const seeded = spawnSync(
      process.execPath,
      ['apps/server/src/db/seed/demo-cli.ts', '--persons', String(persons), '--owner', 'admin'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, ...env, ADMIN_PASSWORD: PASSWORD, LOG_LEVEL: 'warn' },
      },
    );
    if (seeded.status !== 0) throw new Error(`seed:demo failed (${seeded.status})`);
  }
  return { dataDir, env };
}

/**
 * A git worktree of `commit` beside the repository (for a benchmark's
 * "before"), its node_modules pointing at ours except for the workspace
 * packages, which are its own. Kept in the temporary folder for the next run.
 * Null (and a note) when git or the commit is not there, e.g. in a shallow clone.
 */
export function baselineWorktree(commit: string): string | null {
  try {
    const sha = execFileSync('git', ['-C', ROOT, 'rev-parse', '--verify', `${commit}^{commit}`], {
      encoding: 'utf8',
    }).trim();
    const dir = join(tmpdir(), `amparo-bench-baseline-${sha.slice(0, 12)}`);
    if (!existsSync(join(dir, 'package.json'))) {
      rmSync(dir, { recursive: true, force: true });
      execFileSync('git', ['-C', ROOT, 'worktree', 'prune']);
      execFileSync('git', ['-C', ROOT, 'worktree', 'add', '--detach', dir, sha], { stdio: 'ignore' });
    }
    const modules = join(dir, 'node_modules');
    if (!existsSync(modules)) {
      mkdirSync(join(modules, '@amparo'), { recursive: true });
      for (const entry of readdirSync(join(ROOT, 'node_modules')))
        if (entry !== '@amparo') symlinkSync(join(ROOT, 'node_modules', entry), join(modules, entry));
      symlinkSync(join(dir, 'packages/shared'), join(modules, '@amparo/shared'));
      symlinkSync(join(dir, 'apps/server'), join(modules, '@amparo/server'));
    }
    return dir;
  } catch (err) {
    console.log(`no baseline (${commit}): ${(err as Error).message.split('\n')[0]}`);
    return null;
  }
}
