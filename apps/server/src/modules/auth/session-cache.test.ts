import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { as, buildTestApp, createUser, login, type TestApp } from '../../../test/helpers.ts';
import { SessionCache, type LiveSession } from './session-cache.ts';
import { LISTENER_NAME } from '../../db/listen.ts';

/**
 * Issue 10 item 9: each instance reuses sessions it looked up for a few
 * seconds, and a change made anywhere (through either instance's API or by
 * SQL) reaches every instance through the database's NOTIFY before the TTL.
 * Instance A makes the changes; instance B has the session cached.
 */
let t: TestApp;
let b: { app: FastifyInstance; close(): Promise<void> };
let adminToken: string;
// Long enough that only a notification, never the TTL, can explain an eviction within the test.
const CACHE = { SESSION_CACHE_SECONDS: '60' };

beforeAll(async () => {
  t = await buildTestApp(CACHE);
  b = await t.instance(CACHE);
  adminToken = await login(t.app);
});
afterAll(async () => {
  await b?.close();
  await t?.close();
});

/** Polls until `check` holds (a notification travels through the database), at most 3 s. */
async function eventually(check: () => Promise<boolean>) {
  const deadline = Date.now() + 3000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return false;
}

/** Status of GET /api/roles (needs configuracion_roles) on an instance. */
const rolesStatus = async (app: FastifyInstance, token: string) => (await as(app, token).get('/api/roles')).statusCode;

/** A user holding configuracion_roles, signed in, whose session instance B has cached. */
async function cachedOnB() {
  const user = await createUser(t.app, adminToken, ['configuracion', 'configuracion_roles'], 'cache');
  const before = b.app.sessionCache.size;
  expect(await rolesStatus(b.app, user.token)).toBe(200);
  expect(b.app.sessionCache.size).toBe(before + 1);
  // The second request is answered from the cache: the session query would see the row gone.
  expect(await rolesStatus(b.app, user.token)).toBe(200);
  return user;
}

