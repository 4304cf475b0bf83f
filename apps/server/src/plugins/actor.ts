import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Content } from '../lib/content.ts';
import type { Actor, UserActor } from '../lib/actor.ts';
import type { UploadSource } from '../lib/uploads.ts';

const NO_KEYS: ReadonlySet<string> = new Set();

/**
 * The `x-request-id` a client sent, for correlation only (issue 9 item 5):
 * printable ASCII, at most 64 characters, or null. The server's own id
 * (`request.id`, a random UUID) is what audit entries and logs are keyed by;
 * a client cannot choose it.
 */
export function clientRequestId(request: FastifyRequest): string | null {
  const raw = request.headers['x-request-id'];
  if (typeof raw !== 'string') return null;
  const clean = raw.replace(/[^\x21-\x7e]/g, '').slice(0, 64);
  return clean || null;
}

/**
 * The actor of any request, signed in or not (sign-in, forgot password and
 * the hooks use it): user, keys and session from the auth plugin, address,
 * user agent, request ids and route pattern from the request. Built once per
 * request and kept on it.
 */
export function requestActor(request: FastifyRequest): Actor {
  const cached = (request as { actorCache?: Actor }).actorCache;
  if (cached && cached.userId === (request.auth?.userId ?? null)) return cached;
  const actor: Actor = {
    userId: request.auth?.userId ?? null,
    sessionId: request.auth?.sessionId ?? null,
    permissions: request.auth?.permisos ?? NO_KEYS,
    requestId: request.id ?? null,
    clientRequestId: clientRequestId(request),
    ip: request.ip ?? null,
    userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
    method: request.method,
    route: request.routeOptions?.url ?? null,
    system: null,
  };
  (request as { actorCache?: Actor }).actorCache = actor;
  return actor;
}

/**
 * The signed-in actor of a route that declared `session` or a permission key
 * (the auth plugin has refused the request otherwise, so this never throws
 * there); throws on a public route, a programming error.
 */
export function actorOf(request: FastifyRequest): UserActor {
  if (!request.auth) throw new Error('actorOf() on a public route');
  return requestActor(request) as UserActor;
}

/** The request's multipart body for the upload helpers (`lib/uploads.ts`). */
export function uploadSource(request: FastifyRequest): UploadSource {
  return {
    declaredBytes: Number(request.headers['content-length'] ?? 0),
    isMultipart: request.isMultipart(),
    file: (limits) => request.file({ limits }),
  };
}

/** Sends what a service returned as `Content`: type, its headers and the body (stream or buffer). */
export function sendContent(reply: FastifyReply, content: Content) {
  reply.type(content.mime);
  for (const [name, value] of Object.entries(content.headers)) reply.header(name, value);
  return reply.send(content.body);
}
