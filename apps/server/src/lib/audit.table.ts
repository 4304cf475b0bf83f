import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Append-only audit trail: who, when, what, and the changed fields'
 * before/after (`changes` = `{ field: { before, after } }`). Views of a
 * person's record are written too (action `view`). The database refuses
 * UPDATE and DELETE on it (trigger, issue 9 item 5).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    changes: jsonb('changes').$type<Record<string, { before: unknown; after: unknown }>>().notNull().default({}),
    ip: text('ip'),
    /** The server's id of the request (never the client's). */
    requestId: text('request_id'),
    /** An `x-request-id` the client sent, kept for correlation only (printable ASCII, at most 64). */
    clientRequestId: text('client_request_id'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at.desc()),
    index('audit_log_user_idx').on(t.userId, t.at.desc()),
  ],
);
