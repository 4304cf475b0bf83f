import { describe, expect, it } from 'vitest';
import { OFFICE_HOURS, WorkingTime } from './working-time.ts';

/**
 * Working time in Guatemala (issue 12): office hours 08:00–12:00 and 13:00–17:00, Monday to Friday; public
 * holidays from date-holidays (Holy Week, 24 and 31 December from noon); the charity's own closed days.
 * Instants are written in Guatemala's time (UTC-6).
 */
const gt = (local: string) => new Date(`${local}:00-06:00`);
const local = (d: Date) => new Date(d.getTime() - 6 * 3_600_000).toISOString().slice(0, 16).replace('T', ' ');
const wt = new WorkingTime();

describe('WorkingTime.addMinutes / addHours', () => {
  it('counts within a day, skipping the lunch hour', () => {
    expect(local(wt.addHours(gt('2026-11-24T09:00'), 2))).toBe('2026-11-24 11:00');
    expect(local(wt.addHours(gt('2026-11-24T11:00'), 2))).toBe('2026-11-24 14:00');
    expect(local(wt.addMinutes(gt('2026-11-24T16:59'), 1))).toBe('2026-11-24 17:00');
  });

  it('starts at the next opening when asked outside working time', () => {
    expect(local(wt.addHours(gt('2026-11-24T06:30'), 1))).toBe('2026-11-24 09:00');
    expect(local(wt.addHours(gt('2026-11-24T12:30'), 1))).toBe('2026-11-24 14:00');
    expect(local(wt.addHours(gt('2026-11-24T18:00'), 1))).toBe('2026-11-25 09:00');
  });

  it('skips a weekend: Friday 16:00 plus 2 hours is Monday 09:00; 5 working days from Friday noon end Friday noon', () => {
    expect(local(wt.addHours(gt('2026-11-27T16:00'), 2))).toBe('2026-11-30 09:00');
    expect(local(wt.addHours(gt('2026-11-27T12:00'), 40))).toBe('2026-12-04 12:00');
  });

  it("skips Holy Week's Thursday, Friday and Saturday (Easter 2026: 5 April)", () => {
    expect(local(wt.addHours(gt('2026-04-01T16:00'), 2))).toBe('2026-04-06 09:00');
  });

  it('closes 24 December from noon and takes 25 December whole (Nochebuena and Navidad 2026)', () => {
    expect(local(wt.addHours(gt('2026-12-24T11:00'), 1))).toBe('2026-12-24 12:00');
    expect(local(wt.addHours(gt('2026-12-24T11:00'), 2))).toBe('2026-12-28 09:00');
  });

  it('skips the public holidays moved by law (Army Day, Monday 29 June 2026) and Independence Day', () => {
    expect(local(wt.addHours(gt('2026-06-26T17:00'), 1))).toBe('2026-06-30 09:00');
    expect(local(wt.addHours(gt('2026-09-14T17:00'), 1))).toBe('2026-09-16 09:00');
  });

  it("skips the charity's own closed days, whole or from an hour", () => {
    const local22 = new WorkingTime({
      extraHolidays: [
        { date: '2026-07-22', name: 'Fiesta titular' },
        { date: '2026-07-24', name: 'Asamblea', from: '13:00' },
      ],
    });
    expect(local(local22.addHours(gt('2026-07-21T16:00'), 2))).toBe('2026-07-23 09:00');
    expect(local(local22.addHours(gt('2026-07-24T11:00'), 2))).toBe('2026-07-27 09:00');
    // The plain calendar works those days.
    expect(local(wt.addHours(gt('2026-07-21T16:00'), 2))).toBe('2026-07-22 09:00');
  });

  it('adding 0 gives the same instant; a negative count or a schedule without working days is refused', () => {
    const at = gt('2026-11-28T10:00');
    expect(wt.addMinutes(at, 0).getTime()).toBe(at.getTime());
    expect(() => wt.addMinutes(at, -1)).toThrow(RangeError);
    expect(() => new WorkingTime({ schedule: {} }).addMinutes(at, 5)).toThrow(RangeError);
  });
});

describe('WorkingTime.minutesBetween', () => {
  it('counts working minutes across a weekend and a holiday', () => {
    // Friday 30 October 16:00 → Tuesday 3 November 10:00: Friday 1 h, Monday 2 November 8 h (All Souls' Day is
    // an observance, not a public holiday; All Saints', 1 November, is a Sunday in 2026), Tuesday 2 h.
    expect(wt.minutesBetween(gt('2026-10-30T16:00'), gt('2026-11-03T10:00'))).toBe((1 + 8 + 2) * 60);
    // Holy Week: Wednesday 1 April 16:00 → Monday 6 April 10:00 is 1 + 2 hours.
    expect(wt.minutesBetween(gt('2026-04-01T16:00'), gt('2026-04-06T10:00'))).toBe(3 * 60);
    expect(wt.minutesBetween(gt('2026-04-06T10:00'), gt('2026-04-01T16:00'))).toBe(0);
  });

  it('is the inverse of addMinutes from any start', () => {
    const starts = ['2026-03-31T07:15', '2026-04-02T10:00', '2026-12-23T15:40', '2026-12-31T11:59', '2026-06-28T23:00'];
    for (const s of starts) {
      for (const minutes of [1, 59, 61, 240, 481, 2_400, 10_000]) {
        const end = wt.addMinutes(gt(s), minutes);
        expect(wt.minutesBetween(gt(s), end), `${s} + ${minutes}`).toBe(minutes);
      }
    }
  });

  it('the office hours are 40 a week', () => {
    const hours = Object.values(OFFICE_HOURS)
      .flat()
      .reduce((sum, [from, to]) => sum + (Number(to.slice(0, 2)) - Number(from.slice(0, 2))), 0);
    expect(hours).toBe(40);
  });
});
