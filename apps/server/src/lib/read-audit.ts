import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { auditLog } from './audit.table.ts';
import type { Actor } from './actor.ts';

/**
 * Audit of reads of a person's case data (issue 9 item 5): each read writes a
 * `view` entry on the person, `changes.part` saying what was read (`links`,
 * `attentions`, `photo`, ...), so the person's history shows who looked at
 * what. Awaited before answering: no unaudited read leaves the server.
 */

/** Parts of a person's case data whose reads are audited. */
export type ReadPart =
  | 'links'
  | 'attentions'
  | 'periods'
  | 'consents'
  | 'photo'
  | 'photo_info'
  | 'documents'
  | 'document'
  | 'history'
  | 'activities'
  | 'list'
  | 'search'
  | 'my_attentions'
  | 'document_list'
  | 'activity';

const part = (name: ReadPart) => ({ part: { before: null, after: name } });

/** One `view` entry on the person for a read of `name` (plus optional detail, e.g. which document). */
export async function auditRead(
  db: Executor,
  actor: Actor,
  personId: string,
  name: ReadPart,
  detail: Record<string, { before: unknown; after: unknown }> = {},
) {
  await db.insert(auditLog).values({
    userId: actor.userId,
    action: 'view',
    entity: 'person',
    entityId: personId,
    changes: { ...part(name), ...detail },
    ip: actor.ip,
    requestId: actor.requestId,
    clientRequestId: actor.clientRequestId,
  });
}

/** The values of one read's audit entries: concrete, or placeholders of a prepared statement. */
export interface AuditRowValues {
  userId: unknown;
  /** JSON text of `changes`. */
  changes: unknown;
  ip: unknown;
  requestId: unknown;
  clientRequestId: unknown;
}

/** The audit values of `actor` reading `name` (null: the record itself, with empty changes). */
export function auditValues(actor: Actor, name: ReadPart | null): AuditRowValues {
  return {
    userId: actor.userId,
    changes: JSON.stringify(name ? part(name) : {}),
    ip: actor.ip,
    requestId: actor.requestId,
    clientRequestId: actor.clientRequestId,
  };
}

/** Placeholders for the audit values in a statement prepared once; fill them with `auditPlaceholderValues`. */
export const auditPlaceholders: AuditRowValues = {
  userId: sql.placeholder('auditUserId'),
  changes: sql.placeholder('auditChanges'),
  ip: sql.placeholder('auditIp'),
  requestId: sql.placeholder('auditRequestId'),
  clientRequestId: sql.placeholder('auditClientRequestId'),
};

/** Values for `auditPlaceholders`. */
export function auditPlaceholderValues(actor: Actor, name: ReadPart | null) {
  const v = auditValues(actor, name);
  return {
    auditUserId: v.userId,
    auditChanges: v.changes,
    auditIp: v.ip,
    auditRequestId: v.requestId,
    auditClientRequestId: v.clientRequestId,
  };
}

/**
 * SQL: `insert into audit_log` of one `view` entry on the person per row of
 * `source`, a relation with a `person_id` column. Put in a data-modifying CTE
 * beside the read (db/sql.ts `sqlCte`), it writes the audit in the same
 * statement, hence the same round trip, as the rows it audits: the statement
 * returns rows only if their audit is written (issue 10 item 9).
 */
export function auditRowsSql(source: SQL, v: AuditRowValues): SQL {
  return sql`insert into ${auditLog} (user_id, action, entity, entity_id, changes, ip, request_id, client_request_id)
    select ${v.userId}::uuid, 'view', 'person', r.person_id::text, ${v.changes}::jsonb,
      ${v.ip}::text, ${v.requestId}::text, ${v.clientRequestId}::text
    from ${source} r`;
}

/**
 * Results naming persons (lists, searches, an activity's participants): one
 * `view` entry per person shown, written in a single statement of fixed size
 * (the ids go as one array parameter), so each person's history says who saw
 * them listed and where (`part`).
 */
export async function auditListed(db: Executor, actor: Actor, personIds: string[], name: ReadPart) {
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return;
  await db.execute(
    auditRowsSql(sql`(select unnest(${sql.param(ids)}::uuid[]) as person_id)`, auditValues(actor, name)),
  );
}
