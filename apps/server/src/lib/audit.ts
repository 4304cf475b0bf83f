import type { Executor } from '../db/client.ts';
import { auditLog } from './audit.table.ts';
import type { Actor } from './actor.ts';

export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

export interface AuditEntryInput {
  action:
    | 'create'
    | 'update'
    | 'delete'
    | 'view'
    | 'grant'
    | 'revoke'
    | 'request_access'
    | 'decide_access'
    | 'login'
    | 'password_change'
    | string;
  entity: string;
  entityId: string;
  changes?: AuditChanges;
}

/**
 * Writes an audit entry in the caller's transaction, so the entry exists if
 * and only if the change does. Who, from where and which request come from
 * the actor (`null` when nobody is behind it, e.g. a job without a user);
 * `userId` names the user when the actor has none yet (a sign-in).
 */
export async function writeAudit(db: Executor, actor: Actor | null, entry: AuditEntryInput, userId?: string | null) {
  await db.insert(auditLog).values({
    userId: userId ?? actor?.userId ?? null,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    changes: entry.changes ?? {},
    ip: actor?.ip ?? null,
    requestId: actor?.requestId ?? null,
    clientRequestId: actor?.clientRequestId ?? null,
  });
}

/**
 * Writes many audit entries of one actor in the caller's transaction, in
 * batches of one insert each (a spreadsheet import or a copied year: one entry
 * per record written, like `writeAudit`, without a round trip per entry).
 */
export async function writeAudits(db: Executor, actor: Actor | null, entries: AuditEntryInput[]) {
  const BATCH = 500;
  for (let i = 0; i < entries.length; i += BATCH)
    await db.insert(auditLog).values(
      entries.slice(i, i + BATCH).map((entry) => ({
        userId: actor?.userId ?? null,
        action: entry.action,
        entity: entry.entity,
        entityId: entry.entityId,
        changes: entry.changes ?? {},
        ip: actor?.ip ?? null,
        requestId: actor?.requestId ?? null,
        clientRequestId: actor?.clientRequestId ?? null,
      })),
    );
}

/**
 * The fields whose values differ between two snapshots, as `{ before, after }`
 * (arrays and objects compared by JSON). `omit` skips bookkeeping fields.
 */
export function diff(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
  omit: string[] = [],
): AuditChanges {
  const out: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (omit.includes(key)) continue;
    const b = before?.[key] ?? null;
    const a = after?.[key] ?? null;
    if (JSON.stringify(b) !== JSON.stringify(a)) out[key] = { before: b, after: a };
  }
  return out;
}
