import { z } from 'zod';
import { moneyAmount } from '../money.ts';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from './budget.constants.ts';
import { liquidationInput, liquidatorChange } from './invoices.schema.ts';
import { pettyCashRequest, pettyCashRequestInput } from './petty-cash.schema.ts';
import {
  allowedTransition,
  refusedTransition,
  workflowHistoryEntry,
  workflowStep,
  workflowTransitionFields,
} from '../workflow.ts';
import { envelope, isoDate, optionalText, paged, pageQuery, searchTerm, text, uuid, version } from '../validation.ts';

/**
 * Expense requests (issue 26 section 3, module `execution`, keys `ejecucion`, `ejecucion_solicitudes`): a staff
 * member asks, against a month of planned budget lines, for a purchase order, a reserve, petty cash or travel
 * expenses. Every item draws on one planning line of the request's year; saving commits the items' amounts on
 * those lines' month through the budget's control (issue 25 section 2), so the plan shows them committed at once.
 */

/** The four request types (spec section 3, 'Expense request'). */
export const REQUEST_TYPES = ['purchase_order', 'reserve', 'petty_cash', 'travel_expenses'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

/**
 * The request's statuses (spec section 4), in the order of the path; the liquidation stages are issue 27's;
 * `rechazado` is off the path.
 */
export const REQUEST_STATUSES = [
  'solicitado',
  'aprobado_jefe',
  'aprobacion_superior',
  'aprobacion',
  'cuadro_comparativo_admin',
  'proveedor_seleccionado',
  'emision_cheque',
  'liquidado_temp',
  'enviado_liquidacion',
  'aprobar_liquidacion',
  'rechazado',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/** Travel expenses: the legs they pay, going and/or returning (spec section 5: 'must be marked go or return'). */
export const TRAVEL_DIRECTIONS = ['go', 'return'] as const;
export type TravelDirection = (typeof TRAVEL_DIRECTIONS)[number];

/** The most items one request holds. */
export const REQUEST_MAX_ITEMS = 100;

/**
 * An item as written: the planning line it draws on (required: an item without a line is refused, never let
 * past the budget control), what, how many (more than zero, two decimals) of which unit, at an estimated unit
 * price in Q (IVA included, more than zero). Its amount is quantity × price, rounded half up to the centavo.
 */
export const requestItemInput = z.object({
  lineId: uuid,
  description: text(200, 2),
  unit: text(40, 1),
  quantity: moneyAmount({ positive: true, max: '999999.99' }),
  unitPrice: moneyAmount({ positive: true }),
});

/** Travel expenses' trip: where, when (return on or after departure), which legs, who travels, the exit pass. */
export const travelInput = z
  .object({
    destination: text(200, 2),
    departureDate: isoDate,
    returnDate: isoDate,
    directions: z
      .array(z.enum(TRAVEL_DIRECTIONS, { error: 'invalid' }))
      .min(1, 'select_at_least_one')
      .max(2, 'too_big::2')
      .refine((d) => new Set(d).size === d.length, 'duplicate'),
    travellerIds: z
      .array(uuid)
      .min(1, 'select_at_least_one')
      .max(50, 'too_big::50')
      .refine((ids) => new Set(ids).size === ids.length, 'duplicate'),
    exitPassNumber: optionalText(40),
  })
  .superRefine((v, ctx) => {
    if (v.returnDate < v.departureDate) ctx.addIssue({ code: 'custom', path: ['returnDate'], message: 'date_order' });
  });

/** Over the available amount: confirm a warn control, or (asignacion_liberacion) release a stop one with a reason. */
const budgetOptions = {
  confirmWarning: z.boolean().default(false),
  override: z
    .object({ reason: text(300, 3) })
    .nullable()
    .default(null),
};

/**
 * A request as written (update: without `type`, with `version`). `year` and `month` are the planned month it
 * draws on; `providerIds` the providers asked to quote (a purchase order needs one at least: `required`; a
 * reserve has none yet); `travel` only, and always, for travel expenses (`required` / `invalid`).
 */
const requestShape = {
  year: z.coerce.number().int('invalid').min(PLAN_YEAR_MIN, 'invalid').max(PLAN_YEAR_MAX, 'invalid'),
  month: z.coerce.number().int('invalid').min(1, 'invalid').max(12, 'invalid'),
  description: text(300, 3),
  justification: text(2000, 3),
  urgent: z.boolean().default(false),
  executionDate: isoDate,
  items: z.array(requestItemInput).min(1, 'required').max(REQUEST_MAX_ITEMS, `too_big::${REQUEST_MAX_ITEMS}`),
  providerIds: z
    .array(uuid)
    .max(10, 'too_big::10')
    .refine((ids) => new Set(ids).size === ids.length, 'duplicate')
    .default([]),
  travel: travelInput.nullable().default(null),
  /** Petty cash only, and always: the fund, the count and the voucher range (petty-cash.schema.ts). */
  pettyCash: pettyCashRequestInput.nullable().default(null),
  ...budgetOptions,
};

/**
 * What a request's type requires (issue 26 section 3; spec section 5): a purchase order names a provider at
 * least (`required` on `providerIds`); a reserve none yet (`invalid`); travel expenses, and only they, their trip
 * (`required` / `invalid` on `travel`). The server checks an update against the stored type with the same rules.
 */
export function requestTypeProblems(
  type: RequestType,
  v: { providerIds: readonly string[]; travel: unknown; pettyCash?: unknown },
): { field: string; code: 'required' | 'invalid' }[] {
  const problems: { field: string; code: 'required' | 'invalid' }[] = [];
  if (type === 'purchase_order' && v.providerIds.length === 0)
    problems.push({ field: 'providerIds', code: 'required' });
  if (type === 'reserve' && v.providerIds.length > 0) problems.push({ field: 'providerIds', code: 'invalid' });
  if (type === 'travel_expenses' && !v.travel) problems.push({ field: 'travel', code: 'required' });
  if (type !== 'travel_expenses' && v.travel) problems.push({ field: 'travel', code: 'invalid' });
  if (type === 'petty_cash' && !v.pettyCash) problems.push({ field: 'pettyCash', code: 'required' });
  if (type !== 'petty_cash' && v.pettyCash) problems.push({ field: 'pettyCash', code: 'invalid' });
  if (type === 'petty_cash' && v.providerIds.length > 0) problems.push({ field: 'providerIds', code: 'invalid' });
  return problems;
}

export const requestInput = z
  .object({ type: z.enum(REQUEST_TYPES, { error: 'invalid' }), ...requestShape })
  .superRefine((v, ctx) => {
    for (const p of requestTypeProblems(v.type, v)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.code });
  });
export type RequestInput = z.input<typeof requestInput>;
/** The update's shape; the type rules are checked by the server against the stored type. */
export const requestUpdate = z.object({ ...requestShape, version });

export const requestItem = z.object({
  id: uuid,
  lineId: uuid,
  lineDescription: z.string(),
  description: z.string(),
  unit: z.string(),
  quantity: z.string(),
  unitPrice: z.string(),
  /** quantity × unitPrice, Q. */
  amount: z.string(),
});

/** What the request holds committed on each planning line of its month (Q). */
export const requestLine = z.object({ lineId: uuid, lineDescription: z.string(), amount: z.string() });

export const requestTravel = z.object({
  destination: z.string(),
  departureDate: z.string(),
  returnDate: z.string(),
  directions: z.array(z.enum(TRAVEL_DIRECTIONS)),
  exitPassNumber: z.string().nullable(),
  travellers: z.array(z.object({ id: uuid, name: z.string() })),
});

/** The approvals stages record (issue 26 section 4). */
export const APPROVAL_STAGES = ['boss', 'superior', 'administration'] as const;

/**
 * An approval a stage gave: the amount (Q) and the request's version it approved, who and for whom; `voidedAt`
 * when a return to an earlier stage set it aside (kept, with the reason).
 */
export const requestApproval = z.object({
  id: uuid,
  stage: z.enum(APPROVAL_STAGES),
  amount: z.string(),
  requestVersion: z.number().int(),
  approvedByName: z.string(),
  actingForName: z.string().nullable(),
  at: z.string(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type RequestApproval = z.infer<typeof requestApproval>;

/** How a request is paid (issue 26 section 4, `emision_cheque`): a check, or a bank transfer. */
export const PAYMENT_METHODS = ['check', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * A payment as issued: the charity's bank account it is paid from; a check's number (unique per account, for
 * ever: a voided check keeps it) or a transfer's transaction number; the payee's name as printed; the 'No
 * negociable' mark (checks). The amount is the request's, never typed.
 */
export const paymentInput = z
  .object({
    method: z.enum(PAYMENT_METHODS, { error: 'invalid' }),
    /** Kept without spaces or dashes, upper case: '3-033-12345-6' and '3033123456' are one account. */
    bankAccount: text(40, 3).transform((v) => v.replace(/[\s-]+/g, '').toUpperCase()),
    checkNumber: z
      .number({ error: 'invalid' })
      .int('invalid')
      .min(1, 'too_small:1')
      .max(999_999_999, 'too_big::999999999')
      .nullable()
      .default(null),
    transactionNumber: optionalText(60),
    payeeName: text(200, 2),
    nonNegotiable: z.boolean().default(true),
  })
  .superRefine((v, ctx) => {
    if (v.method === 'check' && v.checkNumber === null)
      ctx.addIssue({ code: 'custom', path: ['checkNumber'], message: 'required' });
    if (v.method === 'transfer' && !v.transactionNumber)
      ctx.addIssue({ code: 'custom', path: ['transactionNumber'], message: 'required' });
    if (v.method === 'transfer' && v.checkNumber !== null)
      ctx.addIssue({ code: 'custom', path: ['checkNumber'], message: 'invalid' });
  });
export type PaymentInput = z.input<typeof paymentInput>;

/** A payment as answered: its amount (Q) also in Spanish words as Guatemalan checks print it; voided ones kept. */
export const requestPayment = z.object({
  id: uuid,
  method: z.enum(PAYMENT_METHODS),
  bankAccount: z.string(),
  checkNumber: z.number().int().nullable(),
  transactionNumber: z.string().nullable(),
  payeeName: z.string(),
  nonNegotiable: z.boolean(),
  amount: z.string(),
  amountInWords: z.string(),
  issuedByName: z.string(),
  issuedAt: z.string(),
  voidedAt: z.string().nullable(),
  voidReason: z.string().nullable(),
});
export type RequestPayment = z.infer<typeof requestPayment>;

/**
 * The chain's moves (issue 26 section 4): the three approvals, the payment (check or transfer), a return to an
 * earlier stage, a final rejection.
 */
export const REQUEST_TRANSITIONS = [
  'approve_boss',
  'approve_superior',
  'approve_admin',
  'complete_comparison',
  'select_provider',
  'issue_payment',
  'save_liquidation',
  'submit_liquidation',
  'approve_liquidation',
  'return_liquidation',
  'return',
  'reject',
] as const;

/** `select_provider`'s input: the quote's provider, and why, when it is not the cheapest (400 `required`). */
export const selectionInput = z.object({ providerId: uuid, justification: optionalText(1000) });

/**
 * `POST /api/execution/requests/:id/transition`: the move, the version seen, the reason, the stage returned to,
 * and for `issue_payment` the payment (required there: 400 `required` on `payment`).
 */
export const requestTransitionInput = z.object({
  transition: z.enum(REQUEST_TRANSITIONS, { error: 'invalid' }),
  ...workflowTransitionFields,
  payment: paymentInput.optional(),
  selection: selectionInput.optional(),
  liquidation: liquidationInput.optional(),
});

/**
 * A provider's quote as written (`PUT /api/execution/requests/:id/quotes/:providerId`, administration, while the
 * request waits for its comparative table): unit prices in Q with IVA per item of the request (an item left out
 * makes the quote incomplete), delivery days, warranty, validity date; `agreementId` when the prices come from the
 * provider's framework agreement valid today (its validity is the quote's).
 */
export const quoteInput = z.object({
  prices: z
    .array(z.object({ itemId: uuid, unitPrice: moneyAmount({ positive: true }) }))
    .max(REQUEST_MAX_ITEMS, `too_big::${REQUEST_MAX_ITEMS}`)
    .refine((p) => new Set(p.map((x) => x.itemId)).size === p.length, 'duplicate'),
  deliveryDays: z
    .number({ error: 'invalid' })
    .int('invalid')
    .min(0, 'too_small:0')
    .max(365, 'too_big::365')
    .nullable()
    .default(null),
  warranty: optionalText(200),
  validUntil: isoDate.nullable().default(null),
  agreementId: uuid.nullable().default(null),
});

/** One quote in the comparative table: its total when complete (Q), whether it is the lowest, expired, from an agreement. */
export const comparisonQuote = z.object({
  id: uuid,
  providerId: uuid,
  providerName: z.string(),
  deliveryDays: z.number().int().nullable(),
  warranty: z.string().nullable(),
  validUntil: z.string(),
  expired: z.boolean(),
  agreementId: uuid.nullable(),
  complete: z.boolean(),
  total: z.string().nullable(),
  lowest: z.boolean(),
  /** Whether the provider's PDF is attached (`GET .../quotes/:providerId/file`), and its name as uploaded. */
  hasFile: z.boolean(),
  fileName: z.string().nullable(),
});

/**
 * The comparative table (issue 26 section 4): providers in columns (`quotes`), items in rows with each quote's
 * unit price and amount (Q, IVA included) and the lowest marked; how many complete quotes the amount asks
 * (`minimumQuotes`, from the dated settings; a valid framework agreement counts as the quotes), the selection.
 */
export const comparison = z.object({
  quotes: z.array(comparisonQuote),
  rows: z.array(
    z.object({
      itemId: uuid,
      description: z.string(),
      unit: z.string(),
      quantity: z.string(),
      prices: z.array(
        z.object({
          quoteId: uuid,
          unitPrice: z.string().nullable(),
          amount: z.string().nullable(),
          lowest: z.boolean(),
        }),
      ),
    }),
  ),
  minimumQuotes: z.number().int(),
  selectedQuoteId: uuid.nullable(),
  selectionJustification: z.string().nullable(),
});
export type Comparison = z.infer<typeof comparison>;

/**
 * A request's printable documents (`GET /api/execution/requests/:id/pdf`, `.../comparison/pdf`, issue 26 section
 * 4): the language of their words (default Spanish).
 */
export const requestPdfQuery = z.object({ lang: z.enum(['es', 'en']).default('es') });

/** The register of checks and transfers (`GET /api/execution/payments`), newest first, voided ones included. */
export const paymentRegisterQuery = pageQuery.extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  bankAccount: z.string().trim().max(40).optional(),
  checkNumber: z.coerce.number().int().min(1).max(999_999_999).optional(),
});
export const paymentRegisterItem = requestPayment.extend({ requestId: uuid, requestNumber: z.string() });
export const paymentRegisterResponse = envelope(paged(paymentRegisterItem));

/** A request as answered: `number` is 'SOL-2027-00042' (gapless per year), `total` the items' sum (Q). */
export const expenseRequest = z.object({
  id: uuid,
  number: z.string(),
  type: z.enum(REQUEST_TYPES),
  status: z.enum(REQUEST_STATUSES),
  year: z.number().int(),
  month: z.number().int(),
  requesterId: uuid,
  requesterName: z.string(),
  /** Who liquidates it (the requester unless administration changed it), and each change. */
  liquidatorId: uuid,
  liquidatorName: z.string(),
  liquidatorChanges: z.array(liquidatorChange),
  description: z.string(),
  justification: z.string(),
  urgent: z.boolean(),
  executionDate: z.string(),
  total: z.string(),
  items: z.array(requestItem),
  lines: z.array(requestLine),
  providers: z.array(z.object({ id: uuid, name: z.string(), nit: z.string() })),
  travel: requestTravel.nullable(),
  pettyCash: pettyCashRequest.nullable(),
  /** Whether the total passed the superior-approval band at the boss's approval (null before it). */
  needsSuperior: z.boolean().nullable(),
  approvals: z.array(requestApproval),
  /** The checks and transfers issued, voided ones included (a check's number stays used). */
  payments: z.array(requestPayment),
  /** A purchase order's comparative table (null for the other types). */
  comparison: comparison.nullable(),
  /** The workflow: what the caller may do now, what they may not and why, the stepper and the full history. */
  allowed: z.array(allowedTransition),
  refused: z.array(refusedTransition),
  steps: z.array(workflowStep),
  history: z.array(workflowHistoryEntry),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExpenseRequest = z.infer<typeof expenseRequest>;
export const expenseRequestResponse = envelope(expenseRequest);

/** A row of the list. */
export const requestSummary = expenseRequest
  .pick({
    id: true,
    number: true,
    type: true,
    status: true,
    year: true,
    month: true,
    requesterId: true,
    requesterName: true,
    description: true,
    urgent: true,
    total: true,
    createdAt: true,
  })
  .extend({ lineCount: z.number().int() });
export type RequestSummary = z.infer<typeof requestSummary>;

/**
 * The list (`GET /api/execution/requests`): the caller's own requests, newest first (`order` asc: oldest first);
 * filters by status, type, year and month, planning line, urgent, and `q` (the number or words
 * of the description).
 */
export const requestListQuery = pageQuery.extend({
  order: z.enum(['asc', 'desc']).default('desc'),
  q: searchTerm(100),
  status: z.enum(REQUEST_STATUSES, { error: 'invalid' }).optional(),
  type: z.enum(REQUEST_TYPES, { error: 'invalid' }).optional(),
  year: z.coerce.number().int().min(PLAN_YEAR_MIN).max(PLAN_YEAR_MAX).optional(),
  month: z.coerce.number().int().min(1).max(12).optional(),
  lineId: uuid.optional(),
  urgent: z.enum(['true', 'false']).optional(),
  /** `all`: every requester's (for the chain's deciders only, else 403), narrowed by `requesterId`. */
  scope: z.enum(['mine', 'all'], { error: 'invalid' }).default('mine'),
  requesterId: uuid.optional(),
});
export const requestListResponse = envelope(paged(requestSummary));

/**
 * An approver's inbox (`GET /api/execution/inbox`, issue 26 section 5): the requests waiting for the caller (their
 * own approvals and those of whoever delegated to them), urgent first, then the longest waiting; `stage` narrows
 * to one status. `stages` counts what waits at each status (whatever `stage` is).
 */
export const requestInboxQuery = pageQuery.omit({ order: true }).extend({
  stage: z.enum(REQUEST_STATUSES, { error: 'invalid' }).optional(),
});
export const requestInboxItem = requestSummary.extend({
  /** When it reached its current status (ISO instant). */
  since: z.string(),
  /** Whose approval the caller would give as a delegate; null when it waits for the caller themselves. */
  actingForName: z.string().nullable(),
});
export type RequestInboxItem = z.infer<typeof requestInboxItem>;
export const requestInboxResponse = envelope(
  paged(requestInboxItem).extend({
    /** What waits at each status, counted up to four pages past the one asked (`capped`: more than `count`). */
    stages: z.array(z.object({ status: z.enum(REQUEST_STATUSES), count: z.number().int(), capped: z.boolean() })),
  }),
);

/**
 * The petty-cash request form's voucher ranges (`GET /api/execution/lookup/voucher-ranges`): usable petty-cash
 * ranges (valid or expiring, with numbers left) of the headquarter, or of none, soonest expiry first.
 */
export const voucherRangeLookupQuery = z.object({ headquarterId: uuid.optional() });
export const voucherRangeLookupResponse = envelope(
  z.array(
    z.object({
      id: uuid,
      series: z.string(),
      start: z.number().int(),
      end: z.number().int(),
      available: z.number().int(),
      expiresOn: z.string(),
    }),
  ),
);

/** The printed number of a request: 'SOL-2027-00042'. */
export const requestNumber = (year: number, sequence: number) => `SOL-${year}-${String(sequence).padStart(5, '0')}`;

/** The line picker (`GET /api/execution/lookup/lines`): the lines of a year with their figures in a month. */
export const lineLookupQuery = z.object({
  year: z.coerce.number().int().min(PLAN_YEAR_MIN).max(PLAN_YEAR_MAX),
  month: z.coerce.number().int().min(1).max(12),
  q: searchTerm(100),
});
/** A line as a request chooses it: its month's planned, assigned and available amounts (Q, over every item). */
export const lineAvailability = z.object({
  lineId: uuid,
  description: z.string(),
  strategicAxis: z.string(),
  program: z.string(),
  planned: z.string(),
  assigned: z.string(),
  available: z.string(),
});
export type LineAvailability = z.infer<typeof lineAvailability>;
export const lineLookupResponse = envelope(z.array(lineAvailability));

/** The provider picker (`GET /api/execution/lookup/providers`): active providers by name or NIT. */
export const providerLookupQuery = z.object({ q: searchTerm(100) });
export const providerOption = z.object({ id: uuid, name: z.string(), nit: z.string() });
export const providerLookupResponse = envelope(z.array(providerOption));
