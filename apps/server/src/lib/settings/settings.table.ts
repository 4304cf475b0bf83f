import { date, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Dated settings (issue 25 section 3, decision 0025): one row per value of a key (`SETTING_DEFINITIONS` in
 * @amparo/shared/modules/settings.schema), in force from `valid_from` (a date in America/Guatemala) until the next
 * row of the key. `value` is the key's typed value as JSON (a rate '0.0483', an amount '250.00', bands, …), checked
 * against the key's schema before it is written. A value in force or past is never changed: a correction is a new
 * value from a date. Changes are audited (entity `setting`). `created_by` is the user (null: seeded).
 */
export const settingValues = pgTable(
  'setting_values',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    validFrom: date('valid_from').notNull(),
    value: jsonb('value').notNull(),
    source: text('source').notNull(),
    note: text('note'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(1),
  },
  (t) => [uniqueIndex('setting_values_key_valid_from_key').on(t.key, t.validFrom)],
);
