import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Security log (issue 9 item 5): failed sign-ins, locked sign-ins (429) and
 * every 403 the API answered. Append-only, like the audit log (trigger).
 * Holds no password and no query string.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** SECURITY_EVENT_KINDS (shared security-log schema) */
    kind: text('kind').notNull(),
    /** The signed-in user, or the account a sign-in named when it exists. */
    userId: uuid('user_id'),
    /** The name typed at sign-in (username or e-mail), lower-cased, at most 200. */
    loginName: text('login_name'),
    /** The problem code answered (`forbidden`, `no_person_access`, ...). */
    code: text('code'),
    ip: text('ip'),
    method: text('method'),
    /** The route pattern (`/api/population/persons/:id`), never the query string. */
    route: text('route'),
    requestId: text('request_id'),
  },
  (t) => [index('security_events_at_idx').on(t.at.desc()), index('security_events_kind_idx').on(t.kind, t.at.desc())],
);
