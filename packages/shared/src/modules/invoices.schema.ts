import { z } from 'zod';
import { DTE_TYPES, isFelAuthorization, isValidInvoiceNumber, isValidInvoiceSerie } from '../fel.ts';
import { moneyAmount } from '../money.ts';
import { envelope, isoDate, optionalText, paged, pageQuery, text, uuid, version } from '../validation.ts';

/**
 * The invoices a paid expense request is liquidated with (issue 27 section 1, module `execution`): the liquidator
 * (the requester) records each invoice or receipt that justifies the money given, against a provider of the
 * registry. A FEL invoice is identified by its authorization UUID (its serie and number derive from it); a paper
 * one by serie and number. An invoice exists once in the whole system.
 */

/** What a document is: one of the FEL types (`DTE_TYPES`), or a paper invoice or receipt from before FEL. */
export const INVOICE_DOCUMENTS = [...DTE_TYPES, 'paper_invoice', 'paper_receipt'] as const;
export type InvoiceDocument = (typeof INVOICE_DOCUMENTS)[number];

/** Whether a document is a FEL one (identified by its authorization UUID). */
export const isFelDocument = (document: InvoiceDocument) => (DTE_TYPES as readonly string[]).includes(document);

/** The most invoices one request is liquidated with. */
export const REQUEST_MAX_INVOICES = 200;

const code = (check: (v: string) => boolean) =>
  z
    .string()
    .trim()
    .max(40, 'too_big::40')
    .refine((v) => v === '' || check(v), 'invalid')
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null));

/**
 * POST (and PUT) `/api/execution/requests/:id/invoices`: a FEL document needs `authorization` (a UUID; the serie
 * and number are derived from it, the ones given ignored); a paper invoice needs `serie` and `number`, a paper
 * receipt `number` (the serie when it has one). `emittedOn` is the document's date (America/Guatemala), `amount`
 * its total (Q, IVA included, > 0), `retentionCertificate` the number of the retention certificate issued.
 */
const invoiceFields = z.object({
  document: z.enum(INVOICE_DOCUMENTS, { error: 'invalid' }),
  providerId: uuid,
  authorization: code(isFelAuthorization),
  serie: code(isValidInvoiceSerie),
  number: code(isValidInvoiceNumber),
  emittedOn: isoDate,
  amount: moneyAmount({ positive: true }),
  retentionCertificate: optionalText(40),
  /** A credit note (NCRE) only, and always: the invoice of the same request it reduces. */
  creditOf: uuid.nullable().default(null),
});
const identified = (
  v: {
    document: InvoiceDocument;
    authorization: string | null;
    serie: string | null;
    number: string | null;
    creditOf: string | null;
  },
  ctx: z.RefinementCtx,
) => {
  const missing = (path: 'authorization' | 'serie' | 'number' | 'creditOf') =>
    ctx.addIssue({ code: 'custom', path: [path], message: 'required' });
  if (v.document === 'NCRE' && !v.creditOf) missing('creditOf');
  if (v.document !== 'NCRE' && v.creditOf) ctx.addIssue({ code: 'custom', path: ['creditOf'], message: 'invalid' });
  if (isFelDocument(v.document)) {
    if (!v.authorization) missing('authorization');
  } else {
    if (v.authorization) ctx.addIssue({ code: 'custom', path: ['authorization'], message: 'invalid' });
    if (!v.number) missing('number');
    if (v.document === 'paper_invoice' && !v.serie) missing('serie');
  }
};
export const invoiceInput = invoiceFields.superRefine(identified);
export type InvoiceInput = z.output<typeof invoiceInput>;

/** PUT `/api/execution/requests/:id/invoices/:invoice`: the invoice as a whole, with the version read. */
export const invoiceUpdate = invoiceFields.extend({ version }).superRefine(identified);

/** One invoice as the liquidation lists it, with the retentions its provider's regime asks (Q). */
export const requestInvoice = z.object({
  id: uuid,
  document: z.enum(INVOICE_DOCUMENTS),
  providerId: uuid,
  providerName: z.string(),
  issuerNit: z.string(),
  authorization: z.string().nullable(),
  serie: z.string().nullable(),
  number: z.string(),
  emittedOn: z.string(),
  amount: z.string(),
  base: z.string(),
  isrRetained: z.string(),
  ivaRetained: z.string(),
  retentionCertificate: z.string().nullable(),
  /** Its scan (PDF, JPEG or PNG), or null: the name and type as uploaded. */
  scan: z.object({ name: z.string(), mime: z.string() }).nullable(),
  /** Read from its certified XML: the issuer's IVA affiliation it declares (GEN, PEQ, ...); null when typed. */
  ivaAffiliation: z.string().nullable(),
  /** A credit note's invoice (it counts against the liquidation), or null. */
  creditOf: uuid.nullable(),
  /** What administration accepted of it (Q) and why, when less than its amount; null: accepted whole, or not approved. */
  sanctionedAmount: z.string().nullable(),
  sanctionReason: z.string().nullable(),
  /** When someone checked at SAT that the FEL invoice is not voided (null: not checked; paper: always null). */
  satCheckedAt: z.string().nullable(),
  version: z.number().int(),
});
export type RequestInvoice = z.infer<typeof requestInvoice>;

