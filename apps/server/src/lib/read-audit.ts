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

/**
 * Results naming persons (lists, searches, an activity's participants): one
 * `view` entry per person shown, written in a single insert, so each
 * person's history says who saw them listed and where (`part`).
 */
export async function auditListed(db: Executor, actor: Actor, personIds: string[], name: ReadPart) {
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return;
  await db.insert(auditLog).values(
    ids.map((id) => ({
      userId: actor.userId,
      action: 'view',
      entity: 'person',
      entityId: id,
      changes: part(name),
      ip: actor.ip,
      requestId: actor.requestId,
      clientRequestId: actor.clientRequestId,
    })),
  );
}
