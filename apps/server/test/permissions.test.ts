import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { requiredKeys } from '@amparo/shared/permissions';
import { authPlugin } from '../src/plugins/auth.ts';
import { as, buildTestApp, createUser, login, type TestApp } from './helpers.ts';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** Fills `:param` segments with a well-formed id so the route matches. */
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === 'name' || name === 'catalog' ? 'sex' : SAMPLE_ID));

describe('permission matrix: every registered endpoint', () => {
  let t: TestApp;
  let noKeys: string;
  let adminToken: string;

  beforeAll(async () => {
    t = await buildTestApp();
    adminToken = await login(t.app);
    noKeys = (await createUser(t.app, adminToken, [], 'nokeys')).token;
  });
  afterAll(() => t.close());

  it('registers the endpoints this issue names, each with a permission', () => {
    const routes = t.app.apiRoutes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/login',
      'POST /api/logout',
      'POST /api/register',
      'POST /api/forgot',
      'POST /api/reset',
      'POST /api/user-check',
      'POST /api/update_user',
      'POST /api/population/access/:personId',
      'POST /api/catalog/:name',
      'GET /api/population/persons',
      'GET /api/roles',
      'GET /api/users',
      'GET /api/headquarters',
      'GET /api/catalogs/:catalog/items',
      'GET /api/dashboard',
    ])
      expect(routes).toContain(expected);
    expect(t.app.apiRoutes.length).toBeGreaterThan(40);
  });

  it('answers 401 without a session on every non-public endpoint', async () => {
    const guarded = t.app.apiRoutes.filter((r) => r.permission !== 'public');
    expect(guarded.length).toBeGreaterThan(35);
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe('unauthenticated');
    }
  });

  it('answers 403 to a signed-in user without the key on every keyed endpoint', async () => {
    const keyed = t.app.apiRoutes.filter((r) => r.permission !== 'public' && r.permission !== 'session');
    expect(keyed.length).toBeGreaterThan(25);
    const client = as(t.app, noKeys);
    for (const route of keyed) {
      const url = concrete(route.url);
      const res =
        route.method === 'GET'
          ? await client.get(url)
          : route.method === 'DELETE'
            ? await client.delete(url)
            : route.method === 'PUT'
              ? await client.put(url, {})
              : await client.post(url, {});
      expect(res.statusCode, `${route.method} ${route.url} (${route.permission})`).toBe(403);
      expect(res.json().code).toBe('forbidden');
    }
  });

  it('needs the module key as well as the screen key (spec section 2 nests them)', async () => {
    const onlyScreen = await createUser(t.app, adminToken, ['poblacion_poblacion'], 'screenonly');
    expect((await as(t.app, onlyScreen.token).get('/api/population/persons')).statusCode).toBe(403);
    const both = await createUser(t.app, adminToken, ['poblacion', 'poblacion_poblacion'], 'both');
    expect((await as(t.app, both.token).get('/api/population/persons')).statusCode).toBe(200);
  });

  it('opens each registered option list only to holders of one of its reader keys (issue 23 item 4)', async () => {
    const names = t.app.optionSources.names();
    expect(names).toEqual(expect.arrayContaining(['cooperating', 'headquarter', 'role']));
    for (const name of names) {
      const refused = await as(t.app, noKeys).post(`/api/catalog/${name}`, { lang: 'es' });
      expect(refused.statusCode, `${name} without keys`).toBe(403);
      expect(refused.json().code).toBe('forbidden');
      const readers = t.app.optionSources.readersOf(name);
      expect(readers.length, name).toBeGreaterThan(0);
      for (const key of readers) {
        const reader = await createUser(t.app, adminToken, requiredKeys(key), `reads-${name}`);
        const res = await as(t.app, reader.token).post(`/api/catalog/${name}`, { lang: 'es' });
        expect(res.statusCode, `${name} with ${key}`).toBe(200);
      }
    }
  });

  it('lets a session-only endpoint through for any signed-in user', async () => {
    expect((await as(t.app, noKeys).post('/api/user-check')).statusCode).toBe(200);
    expect((await as(t.app, noKeys).post('/api/catalog/sex', { lang: 'es' })).statusCode).toBe(200);
  });

  it('refuses to register a route without a permission', async () => {
    const bare = Fastify();
    await bare.register(authPlugin);
    expect(() => bare.get('/api/undeclared', async () => ({}))).toThrow(/must declare config.permission/);
    expect(() => bare.get('/api/declared', { config: { permission: 'session' } }, async () => ({}))).not.toThrow();
    await bare.close();
  });
});
