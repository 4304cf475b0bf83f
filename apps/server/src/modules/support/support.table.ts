import { boolean, check, date, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { headquarters } from '../headquarters/headquarters.table.ts';
import { users } from '../users/users.table.ts';
import { tsvector } from '../../lib/search.ts';

/**
 * Support tickets (issue 12; spec sections 3 and 4). `status` moves only
 * through `applyTransition` (support.workflow.ts), which writes
 * `workflow_history`. Service targets are kept as instants computed in the
 * headquarter's working time when the ticket is raised or reprioritised; while
 * the ticket waits in pendiente (`paused_at`) the resolution clock stops, and
 * leaving pendiente moves `resolution_due_at` by the working time it waited.
 */
export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** TK-YYYY-NNNNNN: from `support_ticket_counters`, in the insert's transaction. */
    number: text('number').notNull().unique(),
    type: text('type').notNull(),
    priority: text('priority').notNull(),
    criticality: text('criticality').notNull(),
    status: text('status').notNull().default('generado'),
    headquarterId: uuid('headquarter_id')
      .notNull()
      .references(() => headquarters.id),
    /** A line telling tickets apart on the queue and the board (issue 24 section 6 item 10); searched by words. */
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'set null' }),
    assigneeId: uuid('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    estimatedDate: date('estimated_date', { mode: 'string' }),
    followUpDate: date('follow_up_date', { mode: 'string' }),
    responseDueAt: timestamp('response_due_at', { withTimezone: true }).notNull(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    resolutionDueAt: timestamp('resolution_due_at', { withTimezone: true }),
    /** Since when the ticket waits in pendiente (the resolution clock stopped), or null. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    /** Working minutes spent in pendiente so far (added to the resolution target). */
    pausedMinutes: integer('paused_minutes').notNull().default(0),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** Working minutes from creation to resolution (the dashboard's median). */
    resolutionWorkingMinutes: integer('resolution_working_minutes'),
    /** When the auto-close job closes a resolved ticket nobody confirmed. */
    autoCloseAt: timestamp('auto_close_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_status_idx').on(t.status, t.createdAt),
    // The board's closed columns: the latest changes of a status.
    index('support_tickets_status_updated_idx').on(t.status, t.updatedAt),
    index('support_tickets_created_idx').on(t.createdAt, t.id),
    index('support_tickets_requester_idx').on(t.requesterId, t.createdAt),
    index('support_tickets_assignee_idx').on(t.assigneeId, t.status),
    index('support_tickets_auto_close_idx')
      .on(t.autoCloseAt)
      .where(sql`auto_close_at is not null`),
    index('support_tickets_description_trgm_idx').using('gin', t.description.op('gin_trgm_ops')),
    index('support_tickets_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
  ],
);
export type SupportTicketRow = typeof supportTickets.$inferSelect;

/** The last number given per year: the row lock of `insert ... on conflict do update` serialises creations. */
export const supportTicketCounters = pgTable('support_ticket_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** Comments (spec section 5: text required); internal ones are for support staff only. */
export const supportComments = pgTable(
  'support_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    internal: boolean('internal').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_comments_ticket_idx').on(t.ticketId, t.createdAt),
    index('support_comments_body_trgm_idx').using('gin', t.body.op('gin_trgm_ops')),
  ],
);

/** Files of a ticket (screenshots, PDF), checked by content; `storage_key` is the content hash in the file store. */
export const supportFiles = pgTable(
  'support_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    /** A reduced JPEG the preview shows for an image over PREVIEW_OVER_PIXELS (lib/images.ts); null otherwise. */
    previewKey: text('preview_key'),
    internal: boolean('internal').notNull().default(false),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_files_ticket_idx').on(t.ticketId),
    index('support_files_key_idx').on(t.storageKey),
    // File collection counts references by key (lib/file-gc.ts); most files have no preview.
    index('support_files_preview_key_idx')
      .on(t.previewKey)
      .where(sql`${t.previewKey} is not null`),
  ],
);

/** Service targets per priority, in working hours (seeded by the migration; edited by support managers). */
export const supportTargets = pgTable('support_targets', {
  priority: text('priority').primaryKey(),
  responseHours: integer('response_hours').notNull(),
  resolutionHours: integer('resolution_hours').notNull(),
});

/** The module's one settings row. */
export const supportSettings = pgTable(
  'support_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Working days a resolved ticket waits for its requester's confirmation before the job closes it. */
    autoCloseDays: integer('auto_close_days').notNull().default(5),
  },
  (t) => [check('support_settings_one_row', sql`${t.id} = 1`)],
);

/**
 * Each ticket's word-search documents (issue 24 section 2, decision 0021), kept by triggers (migration 0031) in
 * the transaction that writes the ticket or a comment: `public_doc` (subject, description, public comments) is what
 * a requester searches, `all_doc` (also internal comments) what support staff search.
 */
export const supportTicketSearch = pgTable(
  'support_ticket_search',
  {
    ticketId: uuid('ticket_id')
      .primaryKey()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    publicDoc: tsvector('public_doc').notNull(),
    allDoc: tsvector('all_doc').notNull(),
    /** The ticket's `created_at`, kept beside its documents: a search ranks its newest matches without reading the tickets (migration 0034). */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('support_ticket_search_public_idx').using('gin', t.publicDoc),
    index('support_ticket_search_all_idx').using('gin', t.allDoc),
    // A search of common beginnings ("re") walks the newest documents and stops at the page (decision 0021).
    index('support_ticket_search_created_idx').on(t.createdAt, t.ticketId),
  ],
);
