import { sql, type Column, type SQL } from 'drizzle-orm';
import type { ItemAge } from '@amparo/shared/validation';

// Guatemala wall-clock time now, and the start of today's Guatemala date (both `timestamp` without zone).
const LOCAL_NOW = `(now() at time zone 'America/Guatemala')`;
const LOCAL_MIDNIGHT = `date_trunc('day', ${LOCAL_NOW})`;
/** A Guatemala wall-clock `timestamp` expression as the instant (`timestamptz`) it names. */
const instant = (local: string) => `((${local}) at time zone 'America/Guatemala')`;

/** Each age as [from, before): instants; `before` null = no upper bound. Text only, no values: the SQL is constant. */
const WINDOWS: Record<ItemAge, readonly [string, string | null]> = {
  today: [instant(LOCAL_MIDNIGHT), instant(`${LOCAL_MIDNIGHT} + interval '1 day'`)],
  yesterday: [instant(`${LOCAL_MIDNIGHT} - interval '1 day'`), instant(LOCAL_MIDNIGHT)],
  week: [instant(`${LOCAL_NOW} - interval '7 days'`), null],
  month: [instant(`${LOCAL_NOW} - interval '1 month'`), null],
  two_months: [instant(`${LOCAL_NOW} - interval '2 months'`), null],
};

/**
 * The SQL condition "the row was created within `age`" on a `timestamptz` creation column (spec section 9,
 * "Age-of-item filters: today, yesterday, a week, a month, two months ago"), computed by the database in
 * America/Guatemala time so PGlite and PostgreSQL agree and the server's clock zone does not matter:
 *
 * - `today`: created on today's Guatemala date (from its 00:00 to the next day's 00:00, Guatemala time);
 * - `yesterday`: created on yesterday's Guatemala date;
 * - `week` / `month` / `two_months`: created since the same Guatemala wall-clock time 7 days / 1 calendar month /
 *   2 calendar months ago (PostgreSQL interval arithmetic: 31 March minus a month is 28 or 29 February), with
 *   no upper bound.
 *
 * The statement's text depends only on `age` (no bound values), so a prepared list keys its shape on it.
 */
export function createdWithin(column: Column, age: ItemAge): SQL {
  const [from, before] = WINDOWS[age];
  return before
    ? sql`(${column} >= ${sql.raw(from)} and ${column} < ${sql.raw(before)})`
    : sql`${column} >= ${sql.raw(from)}`;
}
