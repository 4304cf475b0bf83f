import Holidays from 'date-holidays';
import { isNull, or, eq } from 'drizzle-orm';
import { fromGuatemalaLocal, TIME_ZONE, toGuatemalaLocal } from '@amparo/shared/format';
import type { Executor } from '../db/client.ts';
import { workingHolidays } from './working-time.table.ts';

/**
 * Working time in America/Guatemala (issue 12): the deadlines and clocks of
 * service targets (a ticket's first response in 4 working hours, an automatic
 * close after 5 working days) count only the hours the charity works. Weekends,
 * Guatemala's public holidays and the days the charity adds (a headquarter's
 * fiesta titular) do not count. Decision 0011.
 *
 * Public holidays come from date-holidays (its Guatemala rules: Código de
 * Trabajo art. 127 and the law that moves 29/30 June; Holy Thursday, Friday and
 * Saturday from Easter; 24 and 31 December closed from noon), type `public`
 * only (not bank days or observances). Guatemala keeps UTC-6 all year, as
 * packages/shared/format assumes.
 */

/** A weekday's working periods, local 'HH:MM' from/to, in order (0 Sunday … 6 Saturday). */
export type WorkingSchedule = Readonly<
  Partial<Record<0 | 1 | 2 | 3 | 4 | 5 | 6, readonly (readonly [string, string])[]>>
>;

const DAY = [
  ['08:00', '12:00'],
  ['13:00', '17:00'],
] as const;
/**
 * The charity's office hours: Monday to Friday, 08:00–12:00 and 13:00–17:00,
 * 8 hours a day (the ordinary daytime day of at most 8 hours, Código de
 * Trabajo art. 116), 40 a week.
 */
export const OFFICE_HOURS: WorkingSchedule = { 1: DAY, 2: DAY, 3: DAY, 4: DAY, 5: DAY };

/** A day the charity closes besides the public holidays: its local date, a name, and from when ('HH:MM', whole day by default). */
export interface ExtraHoliday {
  date: string;
  name: string;
  from?: string;
}

type Interval = readonly [number, number];

const DAY_MS = 86_400_000;
const localDate = (at: number) => toGuatemalaLocal(new Date(at)).slice(0, 10);
const instant = (date: string, time: string) => fromGuatemalaLocal(`${date}T${time}`).getTime();
const nextDate = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() as 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** `intervals` with every part that falls in `holes` taken out. */
function subtract(intervals: Interval[], holes: Interval[]): Interval[] {
  let out = intervals;
  for (const [hs, he] of holes) {
    out = out.flatMap(([s, e]): Interval[] => {
      if (he <= s || hs >= e) return [[s, e]];
      const parts: Interval[] = [];
      if (hs > s) parts.push([s, hs]);
      if (he < e) parts.push([he, e]);
      return parts;
    });
  }
  return out;
}

/** The calendar of working time: office hours minus public holidays and the charity's own closed days. */
export class WorkingTime {
  private readonly schedule: WorkingSchedule;
  private readonly extra: Map<string, Interval[]>;
  private readonly publicByYear = new Map<number, Map<string, Interval[]>>();
  private readonly holidays = new Holidays('GT', { timezone: TIME_ZONE });

  constructor(options: { schedule?: WorkingSchedule; extraHolidays?: readonly ExtraHoliday[] } = {}) {
    this.schedule = options.schedule ?? OFFICE_HOURS;
    this.extra = new Map();
    for (const h of options.extraHolidays ?? []) {
      const closed: Interval = [instant(h.date, h.from ?? '00:00'), instant(nextDate(h.date), '00:00')];
      this.extra.set(h.date, [...(this.extra.get(h.date) ?? []), closed]);
    }
  }

