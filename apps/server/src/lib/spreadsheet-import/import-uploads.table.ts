import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Spreadsheet imports kept between their preview and their execution, and the
 * executions done (issue 25 section 7, decision 0018). The preview stores the
 * parsed sheet (`rows`) under an opaque random `token`, bound to the user who
 * uploaded it, until `expires_at`; the execution takes the token, once, and
 * sets `executed_at` (the rows are then cleared). An execution from an upload
 * without a token is recorded too, so `file_hash` (SHA-256 of the file's
 * bytes) tells a file imported before, for its `kind`. Rows never executed
 * are swept once expired (on every new preview); executed ones stay, as the
 * record of what was imported.
 */
export const importUploads = pgTable(
  'import_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** base64url of 32 random bytes. */
    token: text('token').notNull().unique(),
    /** The import: 'planning', later 'personnel_execution'. */
    kind: text('kind').notNull(),
    /** The uploader (a user's id; no foreign key: lib knows no module's table, as audit_log's user_id). */
    userId: uuid('user_id').notNull(),
    /** SHA-256 of the uploaded bytes, hex. */
    fileHash: text('file_hash').notNull(),
    /** 'xlsx' or 'xls': the format the error file is written in. */
    format: text('format').notNull(),
    /** The sheet as read (`SheetRows`), until executed. */
    rows: jsonb('rows').$type<(string | null)[][]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    executedAt: timestamp('executed_at', { withTimezone: true }),
    /** Rows written by the execution. */
    executedRows: integer('executed_rows'),
  },
  (t) => [
    index('import_uploads_hash_idx').on(t.kind, t.fileHash, t.executedAt),
    index('import_uploads_expires_idx').on(t.expiresAt),
  ],
);
