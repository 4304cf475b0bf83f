import { z } from 'zod';
import { exchangeRate, moneyAmount } from '../money.ts';
import {
  envelope,
  isoDate,
  itemAge,
  MAX_INT,
  optionalText,
  paged,
  pageQuery,
  searchTerm,
  text,
  uuid,
  version,
} from '../validation.ts';
import { phoneField } from './auth.schema.ts';

/**
 * Cooperating (funders), their items (budget lines), goals, transactions and
 * disbursements: issue 13 section 2, spec sections 2 and 3 'Cooperating'.
 * Amounts are decimal strings with two decimals on the wire (decision 0016):
 * in quetzales (Q), except an agreement's agreed amount and a disbursement's
 * amount, which are in the agreement's currency (each disbursement also
 * carries its exchange rate, Q per unit with six decimals, and its value in Q).
 */

/** Currencies an agreement is signed in (the ceiling and the items' amounts are still in quetzales). */
export const CURRENCIES = ['GTQ', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Kinds of transaction on an item: an increase (`sum`) or a decrease (`subtraction`) of its amount. */
export const TRANSACTION_TYPES = ['sum', 'subtraction'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/**
 * What the budget control does when a request would pass the available amount of its line or item for the month
 * (issue 13 section 4): `stop` refuses it (a holder of `asignacion_liberacion` may release it with a reason),
 * `warn` lets it through once the requester confirms the warning; both are recorded.
 */
export const CONTROL_MODES = ['stop', 'warn'] as const;
export type ControlMode = (typeof CONTROL_MODES)[number];

/** `required` when missing, `invalid` for a value not in the list. */
const choice = {
  error: (issue: { input?: unknown }) => (issue.input == null || issue.input === '' ? 'required' : 'invalid'),
};

const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (v === '' ? null : v), s.nullable().optional()).transform((v) => v ?? null);

/** Upper-case code: letters, digits, `-` and `_` (a funder's or an item's). */
const code = (max: number) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .min(1, 'required')
    .max(max, `length:1:${max}`)
    .regex(/^[A-Z0-9_.-]+$/, 'invalid');

const cooperatingShape = {
  name: text(160, 2),
  code: code(20),
  /** ISO 3166-1 alpha-2 of the funder. */
  country: z.string().trim().toUpperCase().min(1, 'required').length(2, 'invalid'),
  contactName: optionalText(120),
  contactEmail: optional(z.email({ error: 'invalid' }).max(254, 'length:1:254')),
  contactPhone: optional(phoneField),
  /** Agreement period, 'YYYY-MM-DD' (end ≥ start: `date_order` on endDate). */
  startDate: isoDate,
  endDate: isoDate,
  currency: z.enum(CURRENCIES, choice),
  /** Most the funder's items may add up to, in Q (numeric(14,2)). */
  ceiling: moneyAmount(),
  controlMode: z.enum(CONTROL_MODES, choice).default('stop'),
  /**
   * What the funder agreed to give, in the agreement's currency (> 0), or empty: only for USD and EUR
   * agreements (`foreign_currency_only` on a GTQ one, whose ceiling already says it in Q). Disbursements
   * received never pass it.
   */
  agreedAmount: optional(moneyAmount({ positive: true })),
  active: z.boolean().default(true),
};
type CooperatingShape = { [K in keyof typeof cooperatingShape]: z.infer<(typeof cooperatingShape)[K]> };

function agreementRules(v: CooperatingShape, ctx: z.RefinementCtx) {
  if (typeof v.startDate === 'string' && typeof v.endDate === 'string' && v.endDate < v.startDate)
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'date_order' });
  if (v.currency === 'GTQ' && typeof v.agreedAmount === 'string')
    ctx.addIssue({ code: 'custom', path: ['agreedAmount'], message: 'foreign_currency_only' });
}

const always = { when: () => true };
/** Body of POST /api/cooperating. */
export const cooperatingInput = z.object(cooperatingShape).superRefine(agreementRules, always);
/**
 * Body of PUT /api/cooperating/:id (409 `version_conflict` when stale). Once disbursements are recorded the
 * currency stays (`disbursements_recorded`) and the agreed amount is not lowered below what was received.
 */
export const cooperatingUpdate = z.object({ ...cooperatingShape, version }).superRefine(agreementRules, always);
export type CooperatingValues = z.input<typeof cooperatingInput>;

