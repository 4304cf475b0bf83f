import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { hasPermission, isPermissionKey, type PermissionKey } from '@amparo/shared/permissions';
import { hashToken } from '../lib/tokens.ts';
import { findLiveSession, touchSession } from '../modules/auth/auth.repository.ts';
import { sendProblem } from './errors.ts';

/**
 * What a route needs: `public` (no session), `session` (any signed-in user)
 * or a permission key of spec section 2 (with its parent keys).
 */
export type RoutePermission = 'public' | 'session' | PermissionKey;

export interface AuthContext {
  userId: string;
  sessionId: string;
  permisos: Set<string>;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  permission: RoutePermission;
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
    /** Every /api route with its permission, for the permission matrix test. */
    apiRoutes: RegisteredRoute[];
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
export const authPlugin = fp(async (app) => {
  app.decorate('apiRoutes', [] as RegisteredRoute[]);
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...route.config, permission: 'public' }; // the OpenAPI reference UI
      return;
    }
    const permission = route.config?.permission;
    if (!permission || (permission !== 'public' && permission !== 'session' && !isPermissionKey(permission))) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.permission`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, permission });
  });

  app.addHook('onRequest', async (request, reply) => {
    const permission = request.routeOptions.config?.permission;
    if (!permission) return; // static files and the SPA
    const token = readToken(request);
    if (token) {
      const row = await findLiveSession(app.db.db, hashToken(token), app.config.SESSION_IDLE_MINUTES);
      if (row && row.active) {
        // Sliding idle expiry; written at most once a minute per session.
        if (Date.now() - row.lastSeenAt.getTime() > 60_000) await touchSession(app.db.db, row.sessionId);
        request.auth = {
          userId: row.userId,
          sessionId: row.sessionId,
          permisos: new Set([...(row.rolePermissions ?? []), ...row.extraPermissions]),
        };
      }
    }
    if (permission === 'public') return;
    if (!request.auth) return sendProblem(reply, 401, 'unauthenticated');
    if (permission !== 'session' && !hasPermission(request.auth.permisos, permission)) return sendProblem(reply, 403, 'forbidden');
  });
});

/** The signed-in user of a route that declared 'session' or a key (never null there). */
export function currentUser(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new Error('currentUser() on a public route');
  return request.auth;
}
