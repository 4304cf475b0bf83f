import { resolve } from 'node:path';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { hasPermission, isPermissionKey, type PermissionKey } from '@amparo/shared/permissions';
import { hashToken } from '../lib/tokens.ts';
import { findLiveSession, touchSession } from '../modules/auth/auth.repository.ts';
import { sendProblem } from './errors.ts';
import { SESSION_CHANNEL, SessionCache, type LiveSession } from '../modules/auth/session-cache.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a route needs: `public` (no session), `session` (any signed-in user)
 * or a permission key of spec section 2 (with its parent keys).
 */
export type RoutePermission = 'public' | 'session' | PermissionKey;

export interface AuthContext {
  userId: string;
  sessionId: string;
  permisos: ReadonlySet<string>;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: RoutePermission;
  /** Names of the path parameters and of the body's top-level fields (from the route's zod schema), for the generated access test. */
  params: string[];
  body: string[];
  /** Every field name, at any depth, of the route's 2xx answers (from its response schemas), for the generated access test. */
  answer: string[];
  /** The route's `schema.operationId`, null when it declares none (the system permission screen names operations by it). */
  operationId: string | null;
}

export interface AuthPluginOptions {
  /**
   * Folders whose files the app serves itself with @fastify/static (the built
   * web app): their GET/HEAD routes need no declaration. Every other route,
   * inside /api or not, must declare `config.permission` (issue 9 item 9).
   */
  staticRoots?: string[];
  /** Seconds a looked-up session may be reused (SESSION_CACHE_SECONDS); 0 or absent: every request asks the database. */
  sessionCacheSeconds?: number;
}

/** Top-level field names of a zod object schema (through optional, default, pipe and intersection), [] otherwise. */
function fieldsOf(schema: unknown, depth = 0): string[] {
  const z = schema as
    | { shape?: Record<string, unknown>; def?: { innerType?: unknown; in?: unknown; left?: unknown; right?: unknown } }
    | undefined;
  if (!z || depth > 5) return [];
  if (z.shape && typeof z.shape === 'object') return Object.keys(z.shape);
  const def = z.def ?? {};
  if (def.left || def.right) return [...new Set([...fieldsOf(def.left, depth + 1), ...fieldsOf(def.right, depth + 1)])];
  return fieldsOf(def.innerType ?? def.in, depth + 1);
}

/** Field names at any depth of a zod schema (objects, arrays, records, unions, wrappers, pipes and lazy schemas). */
function allFieldsOf(schema: unknown, into = new Set<string>(), depth = 0): Set<string> {
  const def = (schema as { def?: Record<string, unknown> } | undefined)?.def;
  if (!def || depth > 12) return into;
  const shape = def.shape as Record<string, unknown> | undefined;
  if (shape && typeof shape === 'object')
    for (const [name, field] of Object.entries(shape)) {
      into.add(name);
      allFieldsOf(field, into, depth + 1);
    }
  for (const key of ['element', 'innerType', 'in', 'out', 'left', 'right', 'valueType'])
    if (def[key]) allFieldsOf(def[key], into, depth + 1);
  if (Array.isArray(def.options)) for (const option of def.options) allFieldsOf(option, into, depth + 1);
  if (Array.isArray(def.items)) for (const item of def.items) allFieldsOf(item, into, depth + 1);
  if (typeof def.getter === 'function') allFieldsOf((def.getter as () => unknown)(), into, depth + 1);
  return into;
}

/** Field names of a route's 2xx answers (`schema.response`, keyed by status code). */
function answerFieldsOf(response: unknown): string[] {
  if (!response || typeof response !== 'object') return [];
  const into = new Set<string>();
  for (const [status, schema] of Object.entries(response)) if (/^2/.test(status)) allFieldsOf(schema, into);
  return [...into].sort();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Every /api route must declare it; registration fails otherwise. */
    permission?: RoutePermission;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** Every declared route (inside /api or not) with its permission, for the permission matrix, snapshot and access tests. */
    apiRoutes: RegisteredRoute[];
    /** Sessions this instance looked up recently (modules/auth/session-cache.ts). */
    sessionCache: SessionCache;
  }
}

