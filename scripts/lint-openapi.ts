/**
 * `npm run lint:api` (part of `npm run lint`): lints the API description clients read (`/api/docs/json`) with
 * Redocly's recommended rules and the project's redocly.yaml (issue 24 section 5). The app is built in this
 * process on an empty in-memory PGlite (no DATABASE_URL, no migrations: building the routes reads no table), its
 * OpenAPI document written to a temporary file, and `redocly lint` run on it with telemetry and the update check
 * off, so it works without network. Exits with redocly's status (non-zero on any error).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';

const root = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'amparo-openapi-'));
try {
  const database = await openDatabase({ dataDir: 'memory://' });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST: '',
    DATA_DIR: dir,
    JOBS_ENABLED: 'false',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(app.swagger(), null, 2));
  await app.close();
  await database.close();
  const result = spawnSync(
    join(root, 'node_modules/.bin/redocly'),
    ['lint', file, '--config', join(root, 'redocly.yaml'), '--format', 'stylish'],
    {
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
