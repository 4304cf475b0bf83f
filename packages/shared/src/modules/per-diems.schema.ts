import { z } from 'zod';
import { moneyAmount } from '../money.ts';
import { envelope, text, uuid, version } from '../validation.ts';

/**
 * A travel-expenses request's per diems (issue 27 section 1: "travel expenses liquidate per-diem lines by
 * destination and days against the advance"; decision 0033): what a traveller of the trip is paid per day at a
 * destination, without invoices. They count in the liquidation beside its invoices, against what was given.
 */

/** Days: more than 0, in halves (a day of travel begun at noon is half a day), at most 366. */
export const perDiemDays = z
  .string({ error: 'required' })
  .trim()
  .regex(/^\d{1,3}(\.[05]0?)?$/, 'per_diem_half_days')
  .refine((v) => Number(v) > 0 && Number(v) <= 366, 'per_diem_half_days')
  .transform((v) => Number(v).toFixed(1));

/**
 * A per diem as written: the traveller (one of the trip's: `not_a_traveller`), the destination, the days (at most
 * the trip's days, departure to return both counted: `per_diem_days_exceed`, params max) and the daily rate (Q,
 * more than 0, at most the dated setting `per_diem_daily_max` on the trip's departure: `per_diem_above_rate`,
 * params max). The amount is days × rate, to the centavo.
 */
export const perDiemInput = z.object({
  travellerId: uuid,
  destination: text(200, 2),
  days: perDiemDays,
  dailyRate: moneyAmount({ positive: true }),
});
export type PerDiemInput = z.output<typeof perDiemInput>;
export const perDiemUpdate = perDiemInput.extend({ version });

export const perDiem = z.object({
  id: uuid,
  travellerId: uuid,
  travellerName: z.string(),
  destination: z.string(),
  days: z.string(),
  dailyRate: z.string(),
  amount: z.string(),
  version: z.number().int(),
});
export type PerDiem = z.infer<typeof perDiem>;

/**
 * A request's per diems, oldest first, their total (Q), and the daily maximum in force on the trip's departure (null
 * when the request is no travel, or no value of `per_diem_daily_max` is in force then: adding one is refused with
 * 409 `setting_missing` until an administrator sets it).
 */
export const requestPerDiems = z.object({
  items: z.array(perDiem),
  total: z.string(),
  dailyMax: z.string().nullable(),
});
export type RequestPerDiems = z.infer<typeof requestPerDiems>;
export const requestPerDiemsResponse = envelope(requestPerDiems);
