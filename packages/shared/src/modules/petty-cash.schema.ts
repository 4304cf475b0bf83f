import { z } from 'zod';
import { moneyAmount } from '../money.ts';
import { envelope, isoDate, optionalText, text, uuid, version } from '../validation.ts';

/**
 * Petty cash as an imprest fund (issue 26 section 3; `/api/execution/petty-cash`): one active fund per
 * headquarter of a fixed amount (Q) held by a custodian; expenses paid from it with their receipts; counts of
 * the cash found, each with its difference; and replenishment requests (expense requests of type `petty_cash`)
 * whose amount is the fund minus the counted cash, not the sum of the receipts, so a shortage found is asked for
 * too and shows as the count's difference.
 */

/** A fund as administration writes it (update: with `version` and `active`). */
export const pettyCashFundInput = z.object({
  headquarterId: uuid,
  custodianId: uuid,
  amount: moneyAmount({ positive: true, max: '999999.99' }),
  notes: optionalText(500),
});
export const pettyCashFundUpdate = pettyCashFundInput.omit({ headquarterId: true }).extend({
  active: z.boolean(),
  version,
});

/** An expense paid from the fund: the day (America/Guatemala, not in the future), what, the receipt, Q. */
export const pettyCashExpenseInput = z.object({
  spentOn: isoDate,
  description: text(200, 3),
  receipt: optionalText(60),
  amount: moneyAmount({ positive: true }),
});

/** A count: the cash found in the box (Q, zero or more) and a note (required when there is a difference). */
export const pettyCashCountInput = z.object({
  cash: moneyAmount(),
  notes: optionalText(500),
});

export const pettyCashExpense = z.object({
  id: uuid,
  spentOn: z.string(),
  description: z.string(),
  receipt: z.string().nullable(),
  amount: z.string(),
  /** The replenishment request that includes it (number), null while pending. */
  requestId: uuid.nullable(),
  requestNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type PettyCashExpense = z.infer<typeof pettyCashExpense>;

/** A count as recorded: `difference` = cash + receipts − fund (negative: a shortage; positive: an overage). */
export const pettyCashCount = z.object({
  id: uuid,
  fundAmount: z.string(),
  cash: z.string(),
  receipts: z.string(),
  difference: z.string(),
  notes: z.string().nullable(),
  countedByName: z.string().nullable(),
  countedAt: z.string(),
  /** What a replenishment on this count asks for (fund − cash, Q). */
  replenishment: z.string(),
  /** The open or paid request that replenishes it; null while none (a rejected one frees it). */
  requestId: uuid.nullable(),
  requestNumber: z.string().nullable(),
});
export type PettyCashCount = z.infer<typeof pettyCashCount>;

export const pettyCashFund = z.object({
  id: uuid,
  headquarterId: uuid,
  headquarterName: z.string(),
  custodianId: uuid,
  custodianName: z.string(),
  amount: z.string(),
  active: z.boolean(),
  notes: z.string().nullable(),
  /** Receipts not yet replenished by a paid request (Q), and the cash the box should hold (fund − them). */
  pendingReceipts: z.string(),
  expectedCash: z.string(),
  lastCountAt: z.string().nullable(),
  version: z.number().int(),
});
export type PettyCashFund = z.infer<typeof pettyCashFund>;

export const pettyCashFundDetail = pettyCashFund.extend({
  expenses: z.array(pettyCashExpense),
  counts: z.array(pettyCashCount),
});
export type PettyCashFundDetail = z.infer<typeof pettyCashFundDetail>;

export const pettyCashFundResponse = envelope(pettyCashFundDetail);
export const pettyCashFundListResponse = envelope(z.array(pettyCashFund));
export const pettyCashCountResponse = envelope(pettyCashCount);
export const pettyCashExpenseResponse = envelope(pettyCashExpense);

/**
 * What a petty-cash request carries (its `pettyCash`): the fund it replenishes, the count its amount comes from,
 * and the voucher range administration's approval takes its voucher number from (a petty-cash range, valid and
 * with numbers left).
 */
export const pettyCashRequestInput = z.object({
  fundId: uuid,
  countId: uuid,
  voucherRangeId: uuid,
});

/** A petty-cash request's fund, count and voucher as the detail shows them. */
export const pettyCashRequest = z.object({
  fundId: uuid,
  headquarterName: z.string(),
  countId: uuid,
  countedAt: z.string(),
  fundAmount: z.string(),
  cash: z.string(),
  difference: z.string(),
  voucherRangeId: uuid.nullable(),
  /** The voucher number reserved at administration's approval ('CC-000123'); null before it. */
  voucher: z.string().nullable(),
});
export type PettyCashRequest = z.infer<typeof pettyCashRequest>;
