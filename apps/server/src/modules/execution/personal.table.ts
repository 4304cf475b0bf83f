import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';
import { planningLines } from '../budget/planning/planning.table.ts';
import { collaborators } from '../talent/collaborators.table.ts';

/**
 * A month's payroll executed from its xls (issue 27 section 4, decision 0032): the budget's ledger rows name it as
 * their source (`payroll_upload`). A month has at most one `active` upload (the partial unique index: two parallel
 * executions of one month, one wins); replacing it marks it `replaced` and reverses its execution in the same
 * transaction. Append-only otherwise: a replaced upload stays, with its rows, for the audit.
 */
export const payrollUploads = pgTable(
  'payroll_uploads',
  {
    id: uuid('id').primaryKey(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    /** SHA-256 of the file's bytes, hex: the same file uploaded again is told apart from a new one. */
    fileHash: text('file_hash').notNull(),
    rows: integer('rows').notNull(),
    /** What the rows executed (Q): the sum of their totals. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    status: text('status').notNull().default('active'),
    executedBy: uuid('executed_by')
      .notNull()
      .references(() => users.id),
    executedAt: timestamp('executed_at', { withTimezone: true }).notNull().defaultNow(),
    replacedAt: timestamp('replaced_at', { withTimezone: true }),
    replacedById: uuid('replaced_by_id').references((): AnyPgColumn => payrollUploads.id),
  },
  (t) => [
    uniqueIndex('payroll_uploads_active_month_key')
      .on(t.year, t.month)
      .where(sql`${t.status} = 'active'`),
    index('payroll_uploads_executed_idx').on(t.executedAt),
    check('payroll_uploads_status_check', sql`${t.status} in ('active', 'replaced')`),
    check('payroll_uploads_month_check', sql`${t.month} between 1 and 12`),
  ],
);
export type PayrollUploadRow = typeof payrollUploads.$inferSelect;

/** One row of an executed payroll file: who, on which line, and its amounts (Q) as the file gave them. */
export const payrollRows = pgTable(
  'payroll_rows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => payrollUploads.id),
    /** The row's line in the file (1 = the header). */
    fileLine: integer('file_line').notNull(),
    collaboratorId: uuid('collaborator_id')
      .notNull()
      .references(() => collaborators.id),
    lineId: uuid('line_id')
      .notNull()
      .references(() => planningLines.id),
    salary: numeric('salary', { precision: 14, scale: 2 }).notNull(),
    bonus: numeric('bonus', { precision: 14, scale: 2 }).notNull(),
    igssEmployer: numeric('igss_employer', { precision: 14, scale: 2 }).notNull(),
    benefits: numeric('benefits', { precision: 14, scale: 2 }).notNull(),
    isrWithheld: numeric('isr_withheld', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    index('payroll_rows_upload_idx').on(t.uploadId, t.lineId),
    index('payroll_rows_collaborator_idx').on(t.collaboratorId),
    index('payroll_rows_line_idx').on(t.lineId),
  ],
);
