import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { authPlugin } from '../src/plugins/auth.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

/**
 * Issue 9 item 9: the route → permission table, compared exactly with the
 * committed snapshot. Moving a route to a weaker key, to 'session' or to
 * 'public', adding or removing one, fails here until
 * test/route-permissions.snapshot.json is updated in the same commit (and
 * reviewed). To rewrite it: UPDATE_ROUTE_SNAPSHOT=1 npx vitest run --project pglite test/route-permissions.test.ts
 */
const SNAPSHOT = new URL('./route-permissions.snapshot.json', import.meta.url);
const LISTS = new URL('./option-list-readers.snapshot.json', import.meta.url);

describe('route permissions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('match the committed snapshot exactly', () => {
    const table = Object.fromEntries(
      t.app.apiRoutes
        .map((r) => [`${r.method} ${r.url}`, r.permission] as const)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    if (process.env.UPDATE_ROUTE_SNAPSHOT === '1') writeFileSync(SNAPSHOT, `${JSON.stringify(table, null, 2)}\n`);
    const committed = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, string>;
    expect(table, 'route permissions changed: review and update test/route-permissions.snapshot.json').toEqual(
      committed,
    );
  });

  it("match the committed snapshot of the generic catalog call's lists of records and their reader keys", () => {
    // Issue 23 item 4: `POST /api/catalog/:name` is open to any session for reference catalogs, but a list of
    // records (headquarter, role, cooperating) only to holders of one of its reader keys.
    const lists = Object.fromEntries(
      t.app.optionSources.names().map((name) => [name, t.app.optionSources.readersOf(name)] as const),
    );
    if (process.env.UPDATE_ROUTE_SNAPSHOT === '1') writeFileSync(LISTS, `${JSON.stringify(lists, null, 2)}\n`);
    const committed = JSON.parse(readFileSync(LISTS, 'utf8')) as Record<string, string[]>;
    expect(lists, 'option list readers changed: review and update test/option-list-readers.snapshot.json').toEqual(
      committed,
    );
  });
});

describe('every route declares a permission, inside /api or not', () => {
  it('refuses an undeclared route outside /api', async () => {
    const bare = Fastify();
    await bare.register(authPlugin);
    expect(() => bare.get('/health', async () => ({}))).toThrow(/must declare config.permission/);
    expect(() => bare.post('/webhook', async () => ({}))).toThrow(/must declare config.permission/);
    expect(() => bare.get('/status', { config: { permission: 'public' } }, async () => ({}))).not.toThrow();
    expect(bare.apiRoutes.map((r) => `${r.method} ${r.url} ${r.permission}`)).toEqual(['GET /status public']);
    await bare.close();
  });

  it("lets through only the app's own static files, undeclared", async () => {
    const web = mkdtempSync(join(tmpdir(), 'amparo-web-'));
    const other = mkdtempSync(join(tmpdir(), 'amparo-other-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Amparo</title>');
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(join(other, 'secret.txt'), 'x');
    const ok = Fastify();
    await ok.register(authPlugin, { staticRoots: [web] });
    await ok.register(fastifyStatic, { root: web, wildcard: false, index: false });
    await ok.ready();
    expect((await ok.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    expect(ok.apiRoutes).toEqual([]);
    await ok.close();
    const bad = Fastify();
    await bad.register(authPlugin, { staticRoots: [web] });
    await expect(bad.register(fastifyStatic, { root: other, wildcard: false, index: false })).rejects.toThrow(
      /must declare config.permission/,
    );
    await bad.close();
  });

  it('serves the built web app through the guard', async () => {
    const web = mkdtempSync(join(tmpdir(), 'amparo-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>Amparo</title>');
    const t = await buildTestApp({ WEB_DIST: web });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/population/persons' })).statusCode).toBe(200);
      expect(t.app.apiRoutes.every((r) => r.url.startsWith('/api/'))).toBe(true);
    } finally {
      await t.close();
    }
  });
});
