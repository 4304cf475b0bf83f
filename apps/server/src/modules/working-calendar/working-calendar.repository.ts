import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { workingHolidays } from '../../lib/working-time.table.ts';

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
