import type { SECURITY_EVENT_KINDS } from '@amparo/shared/modules/security-log.schema';
import type { Executor } from '../db/client.ts';
import { securityEvents } from './security-log.table.ts';
import type { Actor } from './actor.ts';

export type SecurityEventKind = (typeof SECURITY_EVENT_KINDS)[number];

/**
 * Writes a security log entry (issue 9 item 5) outside any business
 * transaction, so a refused request still leaves its trace. Who (signed-in
 * user, or the account a sign-in named), from where, which route pattern
 * (no query string, no body, never a password) and the server's request id.
 */
export async function recordSecurityEvent(
  db: Executor,
  actor: Actor,
  event: { kind: SecurityEventKind; userId?: string | null; loginName?: string | null; code?: string | null },
) {
  await db.insert(securityEvents).values({
    kind: event.kind,
    userId: event.userId ?? actor.userId,
    loginName: event.loginName?.slice(0, 200) ?? null,
    code: event.code ?? null,
    ip: actor.ip,
    method: actor.method,
    route: actor.route,
    requestId: actor.requestId,
  });
}
