import { z } from 'zod';
import { DTE_TYPES, isFelAuthorization, isValidInvoiceNumber, isValidInvoiceSerie } from '../fel.ts';
import { moneyAmount } from '../money.ts';
import { envelope, isoDate, optionalText, uuid, version } from '../validation.ts';

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
});
const identified = (
  v: { document: InvoiceDocument; authorization: string | null; serie: string | null; number: string | null },
  ctx: z.RefinementCtx,
) => {
  const missing = (path: 'authorization' | 'serie' | 'number') =>
    ctx.addIssue({ code: 'custom', path: [path], message: 'required' });
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
  /** When someone checked at SAT that the FEL invoice is not voided (null: not checked; paper: always null). */
  satCheckedAt: z.string().nullable(),
  version: z.number().int(),
});
export type RequestInvoice = z.infer<typeof requestInvoice>;

/** A request's invoices, oldest first, with their sums (Q) and the amount given (the request's paid total). */
export const requestInvoices = z.object({
  items: z.array(requestInvoice),
  given: z.string(),
  invoiced: z.string(),
  /** The FEL invoices nobody has checked at SAT yet. */
  unchecked: z.number().int(),
});
export const requestInvoicesResponse = envelope(requestInvoices);
