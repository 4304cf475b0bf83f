import type { ServerModule } from '../src/lib/module.ts';
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { todayInGuatemala } from '@amparo/shared/format';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase, type Database } from '../src/db/client.ts';
import { TEST_ADMIN, withDatabase } from './constants.ts';

export { TEST_ADMIN };

/**
 * Writes `METHOD /route/pattern STATUS` of every answer to this worker's file
 * under ROUTE_COVERAGE_DIR (set by vitest.config.ts), so the global teardown
 * can list the routes the suite never answered with a 2xx (issue 10 item 7).
 */
function recordRouteCoverage(app: FastifyInstance) {
  const dir = process.env.ROUTE_COVERAGE_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}.log`);
  app.addHook('onResponse', async (request, reply) => {
    if (request.routeOptions.url)
      appendFileSync(file, `${request.method} ${request.routeOptions.url} ${reply.statusCode}\n`);
  });
}

export interface TestApp {
  app: FastifyInstance;
  /** The folder of this app's stored files (DATA_DIR). */
  dataDir: string;
  database: Database;
  /** The PostgreSQL URL of this app's database (TEST_ENGINE=postgres), else null. */
  databaseUrl: string | null;
  /**
   * Another server instance on the same database, as a second process behind
   * a load balancer would be: on PostgreSQL its own pool and listening
   * connection; on PGlite (one process by design) the same engine.
   */
  instance(env?: Record<string, string>): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  close(): Promise<void>;
}

/**
 * A real app on a real, private database: PGlite loaded from the template
 * dump, or (TEST_ENGINE=postgres) a PostgreSQL database cloned from the
 * template. `env` overrides configuration variables; `opts.logger`: pino's options (silent by
 * default); `opts.beforeReady` may add test-only routes; `opts.modules` adds test-only manifests.
 */
export async function buildTestApp(
  env: Record<string, string> = {},
  opts: {
    logger?: object;
    beforeReady?: (app: FastifyInstance, database: Database) => void;
    /** Test-only modules assembled after the app's own (a contributor from outside, issue 25 section 4). */
    modules?: readonly ServerModule[];
  } = {},
): Promise<TestApp> {
  const engine = process.env.TEST_ENGINE ?? 'pglite';
  let database: Database;
  let drop: (() => Promise<void>) | null = null;
  let databaseUrl: string | null = null;
  if (engine === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    // Named after the run (the template's pid) so a concurrent run's clean-up leaves it alone.
    const templateDb = inject('templateDb');
    const name = `amparo_t_${templateDb.split('_').pop()}_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}" template "${templateDb}"`);
    await admin.end();
    databaseUrl = withDatabase(url, name);
    database = await openDatabase({ url: databaseUrl, poolSize: 5 });
    drop = async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists "${name}" with (force)`);
      await c.end();
    };
  } else {
    const dump = new Blob([readFileSync(inject('templateDump'))]);
    database = await openDatabase({ dataDir: 'memory://', loadDataDir: dump });
  }
  // Each app gets its own folder for stored files.
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'amparo-test-files-'));
  const configEnv = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    // A handler's answer that breaks its contract fails the test (500) instead of being coerced.
    RESPONSE_CONTRACT_CHECK: 'true',
    WEB_DIST: '',
    DATA_DIR: dataDir,
    // The app's own database's URL: what pg-boss connects to (lib/jobs).
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // Background jobs run only in the tests of jobs (JOBS_ENABLED=true there): elsewhere they would be
    // pg-boss's timers polling every test's database for nothing.
    JOBS_ENABLED: 'false',
    ...env,
  };
  const config = loadConfig(configEnv);
  const app = await buildApp({ config, database, logger: opts.logger ?? false, extraModules: opts.modules });
  recordRouteCoverage(app);
  opts.beforeReady?.(app, database);
  await app.ready();
  return {
    app,
    dataDir,
    database,
    databaseUrl,
    async instance(more = {}) {
      const own = databaseUrl ? await openDatabase({ url: databaseUrl, poolSize: 3 }) : null;
      const other = await buildApp({
        config: loadConfig({ ...configEnv, ...more }),
        database: own ?? database,
        logger: false,
      });
      await other.ready();
      return {
        app: other,
        async close() {
          await other.close();
          await own?.close();
        },
      };
    },
    async close() {
      await app.close();
      await database.close();
      await drop?.();
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API and returns the bearer token. */
export async function login(
  app: FastifyInstance,
  username = TEST_ADMIN.username,
  password = TEST_ADMIN.password,
): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.user.token as string;
}

/** `app.inject` with a bearer token. */
export function as(app: FastifyInstance, token: string | null) {
  const call = (
    method: InjectOptions['method'],
    url: string,
    payload?: unknown,
    extra: Partial<InjectOptions> = {},
  ): Promise<LightMyRequestResponse> =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
      ...extra,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(extra.headers ?? {}) },
    });
  return {
    get: (url: string) => call('GET', url),
    post: (url: string, payload?: unknown, extra?: Partial<InjectOptions>) => call('POST', url, payload ?? {}, extra),
    put: (url: string, payload?: unknown, extra?: Partial<InjectOptions>) => call('PUT', url, payload ?? {}, extra),
    delete: (url: string) => call('DELETE', url),
  };
}

let counter = 0;
/**
 * Creates (through the API, as the admin) a role holding `permissions` and a
 * user with that role, signs the user in and returns their id and token.
 */
export async function createUser(
  app: FastifyInstance,
  adminToken: string,
  permissions: string[],
  name = 'user',
): Promise<{ id: string; token: string; username: string; password: string }> {
  counter += 1;
  const slug = `role-${name}-${counter}-${randomBytes(3).toString('hex')}`;
  const admin = as(app, adminToken);
  const role = await admin.post('/api/roles', { slug, name: `Rol ${slug}`, permissions });
  expect(role.statusCode, role.body).toBe(200);
  const username = `${name}${counter}${randomBytes(2).toString('hex')}`.toLowerCase();
  const password = 'Clave-Segura-1';
  const user = await admin.post('/api/users', {
    username,
    password,
    fullName: `Usuario ${name} ${counter}`,
    email: `${username}@amparo.test`,
    roleId: role.json().data.id,
    active: true,
    extraPermissions: [],
  });
  expect(user.statusCode, user.body).toBe(200);
  return { id: user.json().data.id, token: await login(app, username, password), username, password };
}

/** Resolves once `check` holds, asking every 100 ms; throws after `ms` (work done by background jobs). */
export async function waitUntil(check: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Row count of a table (to prove an error wrote nothing). */
export async function countRows(database: Database, table: string): Promise<number> {
  const result = await database.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from ${table}`));
  return Number(result.rows[0]!.n);
}

