import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
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
import { editableColumns } from '../../db/columns.ts';
import { headquarters } from '../headquarters/headquarters.table.ts';

/**
 * Voucher ranges (issue 26 section 2): numbered vouchers of a `series` from `first_number` to `last_number`,
 * valid until `expires_on` (America/Guatemala, inclusive). The four counts are kept in the row, changed in the
 * same statement as the numbers they count, and the database refuses any write where they do not add up to the
 * range's size or go below zero (`voucher_ranges_counts_check`).
 */
export const voucherRanges = pgTable(
  'voucher_ranges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    series: text('series').notNull().default(''),
    description: text('description').notNull(),
    firstNumber: integer('first_number').notNull(),
    lastNumber: integer('last_number').notNull(),
    expiresOn: date('expires_on').notNull(),
    faceValue: numeric('face_value', { precision: 14, scale: 2 }),
    headquarterId: uuid('headquarter_id').references(() => headquarters.id),
    notes: text('notes'),
    active: boolean('active').notNull().default(true),
    available: integer('available').notNull(),
    reserved: integer('reserved').notNull().default(0),
    used: integer('used').notNull().default(0),
    voided: integer('voided').notNull().default(0),
    ...editableColumns(),
  },
  (t) => [
    check('voucher_ranges_kind_check', sql`${t.kind} in ('fuel', 'petty_cash', 'other')`),
    check('voucher_ranges_order_check', sql`${t.lastNumber} >= ${t.firstNumber} and ${t.firstNumber} >= 1`),
    check(
      'voucher_ranges_counts_check',
      sql`${t.available} >= 0 and ${t.reserved} >= 0 and ${t.used} >= 0 and ${t.voided} >= 0 and ${t.available} + ${t.reserved} + ${t.used} + ${t.voided} = ${t.lastNumber} - ${t.firstNumber} + 1`,
    ),
    index('voucher_ranges_expiry_idx').on(t.expiresOn, t.id),
  ],
);
export type VoucherRangeRow = typeof voucherRanges.$inferSelect;

/**
 * One row per number of a range, with its status and the record holding it (an expense request). Unique by
 * series and number, so two ranges of one series can never hold the same number, even written at once
 * (`vouchers_series_number_key`).
 */
export const vouchers = pgTable(
  'vouchers',
  {
    rangeId: uuid('range_id')
      .notNull()
      .references(() => voucherRanges.id),
    series: text('series').notNull(),
    number: integer('number').notNull(),
    status: text('status').notNull().default('available'),
    referenceType: text('reference_type'),
    referenceId: uuid('reference_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.rangeId, t.number] }),
    uniqueIndex('vouchers_series_number_key').on(t.series, t.number),
    check('vouchers_status_check', sql`${t.status} in ('available', 'reserved', 'used', 'voided')`),
    // A reserved number always names its record; an available one never does.
    check(
      'vouchers_reference_check',
      sql`(${t.status} = 'reserved') = (${t.referenceId} is not null) or ${t.status} = 'used'`,
    ),
    index('vouchers_reference_idx')
      .on(t.referenceType, t.referenceId)
      .where(sql`${t.referenceId} is not null`),
  ],
);

/**
 * What happened to each number (the 'Transaction vouchers' screen): append-only (a trigger refuses UPDATE and
 * DELETE), so the trail of a coupon survives any later correction.
 */
export const voucherMovements = pgTable(
  'voucher_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rangeId: uuid('range_id')
      .notNull()
      .references(() => voucherRanges.id),
    number: integer('number').notNull(),
    kind: text('kind').notNull(),
    referenceType: text('reference_type'),
    referenceId: uuid('reference_id'),
    note: text('note'),
    actorId: uuid('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('voucher_movements_kind_check', sql`${t.kind} in ('reserved', 'used', 'returned', 'released', 'voided')`),
    index('voucher_movements_range_idx').on(t.rangeId, t.at, t.id),
    index('voucher_movements_number_idx').on(t.rangeId, t.number),
  ],
);
