import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { editableColumns } from '../../db/columns.ts';
import { providers } from '../providers/providers.table.ts';
import { users } from '../users/users.table.ts';
import { expenseRequests } from './requests.table.ts';

/**
 * The invoices and receipts a paid expense request is liquidated with (issue 27 section 1). `invoice_key` is the
 * invoice's identity in the whole system (`invoiceKey` in packages/shared/src/fel.ts: the issuer's NIT with the
 * FEL authorization UUID, or with the serie and number, without case, spaces or leading zeros); its unique index
 * is what keeps two parallel liquidations from both taking one invoice. `number` is text: a FEL number passes a
 * 32-bit integer. The retentions (Q) are computed when the invoice is written, from the provider's regime and the
 * dated settings in force on its date.
 */
export const expenseRequestInvoices = pgTable(
  'expense_request_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => expenseRequests.id),
    document: text('document').notNull(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    issuerNit: text('issuer_nit').notNull(),
    authorization: text('authorization'),
    serie: text('serie'),
    number: text('number').notNull(),
    invoiceKey: text('invoice_key').notNull(),
    emittedOn: date('emitted_on').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    base: numeric('base', { precision: 14, scale: 2 }).notNull(),
    isrRetained: numeric('isr_retained', { precision: 14, scale: 2 }).notNull(),
    ivaRetained: numeric('iva_retained', { precision: 14, scale: 2 }).notNull(),
    retentionCertificate: text('retention_certificate'),
    /**
     * A credit note (NCRE): the invoice of the same liquidation, from the same issuer, it reduces; its amount then
     * counts against the liquidation (issue 27 section 1, rule in decision 0031).
     */
    creditOf: uuid('credit_of').references((): AnyPgColumn => expenseRequestInvoices.id),
    /**
     * What administration accepted of it on approving the liquidation (Q, 0 ≤ sanctioned ≤ amount) and why, when
     * less than its amount; null: accepted whole (or not yet approved). The difference becomes a refund.
     */
    sanctionedAmount: numeric('sanctioned_amount', { precision: 14, scale: 2 }),
    sanctionReason: text('sanction_reason'),
    /**
     * A FEL invoice uploaded as its certified XML: the document as received (a few KB, at most DTE_MAX_BYTES),
     * kept as the evidence its fields were read from, and the issuer's IVA affiliation it declares (GEN, PEQ, ...).
     * Null for an invoice typed by its authorization or a paper one.
     */
    dteXml: text('dte_xml'),
    /** The invoice's scan (PDF, JPEG or PNG, checked by content), by its content hash in the file store. */
    scanKey: text('scan_file_key'),
    scanName: text('scan_name'),
    scanMime: text('scan_mime'),
    scanSizeBytes: integer('scan_size_bytes'),
    ivaAffiliation: text('iva_affiliation'),
    satCheckedAt: timestamp('sat_checked_at', { withTimezone: true }),
    satCheckedBy: uuid('sat_checked_by').references(() => users.id),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('expense_request_invoices_key').on(t.invoiceKey),
    index('expense_request_invoices_request_idx').on(t.requestId, t.createdAt),
    index('expense_request_invoices_provider_idx').on(t.providerId),
    check('expense_request_invoices_amount_check', sql`${t.amount} > 0`),
    index('expense_request_invoices_credit_idx').on(t.creditOf),
    index('expense_request_invoices_scan_key_idx').on(t.scanKey),
    check(
      'expense_request_invoices_sanction_check',
      sql`${t.sanctionedAmount} is null or (${t.sanctionedAmount} >= 0 and ${t.sanctionedAmount} <= ${t.amount})`,
    ),
    check('expense_request_invoices_credit_check', sql`${t.creditOf} is null or ${t.document} = 'NCRE'`),
    check('expense_request_invoices_fel_check', sql`(${t.authorization} is null) = (${t.document} like 'paper_%')`),
  ],
);