/** A valid person body (Sololá / Sololá). */
export function personBody(overrides: Record<string, unknown> = {}) {
  return {
    names: 'María José',
    lastNames: 'Pérez López',
    birthDate: '2015-03-10',
    sex: 'F',
    state: '07',
    town: '0701',
    thematic: ['NEGLIGENCIA'],
    admissionDate: '2026-01-15',
    ...overrides,
  };
}

let planningCodes = 0;
/**
 * The body of a valid planning line (issue 13 section 3): a new strategic axis, a program under it and an expense
 * type made through the catalogs API, the signed-in user as responsible and planner, the first headquarter (one is made when there is none), Q 100.00
 * in each month (Q 1,200.00 a year). Pass `codes` to reuse a classification.
 */
export async function planningBody(
  api: ReturnType<typeof as>,
  overrides: Record<string, unknown> = {},
  codes?: { strategicAxis: string; program: string; expenseType: string },
) {
  let classification = codes;
  if (!classification) {
    planningCodes += 1;
    const n = `${process.pid}_${planningCodes}`;
    const add = async (catalog: string, code: string, parent?: string) => {
      const res = await api.post('/api/catalogs/items', { catalog, code, es: code, en: code, parent });
      if (res.statusCode !== 200) throw new Error(`catalog ${catalog}: ${res.body}`);
      return code;
    };
    const strategicAxis = await add('strategic_axis', `EJ_${n}`);
    classification = {
      strategicAxis,
      program: await add('program', `PR_${n}`, strategicAxis),
      expenseType: await add('expense_type', `GT_${n}`),
    };
  }
  const me = (await api.post('/api/user-check', {})).json().data.user.id as string;
  const hq =
    (await api.get('/api/headquarters')).json().data[0]?.id ??
    (
      await api.post('/api/headquarters', {
        code: `POA${planningCodes}`,
        name: 'Sede central',
        country: 'GT',
        state: '01',
      })
    ).json().data.id;
  return {
    year: 2027,
    ...classification,
    description: 'Talleres de crianza positiva con familias',
    goalUnit: 'talleres',
    responsibleId: me,
    plannerId: me,
    headquarterId: hq,
    municipality: null,
    months: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, goal: '2', amount: '100.00' })),
    ...overrides,
  };
}

/** `days` after today in Guatemala (negative: before), as 'YYYY-MM-DD'. */
export function inDays(days: number): string {
  const d = new Date(`${todayInGuatemala()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
