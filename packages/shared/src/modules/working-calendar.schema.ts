import { z } from 'zod';
import { envelope, isoDate, text, uuid } from '../validation.ts';

/**
 * The charity's working calendar (issue 12): Guatemala's public holidays (read
 * from date-holidays by the server) and the days the charity adds, for every
 * headquarter or one (its fiesta titular). Service targets count working time
 * on it (apps/server/src/lib/working-time.ts).
 */
const timeOfDay = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid')
  .nullable()
  .optional()
  .transform((v) => v ?? null);

/** POST /api/working-calendar/holidays: a closed day, whole or from `fromTime` ('HH:MM', 24 h, Guatemala time). */
export const workingHolidayInput = z.object({
  date: isoDate,
  name: text(120),
  fromTime: timeOfDay,
  /** One headquarter's day; null: every headquarter. */
  headquarterId: uuid
    .nullable()
    .optional()
    .transform((v) => v ?? null),
});

export const workingHoliday = z.object({
  id: uuid,
  date: z.string(),
  name: z.string(),
  fromTime: z.string().nullable(),
  headquarterId: uuid.nullable(),
  headquarterName: z.string().nullable(),
});
export type WorkingHoliday = z.infer<typeof workingHoliday>;

/** A public holiday: `name` in Spanish, `nameEn` in English (date-holidays' names; the web shows its language's). */
export const publicHoliday = z.object({
  date: z.string(),
  name: z.string(),
  nameEn: z.string(),
  fromTime: z.string().nullable(),
});

/** GET /api/working-calendar?year= (2000–2100, default this year in Guatemala). */
export const workingCalendarQuery = z.object({
  year: z.coerce.number().int().min(2000).max(2100).optional(),
});
export const workingCalendarResponse = envelope(
  z.object({ year: z.number().int(), publicHolidays: z.array(publicHoliday), holidays: z.array(workingHoliday) }),
);
export const workingHolidayResponse = envelope(workingHoliday);
