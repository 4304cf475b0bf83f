import { date, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { headquarters } from '../headquarters/headquarters.table.ts';
import { users } from '../users/users.table.ts';

/**
 * The days the charity closes besides Guatemala's public holidays (issue 12):
 * for every headquarter (`headquarter_id` null) or one (its fiesta titular),
 * whole or from `from_time` ('HH:MM'). Working time (lib/working-time.ts,
 * loaded by working-calendar.service.ts) leaves them out.
 */
export const workingHolidays = pgTable(
  'working_holidays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    fromTime: text('from_time'),
    headquarterId: uuid('headquarter_id').references(() => headquarters.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One entry a day and scope (a day for all headquarters, or for one).
    unique('working_holidays_day_key').on(t.date, t.headquarterId).nullsNotDistinct(),
    index('working_holidays_headquarter_idx').on(t.headquarterId, t.date),
  ],
);