export const SESSION_COOKIE = 'amparo_session';

/** The session token from the httpOnly cookie or an `Authorization: Bearer` header. */
function readToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  return request.cookies?.[SESSION_COOKIE] ?? null;
}

/**
 * Resolves the session and enforces each route's declared permission before
 * the body is read: no session → 401, missing key → 403. Per-record rules
 * (per-person grants) are checked in the services.
 */
export const authPlugin = fp<AuthPluginOptions>(async (app, opts) => {
  app.decorate('apiRoutes', [] as RegisteredRoute[]);
  app.decorateRequest('auth', null);
  const staticRoots = new Set((opts.staticRoots ?? []).map((r) => resolve(r)));

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...route.config, permission: 'public' }; // the OpenAPI reference UI
      return;
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const permission = route.config?.permission;
    // @fastify/static marks each file route with its root folder; only the app's own folders pass undeclared.
    const rootPath = (route.config as { rootPath?: unknown } | undefined)?.rootPath;
    const staticFile =
      !permission &&
      typeof rootPath === 'string' &&
      staticRoots.has(resolve(rootPath)) &&
      methods.every((m) => m === 'GET' || m === 'HEAD');
    if (staticFile) return;
    if (!permission || (permission !== 'public' && permission !== 'session' && !isPermissionKey(permission))) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.permission`);
    }
    const schema = route.schema as
      { params?: unknown; body?: unknown; response?: unknown; operationId?: string } | undefined;
    const params = fieldsOf(schema?.params);
    const body = fieldsOf(schema?.body);
    const answer = answerFieldsOf(schema?.response);
    const operationId = schema?.operationId ?? null;
    for (const method of methods)
      if (method !== 'HEAD')
        app.apiRoutes.push({ method, url: route.url, permission, params, body, answer, operationId });
  });

  const cache = new SessionCache((opts.sessionCacheSeconds ?? 0) * 1000);
  app.decorate('sessionCache', cache);
  if (cache.ttlMs > 0) {
    const listener = await app.db.listen(SESSION_CHANNEL, cache);
    app.addHook('onClose', async () => listener.stop());
    // A request that may have changed sessions (any but GET/HEAD/OPTIONS) answers only once this
    // instance has heard the database's notifications of it: its caller's next request sees the change.
    app.addHook('onSend', async (request) => {
      if (cache.enabled && !SAFE_METHODS.has(request.method)) await listener.sync();
    });
  }

  /** The live session for a token: from this instance's cache, else from the database (then cached). */
  async function liveSession(token: string): Promise<LiveSession | null> {
    const tokenHash = hashToken(token);
    const now = Date.now();
    const cached = cache.get(tokenHash, now, app.config.SESSION_IDLE_MINUTES * 60_000);
    if (cached) return cached;
    const generation = cache.generation();
    const row = await findLiveSession(app.db.db, tokenHash, app.config.SESSION_IDLE_MINUTES);
    if (!row) return null;
    const session: LiveSession = {
      sessionId: row.sessionId,
      userId: row.userId,
      roleId: row.roleId,
      active: row.active,
      permissions: new Set([...(row.rolePermissions ?? []), ...row.extraPermissions]),
      lastSeenAt: row.lastSeenAt.getTime(),
      expiresAt: row.expiresAt.getTime(),
    };
    cache.put(tokenHash, session, generation, now);
    return session;
  }

  app.addHook('onRequest', async (request, reply) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission) return; // static files and the SPA
    const token = readToken(request);
    if (token) {
      const session = await liveSession(token);
      if (session?.active) {
        // Sliding idle expiry; written at most once a minute per session (and instance).
        if (Date.now() - session.lastSeenAt > 60_000) {
          await touchSession(app.db.db, session.sessionId);
          session.lastSeenAt = Date.now();
        }
        request.auth = { userId: session.userId, sessionId: session.sessionId, permisos: session.permissions };
      }
    }
    if (permission === 'public') return;
    if (!request.auth) return sendProblem(reply, 401, 'unauthenticated');
    if (permission !== 'session' && !hasPermission(request.auth.permisos, permission))
      return sendProblem(reply, 403, 'forbidden');
  });
});
