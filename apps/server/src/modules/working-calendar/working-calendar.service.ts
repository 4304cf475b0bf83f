import type { z } from 'zod';
import type { WorkingHoliday, workingHolidayInput } from '@amparo/shared/modules/working-calendar.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, invalidField, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { WorkingTime } from '../../lib/working-time.ts';
import * as repo from './working-calendar.repository.ts';
import { headquarterNames } from '../headquarters/headquarters.service.ts';

const ENTITY = 'working_holiday';
const calendar = new WorkingTime();

const toItem = (r: repo.WorkingHolidayRow, names: Map<string, string>): WorkingHoliday => ({
  id: r.id,
  date: r.date,
  name: r.name,
  fromTime: r.fromTime,
  headquarterId: r.headquarterId,
  headquarterName: r.headquarterId ? (names.get(r.headquarterId) ?? null) : null,
});

/**
 * A year of the working calendar (Configuración › Calendario laboral): Guatemala's
 * public holidays (date-holidays, read-only) and the charity's own days, by date.
 * `year` defaults to this year in America/Guatemala.
 */
export async function calendarOf(db: Db, year = Number(todayInGuatemala().slice(0, 4))) {
  const rows = await repo.holidaysOfYear(db, year);
  const names = await headquarterNames(
    db,
    rows.map((r) => r.headquarterId),
  );
  return { year, publicHolidays: calendar.publicHolidayList(year), holidays: rows.map((r) => toItem(r, names)) };
}

/**
 * Adds a closed day, for every headquarter or one. Errors: 409 `duplicate` (a
 * day already closed for that scope, field `date`); 400 `unknown_code` on
 * `headquarterId` for a headquarter that does not exist. Audited.
 */
export async function addHoliday(db: Db, actor: UserActor, body: z.output<typeof workingHolidayInput>) {
  try {
    const added = await db.transaction(async (tx) => {
      const row = await repo.insertHoliday(tx, { ...body, createdBy: actor.userId });
      await writeAudit(tx, actor, {
        action: 'create',
        entity: ENTITY,
        entityId: row.id,
        changes: { day: { before: null, after: body } },
      });
      return toItem(row, await headquarterNames(tx, [row.headquarterId]));
    });
    // Committed: the time left on tickets counts the new day from the next request.
    forgetClosedDays();
    return added;
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'duplicate', [{ field: 'date', code: 'duplicate' }]);
    if (isForeignKeyViolation(err)) throw invalidField('headquarterId', 'unknown_code');
    throw err;
  }
}

/** Removes a closed day (404 when absent). Deadlines already computed keep their time (decision 0011). Audited. */
export async function removeHoliday(db: Db, actor: UserActor, id: string) {
  await db.transaction(async (tx) => {
    const row = await repo.deleteHoliday(tx, id);
    if (!row) throw notFound();
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: id,
      changes: { day: { before: { date: row.date, name: row.name, headquarterId: row.headquarterId }, after: null } },
    });
  });
  forgetClosedDays();
}

/**
 * The working calendar of a headquarter (or of the charity as a whole when
 * null): office hours, Guatemala's public holidays, and the charity's own days
 * for every headquarter and for that one (`working_holidays`).
 */
export async function workingTimeFor(db: Executor, headquarterId: string | null): Promise<WorkingTime> {
  return (await workingTimesFor(db))(headquarterId);
}

/** How long an instance reuses the charity's closed days it read: another instance may have changed them meanwhile. */
export const CLOSED_DAYS_TTL_MS = 60_000;
type Calendars = (headquarterId: string | null) => WorkingTime;
let cached = new WeakMap<object, { until: number; calendars: Promise<Calendars> }>();

/**
 * The working calendars of every headquarter from one read of the charity's
 * closed days: a function giving a headquarter's calendar (built once each),
 * for answers that count working time for many records. Outside a
 * transaction the read is reused by this instance for CLOSED_DAYS_TTL_MS
 * (the lists and the board count time left on every request; a day added
 * here clears it at once, `forgetClosedDays`, one added on another instance
 * shows within the minute). Inside a transaction (a ticket's due dates) it is
 * always read afresh.
 */
export function workingTimesFor(db: Executor): Promise<Calendars> {
  if (repo.isTransaction(db)) return readCalendars(db);
  const now = Date.now();
  const hit = cached.get(db);
  if (hit && hit.until > now) return hit.calendars;
  const calendars = readCalendars(db);
  cached.set(db, { until: now + CLOSED_DAYS_TTL_MS, calendars });
  // A failed read is not kept.
  calendars.catch(() => cached.delete(db));
  return calendars;
}

/** Forgets every instance-cached read of the closed days: call it once a change to them is committed. */
export function forgetClosedDays(): void {
  cached = new WeakMap();
}

async function readCalendars(db: Executor): Promise<Calendars> {
  const rows = await repo.closedDays(db);
  const built = new Map<string, WorkingTime>();
  return (headquarterId) => {
    const key = headquarterId ?? '';
    let wt = built.get(key);
    if (!wt) {
      const days = rows.filter((r) => r.headquarterId === null || r.headquarterId === headquarterId);
      wt = new WorkingTime({
        extraHolidays: days.map((r) => ({ date: r.date, name: r.name, ...(r.from ? { from: r.from } : {}) })),
      });
      built.set(key, wt);
    }
    return wt;
  };
}