/** What a request's liquidation gives back, tracked until administration receives it (`expense_request_refunds`). */
export const REFUND_STATUSES = ['pending', 'deposited', 'received', 'void'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const requestRefund = z.object({
  id: uuid,
  amount: z.string(),
  status: z.enum(REFUND_STATUSES),
  depositNumber: z.string().nullable(),
  depositedOn: z.string().nullable(),
  /** The deposit slip's scan as uploaded, or null. */
  slipName: z.string().nullable(),
  receivedAt: z.string().nullable(),
  version: z.number().int(),
});
export type RequestRefund = z.infer<typeof requestRefund>;

/**
 * A request's invoices, oldest first, with their sums (Q): `given` the request's paid total, `invoiced` the
 * invoices less their credit notes, `perDiems` a travel's per diems (0.00 for other requests), `refundDue` what
 * the liquidator gives back when invoices and per diems add up to less (else 0.00),
 * `excess` what passes the amount given (else 0.00: above it needs a reason and administration's approval),
 * `liquidated` what administration approved (null before), and the refund as recorded.
 */
export const requestInvoices = z.object({
  items: z.array(requestInvoice),
  given: z.string(),
  invoiced: z.string(),
  perDiems: z.string(),
  refundDue: z.string(),
  excess: z.string(),
  liquidated: z.string().nullable(),
  excessReason: z.string().nullable(),
  refund: requestRefund.nullable(),
  /** The FEL invoices nobody has checked at SAT yet. */
  unchecked: z.number().int(),
});
export const requestInvoicesResponse = envelope(requestInvoices);

/**
 * The liquidation's part of `POST /api/execution/requests/:id/transition`:
 * - `submit_liquidation` (the liquidator): `confirmRefund` accepts the refund the warning names when the invoices
 *   add up to less than was given (409 `refund_required` with params amount until then); `excessReason` says why
 *   they add up to more (400 `required` on `liquidation.excessReason` without it).
 * - `approve_liquidation` (administration): `sanctions` accept less than an invoice's amount (Q, 0 ≤ amount <
 *   its amount, with a reason); `acceptExcess` approves a total above what was given (409 `liquidation_excess`
 *   until then); `confirmWarning` / `override` as a request's budget control, for the excess drawn anew.
 */
export const liquidationInput = z.object({
  confirmRefund: z.boolean().default(false),
  excessReason: optionalText(1000),
  sanctions: z
    .array(z.object({ invoiceId: uuid, amount: moneyAmount(), reason: text(500, 3) }))
    .max(REQUEST_MAX_INVOICES, `too_big::${REQUEST_MAX_INVOICES}`)
    .refine((s) => new Set(s.map((x) => x.invoiceId)).size === s.length, 'duplicate')
    .default([]),
  acceptExcess: z.boolean().default(false),
  confirmWarning: z.boolean().default(false),
  override: z
    .object({ reason: text(300, 3) })
    .nullable()
    .default(null),
});
export type LiquidationInput = z.output<typeof liquidationInput>;

/** `POST /api/execution/requests/:id/invoices/:invoice/sat-check`: the invoice's version read. */
export const satCheckInput = z.object({ version });

/** `PUT /api/execution/requests/:id/refund` (the liquidator): the deposit made, with the refund's version read. */
export const refundDepositInput = z.object({
  depositNumber: text(40),
  depositedOn: isoDate,
  version,
});

/** `POST /api/execution/requests/:id/refund/receive` (administration): the refund's version read. */
export const refundReceiveInput = z.object({ version });

/** `PUT /api/execution/requests/:id/liquidator` (administration): who liquidates it now, and why. */
export const liquidatorChangeInput = z.object({ liquidatorId: uuid, reason: text(500, 3), version });

/** A change of liquidator as the request's detail lists it, oldest first. */
export const liquidatorChange = z.object({
  fromName: z.string(),
  toName: z.string(),
  reason: z.string(),
  changedByName: z.string(),
  at: z.string(),
});

/** `GET /api/execution/refunds`: administration's register of refunds, in one status (default every one owed or given back). */
export const refundListQuery = pageQuery.omit({ order: true }).extend({ status: z.enum(REFUND_STATUSES).optional() });
export const refundListItem = z.object({
  requestId: uuid,
  requestNumber: z.string(),
  description: z.string(),
  liquidatorName: z.string(),
  amount: z.string(),
  status: z.enum(REFUND_STATUSES),
  depositNumber: z.string().nullable(),
  depositedOn: z.string().nullable(),
  receivedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type RefundListItem = z.infer<typeof refundListItem>;
export const refundListResponse = envelope(paged(refundListItem));
