// Starts the real server for the browser tests on a fresh embedded (PGlite)
// database in a new temporary folder: `node e2e/start-server.mjs PORT [banner]`.
// The main server's database first gets a small demo data set (seed:demo), so
// the pages are tested among other people's records, as in real use.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const [port = '3301', flag] = process.argv.slice(2);
const dataDir = mkdtempSync(join(tmpdir(), `amparo-e2e-${port}-`));
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD ?? 'Admin-E2E-2026!',
  APP_TEST_BANNER: flag === 'banner' ? 'true' : 'false',
  LOG_LEVEL: 'warn',
  // An answer that breaks its contract is a 500 (and a failed browser test), not a coerced value.
  RESPONSE_CONTRACT_CHECK: 'true',
  PUBLIC_URL: `http://127.0.0.1:${port}`,
};
if (flag !== 'banner') {
  const seeded = spawnSync(process.execPath, ['apps/server/src/db/seed/demo-cli.ts', '--persons', '40'], {
    stdio: 'inherit',
    env,
  });
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}
console.log(`e2e server ${port}: node ${process.version}`);
const child = spawn(process.execPath, ['apps/server/src/server.ts'], { stdio: 'inherit', env });
const stop = () => child.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
