import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editableColumns } from '../../../db/columns.ts';
import { users } from '../../users/users.table.ts';
import { headquarters } from '../../headquarters/headquarters.table.ts';
import { municipalities } from '../../catalogs/catalogs.table.ts';

/**
 * A line of the annual operating plan (POA), issue 13 section 3: its
 * classification (catalog codes: strategic axis, program, expense type), who
 * answers for it and who planned it, where and in which year. Its 12 months
 * are `planning_months`. A line made by copying a year's plan to the next
 * names its source (`copied_from_id`, unique: a line is copied at most once,
 * which is the copy's guard against running twice, races included).
 */
export const planningLines = pgTable(
  'planning_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    strategicAxis: text('strategic_axis').notNull(),
    program: text('program').notNull(),
    expenseType: text('expense_type').notNull(),
    description: text('description').notNull(),
    goalUnit: text('goal_unit').notNull(),
    responsibleId: uuid('responsible_id')
      .notNull()
      .references(() => users.id),
    plannerId: uuid('planner_id')
      .notNull()
      .references(() => users.id),
    headquarterId: uuid('headquarter_id')
      .notNull()
      .references(() => headquarters.id),
    municipality: text('municipality').references(() => municipalities.code),
    copiedFromId: uuid('copied_from_id').references((): AnyPgColumn => planningLines.id, { onDelete: 'set null' }),
    ...editableColumns(),
  },
  (t) => [
    index('planning_lines_year_idx').on(t.year, t.strategicAxis, t.program),
    index('planning_lines_responsible_idx').on(t.responsibleId, t.year),
    uniqueIndex('planning_lines_copied_from_key').on(t.copiedFromId),
  ],
);

/** One month of a planning line: the goal (a quantity in the line's unit) and the amount in quetzales. */
export const planningMonths = pgTable(
  'planning_months',
  {
    lineId: uuid('line_id')
      .notNull()
      .references(() => planningLines.id, { onDelete: 'cascade' }),
    month: integer('month').notNull(),
    goal: numeric('goal', { precision: 12, scale: 2 }).notNull().default('0'),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.lineId, t.month] }),
    check('planning_months_month_check', sql`${t.month} between 1 and 12`),
    check('planning_months_amount_check', sql`${t.amount} >= 0 and ${t.goal} >= 0`),
  ],
);
