import {
  type AnyPgColumn,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from '../../users/users.table.ts';
import { cooperatingItems } from '../../cooperating/cooperating.table.ts';
import { planningLines } from '../planning/planning.table.ts';

/*
 * The budget's ledgers (issue 13 section 4). Every figure of assignment and
 * availability is a sum over these rows, computed in SQL; no running total is
 * stored that could drift. All three are append-only (a trigger refuses
 * UPDATE, DELETE and TRUNCATE): a correction is a new row.
 */

/** The (item, cooperating) pair of a ledger row is its item's: a composite foreign key, as the cooperating's transactions do. */
const itemOfCooperating = (t: { itemId: AnyPgColumn; cooperatingId: AnyPgColumn }, name: string) =>
  foreignKey({
    name,
    columns: [t.itemId, t.cooperatingId],
    foreignColumns: [cooperatingItems.id, cooperatingItems.cooperatingId],
  }).onDelete('restrict');

/**
 * Transfer documents: an assigned amount moved from one month or line to
 * another of the same item, with a reason (issue 13 section 4: 'a transfer
 * document with a reason, never an edit that loses the old figure'). Its two
 * ledger rows in `budget_assignments` point here.
 */
export const budgetTransfers = pgTable(
  'budget_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id').notNull(),
    cooperatingId: uuid('cooperating_id').notNull(),
    fromLineId: uuid('from_line_id')
      .notNull()
      .references(() => planningLines.id, { onDelete: 'restrict' }),
    fromMonth: integer('from_month').notNull(),
    toLineId: uuid('to_line_id')
      .notNull()
      .references(() => planningLines.id, { onDelete: 'restrict' }),
    toMonth: integer('to_month').notNull(),
    /** Q, > 0. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    itemOfCooperating(t, 'budget_transfers_item_fk'),
    check('budget_transfers_amount_check', sql`${t.amount} > 0`),
    check('budget_transfers_months_check', sql`${t.fromMonth} between 1 and 12 and ${t.toMonth} between 1 and 12`),
  ],
);

/**
 * The assignment ledger: how much of a planning line's month a cooperating's
 * item pays. `amount` is signed (an increase is positive, a decrease
 * negative); the assigned amount of (line, item, month) is the sum of its rows.
 * `kind`: increase, decrease, copy (from another item or month range), transfer (with `transfer_id`).
 */
export const budgetAssignments = pgTable(
  'budget_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => planningLines.id, { onDelete: 'restrict' }),
    itemId: uuid('item_id').notNull(),
    cooperatingId: uuid('cooperating_id').notNull(),
    month: integer('month').notNull(),
    /** Q, signed, never 0. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull(),
    transferId: uuid('transfer_id').references(() => budgetTransfers.id, { onDelete: 'restrict' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    itemOfCooperating(t, 'budget_assignments_item_fk'),
    // `amount` last in both: the sums by line (POA summary, a line's cells) and by item (funder summary, the
    // item's limit) are index-only scans.
    index('budget_assignments_line_idx').on(t.lineId, t.itemId, t.month, t.amount),
    index('budget_assignments_item_idx').on(t.itemId, t.amount),
    index('budget_assignments_cooperating_idx').on(t.cooperatingId),
    check('budget_assignments_month_check', sql`${t.month} between 1 and 12`),
    check('budget_assignments_amount_check', sql`${t.amount} <> 0`),
    check('budget_assignments_kind_check', sql`${t.kind} in ('increase', 'decrease', 'copy', 'transfer')`),
  ],
);

/**
 * Commitments and executions against (line, item, month), written by the
 * expense requests and their liquidation (execution issue): `commit` (an open
 * request, positive), `release` (a commitment given back, negative),
 * `execute` (spent, positive; a reversal negative). Committed is the sum of
 * commit and release rows, executed the sum of execute rows. `source_type`
 * and `source_id` name the document that caused the row.
 */
export const budgetCommitments = pgTable(
  'budget_commitments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => planningLines.id, { onDelete: 'restrict' }),
    itemId: uuid('item_id').notNull(),
    cooperatingId: uuid('cooperating_id').notNull(),
    month: integer('month').notNull(),
    kind: text('kind').notNull(),
    /** Q, signed, never 0. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    itemOfCooperating(t, 'budget_commitments_item_fk'),
    // `kind` and `amount` last, as the assignments' indexes: the summaries' sums are index-only scans.
    index('budget_commitments_line_idx').on(t.lineId, t.itemId, t.month, t.kind, t.amount),
    index('budget_commitments_item_idx').on(t.itemId, t.kind, t.amount),
    index('budget_commitments_source_idx').on(t.sourceType, t.sourceId),
    check('budget_commitments_month_check', sql`${t.month} between 1 and 12`),
    check('budget_commitments_amount_check', sql`${t.amount} <> 0`),
    check('budget_commitments_kind_check', sql`${t.kind} in ('commit', 'release', 'execute')`),
  ],
);

/**
 * What the availability control let through against a warning or a stop
 * (issue 13 section 4): a request over the available amount that its
 * requester confirmed (`warned`), or that a holder of
 * `asignacion_liberacion` released with a reason (`overridden`). Append-only.
 */
export const budgetControlEvents = pgTable(
  'budget_control_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => planningLines.id, { onDelete: 'restrict' }),
    itemId: uuid('item_id').notNull(),
    cooperatingId: uuid('cooperating_id').notNull(),
    month: integer('month').notNull(),
    outcome: text('outcome').notNull(),
    /** Q: what was asked and what was available then. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    available: numeric('available', { precision: 14, scale: 2 }).notNull(),
    reason: text('reason'),
    sourceType: text('source_type').notNull(),
    sourceId: uuid('source_id'),
    actorId: uuid('actor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    itemOfCooperating(t, 'budget_control_events_item_fk'),
    index('budget_control_events_line_idx').on(t.lineId, t.month),
    check('budget_control_events_outcome_check', sql`${t.outcome} in ('warned', 'overridden')`),
  ],
);

/**
 * Carry-forward documents (issue 13 section 4, 'Multi-year agreements'): an item's unspent amount of a closed
 * year moved to the next year, with its reason, requester and approver, through its workflow
 * (`carry-forward.workflow.ts`: requested → approved or rejected). An approved one gives the item that much
 * room again for the next year's lines; both years show it.
 */
export const budgetCarryForwards = pgTable(
  'budget_carry_forwards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id').notNull(),
    cooperatingId: uuid('cooperating_id').notNull(),
    fromYear: integer('from_year').notNull(),
    toYear: integer('to_year').notNull(),
    /** Q, > 0. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('requested'),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    itemOfCooperating(t, 'budget_carry_forwards_item_fk'),
    index('budget_carry_forwards_item_idx').on(t.itemId, t.fromYear),
    check('budget_carry_forwards_amount_check', sql`${t.amount} > 0`),
    check('budget_carry_forwards_years_check', sql`${t.toYear} = ${t.fromYear} + 1`),
    check('budget_carry_forwards_status_check', sql`${t.status} in ('requested', 'approved', 'rejected')`),
  ],
);