export const cooperatingListQuery = pageQuery.extend({
  /** Name or code, from 2 characters. */
  q: searchTerm(100),
  active: z.enum(['all', 'active', 'inactive']).default('all'),
  /** Age of the record (spec section 9), on `created_at` in America/Guatemala. */
  age: itemAge.optional(),
  sort: z.enum(['name', 'code', 'createdAt']).default('name'),
});

export const cooperating = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  country: z.string(),
  contactName: z.string().nullable(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  startDate: z.string(),
  endDate: z.string(),
  currency: z.enum(CURRENCIES),
  /** Q. */
  ceiling: z.string(),
  /** Sum of the items' current amounts, Q (computed from the rows). */
  itemsTotal: z.string(),
  /** ceiling − itemsTotal, Q. */
  available: z.string(),
  itemCount: z.number().int(),
  controlMode: z.enum(CONTROL_MODES),
  /** Agreed amount in the agreement's currency, null when not set (always for GTQ). */
  agreedAmount: z.string().nullable(),
  /** Sum of the disbursements received, in the agreement's currency ('0.00' when none). */
  receivedAmount: z.string(),
  /** Sum of the disbursements' values in Q, each converted at its own rate ('0.00' when none). */
  receivedQuetzales: z.string(),
  /** agreedAmount − receivedAmount, in the agreement's currency; null without an agreed amount. */
  pendingAmount: z.string().nullable(),
  active: z.boolean(),
  version: z.number().int(),
});
export type Cooperating = z.infer<typeof cooperating>;
export const cooperatingResponse = envelope(cooperating);
export const cooperatingListResponse = envelope(paged(cooperating));

// ---------------------------------------------------------------- items and goals

/** A goal of an item: a range of correlatives (whole numbers, end ≥ start) and what it is. */
export const goalInput = z
  .object({
    start: z.number({ error: 'required' }).int('not_a_number').min(1).max(MAX_INT, `too_big::${MAX_INT}`),
    end: z.number({ error: 'required' }).int('not_a_number').min(1).max(MAX_INT, `too_big::${MAX_INT}`),
    description: text(500),
  })
  .superRefine((g, ctx) => {
    if (g.end < g.start) ctx.addIssue({ code: 'custom', path: ['end'], message: `too_small:${g.start}` });
  });

/** At most this many goals per item. */
export const MAX_GOALS = 50;

const itemShape = {
  code: code(30),
  name: text(200, 2),
  /** Q, ≥ 0. */
  initialAmount: moneyAmount(),
  /** The item's goals; their ranges must not overlap (`goal_overlap` on `goals.N.start`, params min/max: the other's range). */
  goals: z.array(goalInput).max(MAX_GOALS, `too_big::${MAX_GOALS}`).default([]),
};
type ItemShape = { [K in keyof typeof itemShape]: z.infer<(typeof itemShape)[K]> };

function goalRules(v: ItemShape, ctx: z.RefinementCtx) {
  if (!Array.isArray(v.goals)) return;
  v.goals.forEach((g, i) => {
    if (!Number.isInteger(g?.start) || !Number.isInteger(g?.end) || g.end < g.start) return;
    const other = v.goals.findIndex(
      (o, j) => j < i && Number.isInteger(o?.start) && Number.isInteger(o?.end) && o.start <= g.end && g.start <= o.end,
    );
    if (other >= 0)
      ctx.addIssue({
        code: 'custom',
        path: ['goals', i, 'start'],
        // Read by the web and the server alike; params through the message (code:start:end).
        message: `goal_overlap:${v.goals[other]!.start}:${v.goals[other]!.end}`,
      });
  });
}

/** Body of POST /api/cooperating/:id/items. */
export const cooperatingItemInput = z.object(itemShape).superRefine(goalRules, always);
/** Body of PUT /api/cooperating/:id/items/:itemId (goals are replaced by the ones sent). */
export const cooperatingItemUpdate = z.object({ ...itemShape, version }).superRefine(goalRules, always);
export type CooperatingItemValues = z.input<typeof cooperatingItemInput>;

export const goal = z.object({
  id: uuid,
  start: z.number().int(),
  end: z.number().int(),
  description: z.string(),
});
export type Goal = z.infer<typeof goal>;

