import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editableColumns } from '../../db/columns.ts';
import { users } from '../users/users.table.ts';

/**
 * Cooperating (funders), issue 13 section 2, spec section 3 'Cooperating':
 * an agreement period, its currency and a ceiling in quetzales that the items'
 * current amounts never pass together (checked under this row's lock).
 */
export const cooperating = pgTable(
  'cooperating',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    contactName: text('contact_name'),
    contactEmail: text('contact_email'),
    contactPhone: text('contact_phone'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    /** GTQ, USD or EUR: the agreement's currency (the ceiling and the items' amounts are all in Q). */
    currency: text('currency').notNull(),
    /** Q. */
    ceiling: numeric('ceiling', { precision: 14, scale: 2 }).notNull(),
    /**
     * What the budget control does when a request would pass the available amount of its line or item for the
     * month (issue 13 section 4): `stop` refuses it, `warn` lets it through once the requester confirms.
     */
    controlMode: text('control_mode').notNull().default('stop'),
    /**
     * What the funder agreed to give, in the agreement's currency (USD, EUR; null for GTQ agreements and when
     * not set): the disbursements received never pass it together (checked under this row's lock).
     */
    agreedAmount: numeric('agreed_amount', { precision: 14, scale: 2 }),
    active: boolean('active').notNull().default(true),
    ...editableColumns(),
  },
  (t) => [
    check('cooperating_control_mode_check', sql`${t.controlMode} in ('stop', 'warn')`),
    uniqueIndex('cooperating_code_key').on(sql`upper(${t.code})`),
    check('cooperating_period_check', sql`${t.endDate} >= ${t.startDate}`),
    check('cooperating_ceiling_check', sql`${t.ceiling} >= 0`),
    check('cooperating_currency_check', sql`${t.currency} in ('GTQ', 'USD', 'EUR')`),
    check(
      'cooperating_agreed_check',
      sql`${t.agreedAmount} is null or (${t.agreedAmount} > 0 and ${t.currency} <> 'GTQ')`,
    ),
    // Target of the disbursements' (cooperating, currency) foreign key: the currency of an agreement with
    // disbursements cannot change under them.
    unique('cooperating_id_currency_key').on(t.id, t.currency),
  ],
);

/** A cooperating's items (its budget lines): code unique within the cooperating, initial amount in Q. */
export const cooperatingItems = pgTable(
  'cooperating_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cooperatingId: uuid('cooperating_id')
      .notNull()
      .references(() => cooperating.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** Q; the current amount is this plus sums minus subtractions (cooperating_transactions). */
    initialAmount: numeric('initial_amount', { precision: 14, scale: 2 }).notNull(),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('cooperating_items_code_key').on(t.cooperatingId, sql`upper(${t.code})`),
    // Target of the transactions' (item, cooperating) foreign key: a transaction's cooperating is its item's.
    unique('cooperating_items_id_cooperating_key').on(t.id, t.cooperatingId),
    check('cooperating_items_initial_check', sql`${t.initialAmount} >= 0`),
  ],
);

/** Goals of an item: ranges of correlatives (end ≥ start) that do not overlap within the item (checked in code). */
export const cooperatingGoals = pgTable(
  'cooperating_goals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references(() => cooperatingItems.id, { onDelete: 'cascade' }),
    startCorrelative: integer('start_correlative').notNull(),
    endCorrelative: integer('end_correlative').notNull(),
    description: text('description').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
  },
  (t) => [
    index('cooperating_goals_item_idx').on(t.itemId, t.startCorrelative),
    check('cooperating_goals_range_check', sql`${t.endCorrelative} >= ${t.startCorrelative}`),
  ],
);

/**
 * Increases (`sum`) and decreases (`subtraction`) of an item's amount, with
 * date, reason and author: append-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE). An item's current amount is computed from these rows in SQL.
 */
export const cooperatingTransactions = pgTable(
  'cooperating_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cooperatingId: uuid('cooperating_id').notNull(),
    itemId: uuid('item_id').notNull(),
    type: text('type').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** Q, > 0. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'cooperating_transactions_item_fk',
      columns: [t.itemId, t.cooperatingId],
      foreignColumns: [cooperatingItems.id, cooperatingItems.cooperatingId],
    }).onDelete('restrict'),
    index('cooperating_transactions_item_idx').on(t.itemId, t.createdAt),
    index('cooperating_transactions_cooperating_idx').on(t.cooperatingId),
    check('cooperating_transactions_type_check', sql`${t.type} in ('sum', 'subtraction')`),
    check('cooperating_transactions_amount_check', sql`${t.amount} > 0`),
  ],
);

/**
 * Money the funder sent (issue 13 section 2), in the agreement's currency with the exchange rate the user
 * entered for it (quetzales per unit; the Banco de Guatemala reference rate is the usual source) and its
 * value in quetzales, computed once by the server (round half-up(amount × rate, 2), decimal.js) and stored so
 * reports never move. GTQ agreements record rate 1. Append-only (a trigger refuses UPDATE, DELETE and
 * TRUNCATE); the (cooperating, currency) foreign key keeps the agreement's currency as it was when received.
 */
export const cooperatingDisbursements = pgTable(
  'cooperating_disbursements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cooperatingId: uuid('cooperating_id').notNull(),
    /** The agreement's currency when it was received (GTQ, USD, EUR). */
    currency: text('currency').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    /** In `currency`, > 0. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** Quetzales per unit of `currency`, > 0; 1 for GTQ. */
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 6 }).notNull(),
    /** Q: amount × rate, rounded half-up to the centavo (checked against SQL's own round). */
    amountQuetzales: numeric('amount_quetzales', { precision: 14, scale: 2 }).notNull(),
    /** Where the rate came from ('Banguat'). */
    rateSource: text('rate_source'),
    /** Transfer number, receipt or note. */
    reference: text('reference'),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'cooperating_disbursements_cooperating_fk',
      columns: [t.cooperatingId, t.currency],
      foreignColumns: [cooperating.id, cooperating.currency],
    }).onDelete('restrict'),
    index('cooperating_disbursements_cooperating_idx').on(t.cooperatingId, t.date),
    check('cooperating_disbursements_amount_check', sql`${t.amount} > 0`),
    check('cooperating_disbursements_rate_check', sql`${t.exchangeRate} > 0`),
    check('cooperating_disbursements_gtq_rate_check', sql`${t.currency} <> 'GTQ' or ${t.exchangeRate} = 1`),
    check(
      'cooperating_disbursements_quetzales_check',
      sql`${t.amountQuetzales} = round(${t.amount} * ${t.exchangeRate}, 2)`,
    ),
  ],
);
