import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editableColumns } from '../../db/columns.ts';
import { users } from '../users/users.table.ts';
import { expenseRequests } from './requests.table.ts';

/**
 * What a liquidation gives back (issue 27 section 1): given − liquidated (Q), set when the liquidation is sent for
 * less than was given and set again when administration approves it (a sanctioned invoice adds to it). One per
 * request: a liquidation returned and sent again rewrites it. Tracked until received: `pending` (owed), `deposited`
 * (the liquidator recorded the deposit: number, date, the slip's scan by its content hash in the file store),
 * `received` (administration confirmed it on the account), `void` (nothing is owed any more).
 */
export const expenseRequestRefunds = pgTable(
  'expense_request_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => expenseRequests.id),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    status: text('status').notNull().default('pending'),
    depositNumber: text('deposit_number'),
    depositedOn: date('deposited_on'),
    slipKey: text('slip_file_key'),
    slipName: text('slip_name'),
    slipMime: text('slip_mime'),
    slipSizeBytes: integer('slip_size_bytes'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    receivedBy: uuid('received_by').references(() => users.id),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('expense_request_refunds_request_key').on(t.requestId),
    index('expense_request_refunds_status_idx').on(t.status, t.createdAt),
    index('expense_request_refunds_slip_key_idx').on(t.slipKey),
    check('expense_request_refunds_status_check', sql`${t.status} in ('pending', 'deposited', 'received', 'void')`),
    check('expense_request_refunds_amount_check', sql`${t.amount} >= 0`),
    check(
      'expense_request_refunds_deposit_check',
      sql`${t.status} not in ('deposited', 'received') or (${t.depositNumber} is not null and ${t.depositedOn} is not null)`,
    ),
  ],
);
export type ExpenseRequestRefundRow = typeof expenseRequestRefunds.$inferSelect;

/** Each change of a request's liquidator (issue 27 section 2): from whom, to whom, why, by whom, when. Append-only. */
export const expenseRequestLiquidatorChanges = pgTable(
  'expense_request_liquidator_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => expenseRequests.id),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    changedBy: uuid('changed_by')
      .notNull()
      .references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('expense_request_liquidator_changes_request_idx').on(t.requestId, t.at)],
);

/**
 * A travel-expenses request's per diem (issue 27 section 1, decision 0033): a traveller of the trip, a destination,
 * days (in halves) at a daily rate (Q); `amount` = days × rate, to the centavo. Written by the liquidator while the
 * liquidation is open; it counts in the liquidation beside the invoices.
 */
export const expenseRequestPerDiems = pgTable(
  'expense_request_per_diems',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => expenseRequests.id),
    travellerId: uuid('traveller_id')
      .notNull()
      .references(() => users.id),
    destination: text('destination').notNull(),
    days: numeric('days', { precision: 4, scale: 1 }).notNull(),
    dailyRate: numeric('daily_rate', { precision: 14, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    ...editableColumns(),
  },
  (t) => [
    index('expense_request_per_diems_request_idx').on(t.requestId, t.createdAt),
    check('expense_request_per_diems_days_check', sql`${t.days} > 0 and ${t.days} * 2 = trunc(${t.days} * 2)`),
    check('expense_request_per_diems_amount_check', sql`${t.amount} = round(${t.days} * ${t.dailyRate}, 2)`),
  ],
);
export type ExpenseRequestPerDiemRow = typeof expenseRequestPerDiems.$inferSelect;
