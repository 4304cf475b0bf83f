import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../../users/users.table.ts';

/**
 * A year's plan as a whole (issue 13 section 3, 'Versions'): a draft until approved through its workflow
 * (`plan.workflow.ts`: submit, return, approve, revise); `revision` counts its approvals (0: never approved).
 * Its lines are edited only while it is a draft; once approved, a change opens a numbered revision with a reason
 * (`revise` back to draft), approved again by a holder of `presupuesto_aprobacion`.
 */
export const planYears = pgTable(
  'plan_years',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    status: text('status').notNull().default('draft'),
    /** Approved revisions so far; the one in force is this number. */
    revision: integer('revision').notNull().default(0),
    /** Who sent it for approval last (an approver is someone else). */
    submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'restrict' }),
    /** Why the revision being prepared is made (set by `revise`). */
    revisionReason: text('revision_reason'),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('plan_years_year_key').on(t.year),
    check('plan_years_status_check', sql`${t.status} in ('draft', 'submitted', 'approved', 'closed')`),
  ],
);

/** An approved revision of a year's plan: its number, reason, approver and instant. Append-only. */
export const planRevisions = pgTable(
  'plan_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    revision: integer('revision').notNull(),
    reason: text('reason'),
    approvedBy: uuid('approved_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plan_revisions_year_key').on(t.year, t.revision)],
);

/**
 * The planned figures of every line of the year as a revision approved them (amount and goal per month, with
 * the line's classification), so any figure can be shown as of that revision. Append-only.
 */
export const planRevisionMonths = pgTable(
  'plan_revision_months',
  {
    revisionId: uuid('revision_id')
      .notNull()
      .references(() => planRevisions.id, { onDelete: 'restrict' }),
    lineId: uuid('line_id').notNull(),
    strategicAxis: text('strategic_axis').notNull(),
    program: text('program').notNull(),
    expenseType: text('expense_type').notNull(),
    month: integer('month').notNull(),
    goal: numeric('goal', { precision: 12, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.revisionId, t.lineId, t.month] }),
    index('plan_revision_months_line_idx').on(t.lineId),
  ],
);