/** An item with its amounts, all in Q and computed from the transaction rows. */
export const cooperatingItemSummary = z.object({
  id: uuid,
  cooperatingId: uuid,
  code: z.string(),
  name: z.string(),
  initialAmount: z.string(),
  /** Total of its `sum` transactions. */
  sums: z.string(),
  /** Total of its `subtraction` transactions. */
  subtractions: z.string(),
  /** initial + sums − subtractions. */
  currentAmount: z.string(),
  transactionCount: z.number().int(),
  goalCount: z.number().int(),
  version: z.number().int(),
});
export type CooperatingItemSummary = z.infer<typeof cooperatingItemSummary>;
export const cooperatingItem = cooperatingItemSummary.extend({ goals: z.array(goal) });
export type CooperatingItem = z.infer<typeof cooperatingItem>;
export const cooperatingItemResponse = envelope(cooperatingItem);
export const cooperatingItemListResponse = envelope(z.array(cooperatingItemSummary));

// ---------------------------------------------------------------- transactions

/**
 * Body of POST /api/cooperating/:id/items/:itemId/transactions: append-only,
 * never edited or deleted. `date` within the agreement period.
 */
export const transactionInput = z.object({
  type: z.enum(TRANSACTION_TYPES, choice),
  date: isoDate,
  /** Q, > 0. */
  amount: moneyAmount({ positive: true }),
  reason: text(500),
});
export type TransactionValues = z.input<typeof transactionInput>;

export const transaction = z.object({
  id: uuid,
  itemId: uuid,
  type: z.enum(TRANSACTION_TYPES),
  date: z.string(),
  amount: z.string(),
  reason: z.string(),
  authorId: uuid,
  authorName: z.string(),
  /** Instant it was recorded (ISO). */
  createdAt: z.string(),
});
export type Transaction = z.infer<typeof transaction>;
export const transactionListResponse = envelope(z.array(transaction));
/** A recorded transaction and its item's amounts after it. */
export const transactionCreatedResponse = envelope(z.object({ transaction, item: cooperatingItemSummary }));

// ---------------------------------------------------------------- disbursements

/**
 * Body of POST /api/cooperating/:id/disbursements: money the funder sent, append-only (never edited or deleted).
 * `amount` in the agreement's currency (> 0, two decimals); `exchangeRate` in quetzales per unit (> 0, up to six
 * decimals; exactly 1 for a GTQ agreement: `rate_must_be_one`); `date` within the agreement period. The value in
 * Q is computed by the server: round half-up(amount × rate, 2).
 */
export const disbursementInput = z.object({
  date: isoDate,
  amount: moneyAmount({ positive: true }),
  exchangeRate: exchangeRate(),
  /** Where the rate came from: 'Banguat' (Banco de Guatemala's reference rate) most of the time. */
  rateSource: optionalText(80),
  /** Transfer number, receipt or note. */
  reference: optionalText(500),
});
export type DisbursementValues = z.input<typeof disbursementInput>;

export const disbursement = z.object({
  id: uuid,
  cooperatingId: uuid,
  /** The agreement's currency. */
  currency: z.enum(CURRENCIES),
  date: z.string(),
  /** In `currency`. */
  amount: z.string(),
  /** Q per unit of `currency`, six decimals ('7.750000'). */
  exchangeRate: z.string(),
  /** Q, amount × rate rounded half-up to the centavo, as stored when it was recorded. */
  amountQuetzales: z.string(),
  rateSource: z.string().nullable(),
  reference: z.string().nullable(),
  authorId: uuid,
  authorName: z.string(),
  /** Instant it was recorded (ISO). */
  createdAt: z.string(),
});
export type Disbursement = z.infer<typeof disbursement>;

/** A cooperating's disbursements added up, from the rows. */
export const disbursementTotals = z.object({
  currency: z.enum(CURRENCIES),
  count: z.number().int(),
  /** Received, in `currency`. */
  amount: z.string(),
  /** Received, in Q (each disbursement at its own rate). */
  amountQuetzales: z.string(),
  /** amountQuetzales ÷ amount, six decimals half-up: the rate weighted by amount; null when nothing was received. */
  averageRate: z.string().nullable(),
  /** The agreement's agreed amount in `currency`, null when not set. */
  agreedAmount: z.string().nullable(),
  /** agreedAmount − amount, null without an agreed amount. */
  pendingAmount: z.string().nullable(),
});
export type DisbursementTotals = z.infer<typeof disbursementTotals>;
/** GET /api/cooperating/:id/disbursements: newest first, with the totals. */
export const disbursementListResponse = envelope(
  z.object({ items: z.array(disbursement), totals: disbursementTotals }),
);
/** A recorded disbursement and the totals after it. */
export const disbursementCreatedResponse = envelope(z.object({ disbursement, totals: disbursementTotals }));
