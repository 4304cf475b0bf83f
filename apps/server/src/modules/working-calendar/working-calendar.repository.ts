import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { workingHolidays } from './working-calendar.table.ts';

export type WorkingHolidayRow = typeof workingHolidays.$inferSelect;

/** The charity's closed days of a year, by date. */
export function holidaysOfYear(db: Executor, year: number) {
  return db
    .select()
    .from(workingHolidays)
    .where(and(gte(workingHolidays.date, `${year}-01-01`), lte(workingHolidays.date, `${year}-12-31`)))
    .orderBy(asc(workingHolidays.date), asc(workingHolidays.name));
}

export async function insertHoliday(db: Executor, values: typeof workingHolidays.$inferInsert) {
  const [row] = await db.insert(workingHolidays).values(values).returning();
  return row!;
}

export async function deleteHoliday(db: Executor, id: string): Promise<WorkingHolidayRow | undefined> {
  const [row] = await db.delete(workingHolidays).where(eq(workingHolidays.id, id)).returning();
  return row;
}

/** Every closed day of the charity (all years), with its scope: null for every headquarter, else the one. */
export function closedDays(db: Executor) {
  return db
    .select({
      date: workingHolidays.date,
      name: workingHolidays.name,
      from: workingHolidays.fromTime,
      headquarterId: workingHolidays.headquarterId,
    })
    .from(workingHolidays);
}

/** Whether `db` is a transaction (whose reads must not be cached past it) rather than the pool. */
export const isTransaction = (db: Executor) => db instanceof PgTransaction;
