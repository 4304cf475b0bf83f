import { z } from 'zod';
import { moneyAmount } from '../money.ts';
import { envelope, isoDate, optionalText, paged, pageQuery, searchTerm, text, uuid, version } from '../validation.ts';

/**
 * Vouchers (issue 26 section 2, key `configuracion_vales`): ranges of numbered vouchers (fuel coupons, petty-cash
 * vouchers) from `start` to `end` of a `series`, valid until `expiresOn`. Each number is `available`, `reserved`
 * for a request, `used` (liquidated) or `voided` (lost or damaged); the range's counts add up to its size at all
 * times (a database check). Ranges of one series never overlap. An expired or inactive range issues nothing.
 */

/** What the vouchers are for: fuel coupons, petty-cash vouchers (spec section 4: a petty-cash request takes one), other. */
export const VOUCHER_KINDS = ['fuel', 'petty_cash', 'other'] as const;
export type VoucherKind = (typeof VOUCHER_KINDS)[number];

/** A number's state. */
export const VOUCHER_STATUSES = ['available', 'reserved', 'used', 'voided'] as const;
export type VoucherStatus = (typeof VOUCHER_STATUSES)[number];

/**
 * What happened to a number (the 'Transaction vouchers' screen): `reserved` for a request on its approval, `used`
 * or `returned` (available again) at liquidation, `released` when the request is finally rejected, `voided` by
 * administration with a reason.
 */
export const VOUCHER_MOVEMENT_KINDS = ['reserved', 'used', 'returned', 'released', 'voided'] as const;
export type VoucherMovementKind = (typeof VOUCHER_MOVEMENT_KINDS)[number];

/**
 * A range's state, for the list: `inactive`, `expired` (its date has passed: it issues nothing), `exhausted` (no
 * number left), `expiring` (valid, with numbers left, expiring within the warning days of the setting
 * `voucher_expiry_warning_days`), `valid`.
 */
export const VOUCHER_RANGE_STATES = ['valid', 'expiring', 'expired', 'exhausted', 'inactive'] as const;
export type VoucherRangeState = (typeof VOUCHER_RANGE_STATES)[number];

/** The largest range one form creates: every number is a row, so its movements can be listed one by one. */
export const VOUCHER_RANGE_MAX_SIZE = 20_000;
/** The largest voucher number (printed numbers have up to 9 digits). */
export const VOUCHER_NUMBER_MAX = 999_999_999;

const voucherNumber = z
  .number({ error: 'required' })
  .int('invalid')
  .min(1, 'too_small:1')
  .max(VOUCHER_NUMBER_MAX, `too_big::${VOUCHER_NUMBER_MAX}`);

/**
 * A range as written (update adds `version`). `series` is the printed prefix (upper case, spaces removed; empty
 * when the vouchers have none); `end` ≥ `start` (`voucher_range_order`) and at most VOUCHER_RANGE_MAX_SIZE
 * numbers (`too_big::20000` on `end`); `faceValue` in Q per voucher (fuel coupons' denomination), optional;
 * `headquarterId` the headquarter that holds them (null: any).
 */
const rangeShape = {
  kind: z.enum(VOUCHER_KINDS, { error: 'invalid' }),
  series: z
    .string()
    .trim()
    .max(20, 'length:0:20')
    .regex(/^[A-Za-z0-9 -]*$/, 'invalid')
    .transform((v) => v.replace(/[\s-]+/g, '').toUpperCase())
    .default(''),
  description: text(200, 2),
  start: voucherNumber,
  end: voucherNumber,
  expiresOn: isoDate,
  faceValue: z
    .preprocess((v) => (v === '' ? null : v), moneyAmount({ positive: true }).nullable().optional())
    .transform((v) => v ?? null),
  headquarterId: uuid.nullable().default(null),
  notes: optionalText(500),
  active: z.boolean().default(true),
};

type RangeShape = { [K in keyof typeof rangeShape]: z.infer<(typeof rangeShape)[K]> };

function rangeRules(v: RangeShape, ctx: z.RefinementCtx) {
  if (v.end < v.start) ctx.addIssue({ code: 'custom', path: ['end'], message: 'voucher_range_order' });
  else if (v.end - v.start + 1 > VOUCHER_RANGE_MAX_SIZE)
    ctx.addIssue({ code: 'custom', path: ['end'], message: `too_big::${v.start + VOUCHER_RANGE_MAX_SIZE - 1}` });
}

export const voucherRangeInput = z.object(rangeShape).superRefine(rangeRules);
export type VoucherRangeInput = z.input<typeof voucherRangeInput>;
export const voucherRangeUpdate = z.object({ ...rangeShape, version }).superRefine(rangeRules);

/** A range as answered, with its counts (they add up to `total`) and its state today (America/Guatemala). */
export const voucherRange = z.object({
  id: uuid,
  kind: z.enum(VOUCHER_KINDS),
  series: z.string(),
  description: z.string(),
  start: z.number().int(),
  end: z.number().int(),
  total: z.number().int(),
  available: z.number().int(),
  reserved: z.number().int(),
  used: z.number().int(),
  voided: z.number().int(),
  expiresOn: z.string(),
  faceValue: z.string().nullable(),
  headquarterId: uuid.nullable(),
  headquarterName: z.string().nullable(),
  notes: z.string().nullable(),
  active: z.boolean(),
  state: z.enum(VOUCHER_RANGE_STATES),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VoucherRange = z.infer<typeof voucherRange>;
export const voucherRangeResponse = envelope(voucherRange);

/**
 * The list (`GET /api/vouchers`), soonest expiry first: `q` by words over the description, or the series, or a
 * voucher number (the ranges holding it); `kind`; `state` (`usable` = valid or expiring).
 */
export const voucherRangeListQuery = pageQuery.extend({
  q: searchTerm(100),
  kind: z.enum(VOUCHER_KINDS, { error: 'invalid' }).optional(),
  state: z.enum([...VOUCHER_RANGE_STATES, 'usable', 'all'], { error: 'invalid' }).default('all'),
});
export const voucherRangeListResponse = envelope(paged(voucherRange));

/** One movement of one number: what, when, by whom, for which record, with the note (a void's reason). */
export const voucherMovement = z.object({
  id: uuid,
  number: z.number().int(),
  kind: z.enum(VOUCHER_MOVEMENT_KINDS),
  /** The record it was for (an expense request), when any. */
  referenceType: z.string().nullable(),
  referenceId: uuid.nullable(),
  note: z.string().nullable(),
  actorName: z.string().nullable(),
  at: z.string(),
});
export type VoucherMovement = z.infer<typeof voucherMovement>;

/** A range's movements (`GET /api/vouchers/:id/movements`), newest first; `number` narrows to one voucher. */
export const voucherMovementQuery = pageQuery.extend({
  number: z.coerce.number().int('invalid').min(1, 'too_small:1').max(VOUCHER_NUMBER_MAX).optional(),
  kind: z.enum(VOUCHER_MOVEMENT_KINDS, { error: 'invalid' }).optional(),
});
export const voucherMovementListResponse = envelope(paged(voucherMovement));

/** Voiding an available number (`POST /api/vouchers/:id/void`): lost or damaged, with the reason. */
export const voucherVoidInput = z.object({ number: voucherNumber, reason: text(300, 3) });
