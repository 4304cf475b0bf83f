import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError } from './data-dir-lock.ts';
import { openDatabase } from './client.ts';

// Issue 9 item 8: one process at a time on a PGlite folder. Engine-independent, so run once.
describe.skipIf(process.env.TEST_ENGINE === 'postgres')('embedded database folder lock', () => {
  const dirs: string[] = [];
  const folder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'amparo-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second holder with a message naming the running one, and frees the folder on release', () => {
    const file = join(folder(), 'pglite.lock');
    const lock = acquireDataDirLock(file, 'server on port 3000');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, what: 'server on port 3000' });
    let refused: unknown;
    try {
      acquireDataDirLock(file, 'seed:demo');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(DataDirLockedError);
    expect((refused as Error).message).toContain(`in use by process ${process.pid} (server on port 3000`);
    lock.release();
    expect(existsSync(file)).toBe(false);
    acquireDataDirLock(file, 'seed:demo').release();
  });

  it('takes over a stale lock (its process is dead) and one half-written', () => {
    const file = join(folder(), 'pglite.lock');
    const dead = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    const deadPid = Number(dead.stdout.toString());
    writeFileSync(
      file,
      JSON.stringify({
        pid: deadPid,
        what: 'server on port 3000',
        host: hostname(),
        since: '2026-11-01T00:00:00.000Z',
      }),
    );
    const lock = acquireDataDirLock(file, 'db:migrate');
    expect(JSON.parse(readFileSync(file, 'utf8')).pid).toBe(process.pid);
    lock.release();
    writeFileSync(file, '{"pid":');
    acquireDataDirLock(file, 'db:migrate').release();
  });

  it('refuses a lock written on another host sharing the folder (its pid cannot be checked from here)', () => {
    const file = join(folder(), 'pglite.lock');
    writeFileSync(
      file,
      JSON.stringify({
        pid: 1,
        what: 'server on port 3000',
        host: `not-${hostname()}`,
        since: '2026-11-01T00:00:00.000Z',
      }),
    );
    expect(() => acquireDataDirLock(file, 'seed:demo')).toThrow(DataDirLockedError);
  });

  it('openDatabase checks the PGlite folder: `npm run seed:demo` beside a running server refuses and names it', async () => {
    const dataDir = folder();
    // The server's hold, taken as openDatabase takes it (without starting a PGlite, which is slow).
    const server = acquireDataDirLock(join(dataDir, 'pglite.lock'), 'server on port 3000');
    try {
      await expect(openDatabase({ dataDir })).rejects.toThrow(`in use by process ${process.pid} (server on port 3000`);
      const script = fileURLToPath(new URL('./seed/demo-cli.ts', import.meta.url));
      const child = spawn(process.execPath, [script, '--persons', '1'], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toContain(`in use by process ${process.pid} (server on port 3000`);
      expect(existsSync(join(dataDir, 'pglite', 'PG_VERSION'))).toBe(false);
    } finally {
      server.release();
    }
  });
});