  /** Guatemala's public holidays of a year, by local date, as closed instants [start, end). */
  private publicHolidays(year: number): Map<string, Interval[]> {
    let byDate = this.publicByYear.get(year);
    if (!byDate) {
      byDate = new Map();
      for (const h of this.holidays.getHolidays(year)) {
        if (h.type !== 'public') continue;
        const date = h.date.slice(0, 10);
        byDate.set(date, [...(byDate.get(date) ?? []), [h.start.getTime(), h.end.getTime()]]);
      }
      this.publicByYear.set(year, byDate);
    }
    return byDate;
  }

  /** Guatemala's public holidays of a year (date-holidays, type `public`): date, name, closing hour of a half day. */
  publicHolidayList(year: number): { date: string; name: string; fromTime: string | null }[] {
    return this.holidays
      .getHolidays(year)
      .filter((h) => h.type === 'public')
      .map((h) => {
        const time = h.date.slice(11, 16);
        return { date: h.date.slice(0, 10), name: h.name, fromTime: time && time !== '00:00' ? time : null };
      });
  }

  /** The working periods of a local date ('YYYY-MM-DD') as instants (ms), holidays taken out. */
  workingIntervals(date: string): Interval[] {
    const periods = (this.schedule[weekday(date)] ?? []).map(([from, to]): Interval => [
      instant(date, from),
      instant(date, to),
    ]);
    if (periods.length === 0) return periods;
    const closed = [
      ...(this.publicHolidays(Number(date.slice(0, 4))).get(date) ?? []),
      ...(this.extra.get(date) ?? []),
    ];
    return subtract(periods, closed);
  }

  /**
   * The instant `minutes` working minutes after `from` (minutes ≥ 0; 0 gives
   * `from` back). Starting outside working time, the count starts at the next
   * working period. Throws on a negative count or a schedule with no working
   * day (it would never end).
   */
  addMinutes(from: Date, minutes: number): Date {
    if (!(minutes >= 0)) throw new RangeError('working minutes must be 0 or more');
    if (minutes === 0) return new Date(from);
    if (Object.values(this.schedule).every((p) => !p || p.length === 0)) throw new RangeError('no working day');
    let left = minutes * 60_000;
    let date = localDate(from.getTime());
    const start = from.getTime();
    // Bounded: a year of days at most per 2,000 working hours asked; holidays cannot close every day.
    for (let day = 0; day < 3_660; day++) {
      for (const [s, e] of this.workingIntervals(date)) {
        const begin = Math.max(s, start);
        if (begin >= e) continue;
        if (begin + left <= e) return new Date(begin + left);
        left -= e - begin;
      }
      date = nextDate(date);
    }
    throw new RangeError('working time out of range');
  }

  /** `addMinutes` in hours. */
  addHours(from: Date, hours: number): Date {
    return this.addMinutes(from, hours * 60);
  }

  /** Working minutes in [from, to) (0 when `to` is not after `from`), to the millisecond, as a fraction. */
  minutesBetween(from: Date, to: Date): number {
    const a = from.getTime();
    const b = to.getTime();
    if (b <= a) return 0;
    let total = 0;
    for (let date = localDate(a); instant(date, '00:00') < b; date = nextDate(date)) {
      for (const [s, e] of this.workingIntervals(date)) total += Math.max(0, Math.min(e, b) - Math.max(s, a));
    }
    return total / 60_000;
  }
}

/**
 * The working calendar of a headquarter (or of the charity as a whole when
 * null): office hours, Guatemala's public holidays, and the charity's own days
 * for every headquarter and for that one (`working_holidays`).
 */
export async function workingTimeFor(db: Executor, headquarterId: string | null): Promise<WorkingTime> {
  const scope = headquarterId
    ? or(isNull(workingHolidays.headquarterId), eq(workingHolidays.headquarterId, headquarterId))
    : isNull(workingHolidays.headquarterId);
  const rows = await db
    .select({ date: workingHolidays.date, name: workingHolidays.name, from: workingHolidays.fromTime })
    .from(workingHolidays)
    .where(scope);
  return new WorkingTime({
    extraHolidays: rows.map((r) => ({ date: r.date, name: r.name, ...(r.from ? { from: r.from } : {}) })),
  });
}
