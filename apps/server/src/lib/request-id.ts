import type { FastifyRequest } from 'fastify';

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
