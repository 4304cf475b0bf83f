import { sql } from 'drizzle-orm';
import { boolean, check, date, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { editableColumns } from '../../db/columns.ts';
import { headquarters } from '../headquarters/headquarters.table.ts';
import { users } from '../users/users.table.ts';

/**
 * Petty cash as an imprest fund (issue 26 section 3): each headquarter has at most one active fund of a fixed
 * amount (Q) held by a custodian. Expenses are paid from it; a count records the cash found beside the receipts
 * not yet replenished, and the difference; a replenishment request asks for the fund minus the counted cash.
 */
export const pettyCashFunds = pgTable(
  'petty_cash_funds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    headquarterId: uuid('headquarter_id')
      .notNull()
      .references(() => headquarters.id),
    custodianId: uuid('custodian_id')
      .notNull()
      .references(() => users.id),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    active: boolean('active').notNull().default(true),
    notes: text('notes'),
    ...editableColumns(),
  },
  (t) => [
    check('petty_cash_funds_amount_check', sql`${t.amount} > 0`),
    // One active fund per headquarter: a second would split the imprest and its counts.
    uniqueIndex('petty_cash_funds_headquarter_key')
      .on(t.headquarterId)
      .where(sql`${t.active}`),
    index('petty_cash_funds_custodian_idx').on(t.custodianId),
  ],
);

/**
 * An expense paid from a fund (receipt in hand, Q). It stays pending until a replenishment request includes it
 * (`replenishment_request_id`); a rejected replenishment gives it back to pending.
 */
export const pettyCashExpenses = pgTable(
  'petty_cash_expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => pettyCashFunds.id),
    spentOn: date('spent_on').notNull(),
    description: text('description').notNull(),
    receipt: text('receipt'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    replenishmentRequestId: uuid('replenishment_request_id'),
    ...editableColumns(),
  },
  (t) => [
    check('petty_cash_expenses_amount_check', sql`${t.amount} > 0`),
    index('petty_cash_expenses_fund_idx').on(t.fundId, t.spentOn),
    index('petty_cash_expenses_request_idx').on(t.replenishmentRequestId),
  ],
);

/**
 * A count of a fund (append-only, like the audit log): the cash found, the pending receipts' total at that moment,
 * and the difference `cash + receipts − fund` (negative: a shortage; positive: an overage), with who counted and
 * a note. A replenishment request is based on one count, never two requests on the same count.
 */
export const pettyCashCounts = pgTable(
  'petty_cash_counts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fundId: uuid('fund_id')
      .notNull()
      .references(() => pettyCashFunds.id),
    fundAmount: numeric('fund_amount', { precision: 14, scale: 2 }).notNull(),
    cash: numeric('cash', { precision: 14, scale: 2 }).notNull(),
    receipts: numeric('receipts', { precision: 14, scale: 2 }).notNull(),
    difference: numeric('difference', { precision: 14, scale: 2 }).notNull(),
    notes: text('notes'),
    countedBy: uuid('counted_by').references(() => users.id),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('petty_cash_counts_cash_check', sql`${t.cash} >= 0 and ${t.receipts} >= 0`),
    check('petty_cash_counts_difference_check', sql`${t.difference} = ${t.cash} + ${t.receipts} - ${t.fundAmount}`),
    index('petty_cash_counts_fund_idx').on(t.fundId, t.countedAt),
  ],
);