describe('session cache shared by two instances', () => {
  it('is listening on both instances', () => {
    expect(t.app.sessionCache.enabled).toBe(true);
    expect(b.app.sessionCache.enabled).toBe(true);
  });

  it('a sign-out on A ends the session on B, and on A for the very next request', async () => {
    const user = await cachedOnB();
    expect(await rolesStatus(t.app, user.token)).toBe(200);
    expect((await as(t.app, user.token).post('/api/logout')).statusCode).toBe(200);
    expect(await rolesStatus(t.app, user.token)).toBe(401);
    expect(await eventually(async () => (await rolesStatus(b.app, user.token)) === 401)).toBe(true);
  });

  it("a role losing a key on A refuses it on B; the role's other users too", async () => {
    const user = await cachedOnB();
    const roleId = (await as(t.app, adminToken).get(`/api/users/${user.id}`)).json().data.roleId as string;
    const role = (await as(t.app, adminToken).get(`/api/roles/${roleId}`)).json().data;
    const res = await as(t.app, adminToken).put(`/api/roles/${roleId}`, {
      slug: role.slug,
      name: role.name,
      permissions: ['configuracion', 'configuracion_usuarios'],
      version: role.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventually(async () => (await rolesStatus(b.app, user.token)) === 403)).toBe(true);
  });

  it('deactivating the user on A signs them out on B', async () => {
    const user = await cachedOnB();
    const current = (await as(t.app, adminToken).get(`/api/users/${user.id}`)).json().data;
    const res = await as(t.app, adminToken).put(`/api/users/${user.id}`, {
      fullName: current.fullName,
      email: current.email,
      phone: current.phone,
      nit: current.nit,
      roleId: current.roleId,
      responsibility: current.responsibility,
      workgroup: current.workgroup,
      active: false,
      extraPermissions: current.extraPermissions,
      version: current.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventually(async () => (await rolesStatus(b.app, user.token)) === 401)).toBe(true);
  });

  it('a password change on A ends the other sessions on B', async () => {
    const user = await cachedOnB();
    const other = await login(t.app, user.username, user.password);
    const res = await as(t.app, other).post('/api/account/password', {
      currentPassword: user.password,
      newPassword: 'Otra-Clave-Segura-2',
      confirmation: 'Otra-Clave-Segura-2',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventually(async () => (await rolesStatus(b.app, user.token)) === 401)).toBe(true);
    expect(await rolesStatus(b.app, other)).toBe(200);
  });

  it("a change made in SQL by the database's owner reaches B too (the triggers, not the API, announce it)", async () => {
    const user = await cachedOnB();
    await t.database.db.execute(sql`update users set extra_permissions = '{}', role_id = null where id = ${user.id}`);
    expect(await eventually(async () => (await rolesStatus(b.app, user.token)) === 403)).toBe(true);
    const other = await cachedOnB();
    await t.database.db.execute(sql`update sessions set revoked_at = now() where user_id = ${other.id}`);
    expect(await eventually(async () => (await rolesStatus(b.app, other.token)) === 401)).toBe(true);
  });

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'stops caching while the listening connection is down, and resumes once it is back',
    async () => {
      await t.database.db.execute(
        sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_NAME} and datname = current_database()`,
      );
      expect(await eventually(async () => !b.app.sessionCache.enabled && !t.app.sessionCache.enabled)).toBe(true);
      expect(b.app.sessionCache.size).toBe(0);
      expect(await eventually(async () => b.app.sessionCache.enabled && t.app.sessionCache.enabled)).toBe(true);
      await cachedOnB();
    },
  );

  it('touching a session (last seen) announces nothing: the cache keeps it', async () => {
    const user = await cachedOnB();
    const size = b.app.sessionCache.size;
    const generation = b.app.sessionCache.generation();
    await t.database.db.execute(sql`update sessions set last_seen_at = now() where user_id = ${user.id}`);
    await new Promise((r) => setTimeout(r, 200));
    expect(b.app.sessionCache.generation()).toBe(generation);
    expect(b.app.sessionCache.size).toBe(size);
  });
});

describe('SessionCache', () => {
  const session = (over: Partial<LiveSession> = {}): LiveSession => ({
    sessionId: 's1',
    userId: 'u1',
    roleId: 'r1',
    active: true,
    permissions: new Set(['a']),
    lastSeenAt: 1_000,
    expiresAt: 100_000,
    ...over,
  });

  it('stores nothing while not listening, and forgets everything when the listener drops', () => {
    const cache = new SessionCache(10_000);
    cache.put('h', session(), cache.generation(), 1_000);
    expect(cache.size).toBe(0);
    cache.listening(true);
    cache.put('h', session(), cache.generation(), 1_000);
    expect(cache.get('h', 2_000, 60_000)).not.toBeNull();
    cache.listening(false);
    expect(cache.get('h', 2_000, 60_000)).toBeNull();
  });

  it('refuses a lookup that raced with a change, and never serves past the TTL, the idle or the absolute expiry', () => {
    const cache = new SessionCache(10_000);
    cache.listening(true);
    const generation = cache.generation();
    cache.message('{"user":"someone-else"}');
    cache.put('h', session(), generation, 1_000);
    expect(cache.size).toBe(0);
    cache.put('h', session(), cache.generation(), 1_000);
    expect(cache.get('h', 11_001, 60_000)).toBeNull(); // TTL
    cache.put('h', session({ lastSeenAt: 0 }), cache.generation(), 1_000);
    expect(cache.get('h', 5_000, 5_000)).toBeNull(); // idle
    cache.put('h', session({ expiresAt: 3_000 }), cache.generation(), 1_000);
    expect(cache.get('h', 3_000, 60_000)).toBeNull(); // absolute
  });

  it('evicts by session, user or role, and everything on a payload it does not understand', () => {
    const cache = new SessionCache(10_000);
    cache.listening(true);
    const fill = () => {
      cache.put('h1', session(), cache.generation(), 1_000);
      cache.put('h2', session({ sessionId: 's2', userId: 'u2', roleId: 'r2' }), cache.generation(), 1_000);
    };
    for (const [payload, left] of [
      ['{"session":"s1"}', 1],
      ['{"user":"u2"}', 1],
      ['{"role":"r1"}', 1],
      ['garbage', 0],
    ] as const) {
      fill();
      cache.message(payload);
      expect(cache.size, payload).toBe(left);
    }
  });
});
