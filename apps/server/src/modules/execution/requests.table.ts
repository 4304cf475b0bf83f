import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  timestamp,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { editableColumns } from '../../db/columns.ts';
import { textVector } from '../../lib/search.ts';
import { planningLines } from '../budget/planning/planning.table.ts';
import { providerAgreements } from '../providers/agreements.table.ts';
import { providers } from '../providers/providers.table.ts';
import { users } from '../users/users.table.ts';
import { voucherRanges } from '../vouchers/vouchers.table.ts';
import { pettyCashCounts, pettyCashFunds } from './petty-cash.table.ts';

/** What a request's word search reads: its description (the same expression as the GIN index). */
export const requestSearchVector = (t: { description: AnyPgColumn }) => textVector(sql`${t.description}`);

/**
 * Expense requests (issue 26 section 3): one per purchase order, reserve, petty cash or travel expenses, drawing
 * on a planned month (`year`, `month`). `sequence` numbers them without gaps within the year (`SOL-2027-00042`,
 * from `expense_request_numbers` under its row lock). `total` is the items' sum (Q), which the budget holds
 * committed on the items' lines while the request is open.
 */
export const expenseRequests = pgTable(
  'expense_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull().default('solicitado'),
    month: integer('month').notNull(),
    requesterId: uuid('requester_id')
      .notNull()
      .references(() => users.id),
    /**
     * Who liquidates it (issue 27 section 2): the requester when it is raised, until administration changes it
     * (`expense_request_liquidator_changes` keeps each change with its reason).
     */
    liquidatorId: uuid('liquidator_id')
      .notNull()
      .references(() => users.id),
    description: text('description').notNull(),
    justification: text('justification').notNull(),
    urgent: boolean('urgent').notNull().default(false),
    executionDate: date('execution_date').notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    // Travel expenses only (null otherwise).
    destination: text('destination'),
    departureDate: date('departure_date'),
    returnDate: date('return_date'),
    directions: text('directions').array(),
    exitPassNumber: text('exit_pass_number'),
    /**
     * Whether the amount passes the superior-approval band (`request_superior_approval_threshold` in force on the
     * boss's approval): set by that approval, read by the chain's rules (null before it).
     */
    needsSuperior: boolean('needs_superior'),
    /** The quote administration selected (`proveedor_seleccionado`), and why when it is not the cheapest. */
    selectedQuoteId: uuid('selected_quote_id'),
    selectionJustification: text('selection_justification'),
    /**
     * Petty cash only: the fund it replenishes, the count its amount comes from (fund − counted cash), and the
     * voucher range administration's approval takes its voucher number from.
     */
    pettyCashFundId: uuid('petty_cash_fund_id').references(() => pettyCashFunds.id),
    pettyCashCountId: uuid('petty_cash_count_id').references(() => pettyCashCounts.id),
    voucherRangeId: uuid('voucher_range_id').references(() => voucherRanges.id),
    /** The liquidator's reason for invoices above what was given (at submission); administration approves the difference. */
    excessReason: text('excess_reason'),
    /** What administration approved of its liquidation (Q; the invoices' sanctioned amounts): what was executed. */
    liquidatedTotal: numeric('liquidated_total', { precision: 14, scale: 2 }),
    /** When it entered its status (set by the workflow library at every transition): the inbox's order. */
    stageEnteredAt: timestamp('stage_entered_at', { withTimezone: true }).notNull().defaultNow(),
    /** When its approvers were last reminded that it waits (the reminders job; null: never). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('expense_requests_number_key').on(t.year, t.sequence),
    check(
      'expense_requests_type_check',
      sql`${t.type} in ('purchase_order', 'reserve', 'petty_cash', 'travel_expenses')`,
    ),
    check('expense_requests_month_check', sql`${t.month} between 1 and 12`),
    check('expense_requests_total_check', sql`${t.total} > 0`),
    index('expense_requests_requester_idx').on(t.requesterId, t.createdAt, t.id),
    // A boss's inbox: the requests of their workgroup's requesters at one status, found per requester.
    index('expense_requests_requester_status_idx').on(t.requesterId, t.status),
    index('expense_requests_status_idx').on(t.status, t.urgent, t.createdAt),
    index('expense_requests_search_idx').using('gin', requestSearchVector(t)),
    // The approvers' inbox, one status at a time: urgent first, then the longest waiting, paged through the
    // index. Nulls first as `order by urgent desc` sorts them, or PostgreSQL will not read the index in order.
    index('expense_requests_inbox_idx').on(t.status, t.urgent.desc().nullsFirst(), t.stageEnteredAt, t.id),
    // A count is replenished once: a second open request on it would pay the same shortfall twice.
    uniqueIndex('expense_requests_petty_cash_count_key')
      .on(t.pettyCashCountId)
      .where(sql`${t.pettyCashCountId} is not null and ${t.status} <> 'rechazado'`),
  ],
);
export type ExpenseRequestRow = typeof expenseRequests.$inferSelect;

/** The last number given in each year: the row is locked while a request takes the next one, so none is skipped. */
export const expenseRequestNumbers = pgTable('expense_request_numbers', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull(),
});

