import Holidays from 'date-holidays';
import { fromGuatemalaLocal, TIME_ZONE } from '@amparo/shared/format';

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
 *
 * This file is the calculation only, over the closed days it is given: the
 * charity's own days (table `working_holidays`) are read, cached and turned
 * into each headquarter's calendar by the working-calendar module
 * (`workingTimeFor`, `workingTimesFor` in working-calendar.service.ts).
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

/** A working day of OFFICE_HOURS in minutes (8 hours, Código de Trabajo art. 116): what "N working days" counts. */
export const WORKING_DAY_MINUTES = 8 * 60;

/** A day the charity closes besides the public holidays: its local date, a name, and from when ('HH:MM', whole day by default). */
export interface ExtraHoliday {
  date: string;
  name: string;
  from?: string;
}

type Interval = readonly [number, number];

const DAY_MS = 86_400_000;
// Guatemala is UTC-6 all year (see above): local days are counted as numbers, no time-zone lookups in the loops.
const GT_OFFSET_MS = 6 * 3_600_000;
/** The local day (days since 1970-01-01 in Guatemala) of an instant, its first instant, and its date. */
const dayOf = (at: number) => Math.floor((at - GT_OFFSET_MS) / DAY_MS);
const dayStart = (day: number) => day * DAY_MS + GT_OFFSET_MS;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayOfDate = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
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

// date-holidays computes a year's rules slowly (about 0.2 s the first time): one instance and one table per
// year for the process, shared by every calendar (they do not depend on the database).
let holidaysGT: Holidays | null = null;
const gt = () => (holidaysGT ??= new Holidays('GT', { timezone: TIME_ZONE }));
const publicByYear = new Map<number, Map<string, Interval[]>>();

/** Guatemala's public holidays of a year, by local date, as closed instants [start, end). */
function publicHolidays(year: number): Map<string, Interval[]> {
  let byDate = publicByYear.get(year);
  if (!byDate) {
    byDate = new Map();
    for (const h of gt().getHolidays(year)) {
      if (h.type !== 'public') continue;
      const date = h.date.slice(0, 10);
      byDate.set(date, [...(byDate.get(date) ?? []), [h.start.getTime(), h.end.getTime()]]);
    }
    publicByYear.set(year, byDate);
  }
  return byDate;
}

/** A schedule's periods of a local date with Guatemala's public holidays taken out. */
function openPeriods(schedule: WorkingSchedule, date: string): Interval[] {
  const periods = (schedule[weekday(date)] ?? []).map(([from, to]): Interval => [
    instant(date, from),
    instant(date, to),
  ]);
  const closed = publicHolidays(Number(date.slice(0, 4))).get(date);
  return closed && periods.length ? subtract(periods, closed) : periods;
}

// Office days depend on nothing but the date: one table for the process (bounded), shared by every
// calendar, so a list of tickets does not recompute the same days for each request.
const officeDays = new Map<number, Interval[]>();
function officeDay(day: number): Interval[] {
  let periods = officeDays.get(day);
  if (!periods) {
    if (officeDays.size >= 20_000) officeDays.clear();
    periods = openPeriods(OFFICE_HOURS, dateOfDay(day));
    officeDays.set(day, periods);
  }
  return periods;
}

/** The calendar of working time: office hours minus public holidays and the charity's own closed days. */
export class WorkingTime {
  private readonly schedule: WorkingSchedule;
  private readonly extra: Map<string, Interval[]>;
  /** Each local date's working periods once computed (lists count many tickets over the same days). */
  private readonly days = new Map<number, Interval[]>();

  constructor(options: { schedule?: WorkingSchedule; extraHolidays?: readonly ExtraHoliday[] } = {}) {
    this.schedule = options.schedule ?? OFFICE_HOURS;
    this.extra = new Map();
    for (const h of options.extraHolidays ?? []) {
      const closed: Interval = [instant(h.date, h.from ?? '00:00'), instant(nextDate(h.date), '00:00')];
      this.extra.set(h.date, [...(this.extra.get(h.date) ?? []), closed]);
    }
  }

  /**
   * Guatemala's public holidays of a year (date-holidays, type `public`): date, name in Spanish and in English
   * (issue 24 section 6, item 8: the web shows the one of its language; date-holidays keeps both for GT), closing
   * hour of a half day. The language is asked for by name: without it date-holidays picks one from the process's
   * environment.
   */
  publicHolidayList(year: number): { date: string; name: string; nameEn: string; fromTime: string | null }[] {
    const inEnglish = gt()
      .getHolidays(year, 'en')
      .filter((h) => h.type === 'public');
    return gt()
      .getHolidays(year, 'es')
      .filter((h) => h.type === 'public')
      .map((h, i) => {
        const time = h.date.slice(11, 16);
        const en = inEnglish[i]?.date === h.date ? inEnglish[i]!.name : h.name;
        return {
          date: h.date.slice(0, 10),
          name: h.name,
          nameEn: en,
          fromTime: time && time !== '00:00' ? time : null,
        };
      });
  }

  /** The working periods of a local date ('YYYY-MM-DD') as instants (ms), holidays taken out. */
  workingIntervals(date: string): Interval[] {
    return this.periodsOf(dayOfDate(date));
  }

  /** `workingIntervals` of a local day number (`dayOf`), kept once computed. */
  private periodsOf(day: number): Interval[] {
    const known = this.days.get(day);
    if (known) return known;
    const date = dateOfDay(day);
    const base = this.schedule === OFFICE_HOURS ? officeDay(day) : openPeriods(this.schedule, date);
    const extra = this.extra.get(date);
    const open = extra && base.length ? subtract(base, extra) : base;
    this.days.set(day, open);
    return open;
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
    const start = from.getTime();
    const first = dayOf(start);
    // Bounded: a year of days at most per 2,000 working hours asked; holidays cannot close every day.
    for (let day = first; day < first + 3_660; day++) {
      for (const [s, e] of this.periodsOf(day)) {
        const begin = Math.max(s, start);
        if (begin >= e) continue;
        if (begin + left <= e) return new Date(begin + left);
        left -= e - begin;
      }
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
    for (let day = dayOf(a); dayStart(day) < b; day++) {
      for (const [s, e] of this.periodsOf(day)) total += Math.max(0, Math.min(e, b) - Math.max(s, a));
    }
    return total / 60_000;
  }
}