/** A request's items, in the order written; each draws on one planning line (never none). */
export const expenseRequestItems = pgTable(
  'expense_request_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => expenseRequests.id),
    position: integer('position').notNull(),
    lineId: uuid('line_id')
      .notNull()
      .references(() => planningLines.id),
    description: text('description').notNull(),
    unit: text('unit').notNull(),
    quantity: numeric('quantity', { precision: 10, scale: 2 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    check('expense_request_items_positive_check', sql`${t.quantity} > 0 and ${t.unitPrice} > 0 and ${t.amount} > 0`),
    index('expense_request_items_request_idx').on(t.requestId, t.position),
    index('expense_request_items_line_idx').on(t.lineId),
  ],
);

/** The providers a request asks to quote, in the order added. */
export const expenseRequestProviders = pgTable(
  'expense_request_providers',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => expenseRequests.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.providerId] })],
);

/** Travel expenses' travellers (users). */
export const expenseRequestTravellers = pgTable(
  'expense_request_travellers',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => expenseRequests.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] })],
);

/**
 * The approvals a request received (issue 26 section 4: "an approval holds for what was approved"): the stage,
 * the amount (Q) and the request's version approved, who approved and for whom (a delegation). A return to an
 * earlier stage voids the approvals of that stage and after (kept, with the instant and reason), so a later
 * stage never counts an approval given for something else.
 */
export const expenseRequestApprovals = pgTable(
  'expense_request_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => expenseRequests.id),
    stage: text('stage').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    requestVersion: integer('request_version').notNull(),
    approvedBy: uuid('approved_by')
      .notNull()
      .references(() => users.id),
    actingFor: uuid('acting_for').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
  },
  (t) => [
    check('expense_request_approvals_stage_check', sql`${t.stage} in ('boss', 'superior', 'administration')`),
    index('expense_request_approvals_request_idx').on(t.requestId, t.at),
  ],
);

/**
 * Checks and transfers (issue 26 section 4, `emision_cheque`): the amount (Q) and its Spanish words as printed,
 * the account, a check's number or a transfer's transaction number, the payee as printed. A check number is
 * unique per account for ever (`expense_request_payments_check_key`): a voided check stays in the register with
 * its reason, and its number stays used. Never deleted.
 */
export const expenseRequestPayments = pgTable(
  'expense_request_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => expenseRequests.id),
    method: text('method').notNull(),
    bankAccount: text('bank_account').notNull(),
    checkNumber: integer('check_number'),
    transactionNumber: text('transaction_number'),
    payeeName: text('payee_name').notNull(),
    nonNegotiable: boolean('non_negotiable').notNull(),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    amountInWords: text('amount_in_words').notNull(),
    issuedBy: uuid('issued_by')
      .notNull()
      .references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => users.id),
    voidReason: text('void_reason'),
  },
  (t) => [
    check('expense_request_payments_method_check', sql`${t.method} in ('check', 'transfer')`),
    check(
      'expense_request_payments_number_check',
      sql`(${t.method} = 'check') = (${t.checkNumber} is not null) and (${t.method} = 'transfer') = (${t.transactionNumber} is not null)`,
    ),
    uniqueIndex('expense_request_payments_check_key')
      .on(t.bankAccount, t.checkNumber)
      .where(sql`${t.checkNumber} is not null`),
    index('expense_request_payments_request_idx').on(t.requestId, t.issuedAt),
    index('expense_request_payments_issued_idx').on(t.issuedAt, t.id),
  ],
);

/**
 * A provider's quote for a request (issue 26 section 4, the comparative table): delivery time (days), warranty,
 * validity date (America/Guatemala; an expired quote cannot be selected) and, when its prices come from a framework
 * agreement valid on the day, that agreement (it then counts for the minimum-quotes rule). One per provider.
 */
export const expenseRequestQuotes = pgTable(
  'expense_request_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => expenseRequests.id),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    deliveryDays: integer('delivery_days'),
    warranty: text('warranty'),
    validUntil: date('valid_until').notNull(),
    agreementId: uuid('agreement_id').references(() => providerAgreements.id),
    /** The quote's PDF as the provider sent it (content-checked), by its content hash in the file store. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    fileSizeBytes: integer('file_size_bytes'),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('expense_request_quotes_provider_key').on(t.requestId, t.providerId),
    index('expense_request_quotes_agreement_idx').on(t.agreementId),
    index('expense_request_quotes_file_key_idx').on(t.fileKey),
  ],
);

/** A quote's unit price (Q, IVA included) for each item of the request. */
export const expenseRequestQuotePrices = pgTable(
  'expense_request_quote_prices',
  {
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => expenseRequestQuotes.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id')
      .notNull()
      .references(() => expenseRequestItems.id, { onDelete: 'cascade' }),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.quoteId, t.itemId] }),
    check('expense_request_quote_prices_positive_check', sql`${t.unitPrice} > 0`),
  ],
);
