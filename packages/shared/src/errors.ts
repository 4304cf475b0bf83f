/**
 * Error codes shared by server and web. The server answers RFC 9457
 * problem+json whose `code` is one of `ErrorCode` and whose `errors[].code` is
 * one of `FieldErrorCode`; the web translates both (locales `errors.*`).
 * No sentence is built on the server (architecture rule 8).
 */
export const ERROR_CODES = [
  'validation', // 'Please, complete the required fields' (spec section 8)
  'credentials_wrong', // 'The credentials are wrong'
  'current_password_wrong', // 'The current password is wrong'
  'too_many_attempts',
  'unauthenticated',
  'forbidden',
  'no_person_access', // 'No permission to view this profile'
  'not_found',
  'version_conflict',
  'duplicate',
  'in_use',
  'last_administrator', // a person must keep one administrator
  'invalid_token',
  'invitation_invalid',
  'user_inactive',
  'payload_too_large',
  'unsupported_media_type',
  'image_too_large', // an image with more pixels than the server decodes (issue 9 item 7)
  'photo_hidden', // an activity photo shows someone without image-use consent (issue 4)
  'activity_not_editable', // only the activity's creator, its facilitators and poblacion_actividades_gestion edit it (issue 9 item 2)
  'activity_manager_required', // untagging a hidden photo needs poblacion_actividades_gestion (issue 9 item 2)
  'photo_would_show', // the change would show a photo hidden for lack of image consent: untag it first (issue 9 item 2)
  // Issue 9 item 1: user management cannot be used to climb.
  'own_access_locked', // 403: own role, extra permissions, active flag or e-mail from the users screen
  'grant_refused', // 403: granting a key (or a role with keys) the editor does not hold
  'user_outranks_you', // 403: the user holds a key the editor lacks
  'role_outranks_you', // 403: the Administrador role, edited by someone without every key
  // Issue 23 item 1: an account's e-mail is its owner's.
  'email_owner_only', // 403: another user's e-mail changes only before their first sign-in, or by the Administrador role
  'administrator_only', // 403: only the Administrador role does this (lift an account's lock)
  'account_locked', // 401: the owner cancelled an e-mail change; sign-in is refused until params.until (ISO instant)
  // Issue 12: workflows (lib/workflow).
  'stale_transition', // 409: someone moved or edited the record since it was loaded
  'transition_not_allowed', // 403: not from this state, not for this user, or a delegation not in force (field error says which)
  'delegation_ended', // 409 (issue 25 section 1): the delegation had already ended (early, or past its last day)
  // Issue 12: support tickets.
  'ticket_closed', // 409: a finalizado, cancelado or rechazado ticket takes no comment or file
  // Issue 13 section 0: printable documents (lib/pdf.ts, decision 0017).
  'document_too_large', // 422: more table rows than a PDF holds (field error rows/too_big, params.max)
  // Issue 13 section 2: cooperating (funders), their items and transactions.
  'limit_exceeded', // 409: the write would break a money limit (field error says which and by how much)
  // Issue 13 section 4: assignment and the availability control.
  'cooperating_inactive', // 409: a deactivated cooperating takes no new assignment nor disbursement
  'budget_stop', // 409: over the available amount under a stop control (field error exceeds_available)
  'budget_warning', // 409: over the available amount under a warn control, not yet confirmed by the requester
  'plan_locked', // 409: the year's plan is submitted or approved: its lines change only in a revision (field year, plan_locked)
  'year_closed', // 409: the year's books are closed: no assignment nor commitment moves in it (field year)
  'control_unavailable', // 422: the control cannot be evaluated (no line, month or item; an unassigned line)
  // Issue 13 section 3: copying a year's plan to the next year.
  'copy_preview_stale', // 409: the source year's plan changed since its preview (count or total differ)
  'year_already_copied', // 409: the next year already holds lines copied from this year
  // Issue 23 section 3: spreadsheets are parsed one at a time per server instance.
  'busy_try_later', // 503 with Retry-After (seconds): the queue of spreadsheet parses is full
  // Issue 24 section 5: PDF documents are rendered one at a time per server instance.
  'documents_busy', // 503 with Retry-After (seconds): the queue of PDF renders is full
  'document_failed', // 500: the PDF render timed out or its worker died (the next render starts a new worker)
  // Issue 25 section 3: dated settings (lib/settings).
  'setting_missing', // 409: no value of the setting is in force on the date a computation needs (field key, params key, date)
  'setting_in_force', // 409: a value in force or past is not changed; add a new value from a date instead
  // Issue 25 section 2: two writes met on the same rows (a deadlock or serialization failure), twice in a row.
  'write_conflict', // 409 with Retry-After (seconds): nothing was written; sending the same request again can succeed
  // Issue 25 section 7: spreadsheet imports kept between preview and execution (lib/spreadsheet-import/import-uploads.ts).
  'import_expired', // 409: the preview's token expired or was already used: upload the file again
  'import_already_done', // 409: this very file (same SHA-256) was imported before (field error import_already_done, params at, by)
  // Issue 26 sections 1 and 2: vouchers and framework agreements.
  'voucher_range_overlap', // 409: the range shares numbers with another range of its series (field error on start)
  'voucher_range_in_use', // 409: a range with issued vouchers keeps its series and numbers
  'voucher_not_available', // 409: the voucher is reserved, used or voided (field error number, params number, status)
  'voucher_range_expired', // 409: the range's expiry date has passed: it issues nothing
  'voucher_range_exhausted', // 409: fewer numbers left than asked (field error count, params available)
  'voucher_range_inactive', // 409: the range is deactivated
  'provider_inactive', // 409: the provider is deactivated
  'request_not_editable', // 409: an expense request is edited only in `solicitado` (issue 26 section 3)
  'quotes_missing', // 409: fewer complete quotes than the minimum for the amount (field error quotes, params minimum, count)
  'quote_expired', // 409: the quote's validity date has passed: it cannot be selected
  'quotes_closed', // 409: quotes are written only while the request waits for its comparative table
  // Issue 26 section 3: petty cash as an imprest fund.
  'petty_cash_fund_exists', // 409: the headquarter already has an active fund
  'petty_cash_fund_inactive', // 409: the fund is deactivated: no expenses, counts or replenishments
  'petty_cash_exceeds_fund', // 409: the expense is more than the cash the box holds (field amount, params available)
  'petty_cash_below_pending', // 409: the fund cannot be less than its pending receipts (field amount, params pending)
  'petty_cash_expense_replenished', // 409: an expense in a replenishment request is no longer removed
  'petty_cash_count_outdated', // 409: a newer count exists: the replenishment is based on the latest
  'petty_cash_count_replenished', // 409: another request already replenishes this count (params number)
  'petty_cash_nothing_to_replenish', // 409: the count found the whole fund in cash
  // Issue 27 section 1: the invoices of a liquidation.
  'liquidation_closed', // 409: invoices are written only while the request is paid and its liquidation not sent
  'invoice_duplicate', // 409: the invoice is already registered, in this or another request (params number)
  'invoice_has_credits', // 409: an invoice with credit notes against it is removed only after them
  'liquidation_zero', // 409: a liquidation cannot be settled with value 0
  'refund_required', // 409: the invoices add up to less than was given: confirm the refund (params amount)
  'liquidation_excess', // 409: the accepted total passes what was given: approve the difference (params excess)
  'refund_received', // 409: a refund administration received is closed
  'refund_not_deposited', // 409: a refund is received only after its deposit is recorded
  'liquidator_closed', // 409: the liquidator changes only while the request is paid and not yet liquidated
  'per_diem_not_travel', // 409: per diems belong to a travel-expenses request
  // Issue 27 section 4: personnel execution from the payroll's xls.
  'payroll_month_done', // 409: the month already has an executed upload (params year, month, at, date, by, sameFile): replace it explicitly
  'internal',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const FIELD_ERROR_CODES = [
  'required', // 'Field required'
  'birth_date_or_age', // 'Enter the date of birth or, if unknown, the approximate age' (population §persons)
  'not_a_number', // 'Must be a number'
  'invalid', // 'Invalid'
  'length', // 'Field length between {min} and {max} characters'
  'too_small',
  'too_big',
  'select_at_least_one', // 'Select at least one'
  'image_type', // 'Image must be png or jpg'
  'file_type', // documents: 'only JPG, JPEG, PNG, PDF' (spec section 5)
  'file_too_large', // 'Size cannot exceed the limit'
  'mail_not_institutional', // 'Mail must be institutional'
  'username_taken',
  'email_taken',
  'password_mismatch', // 'Password does not match'
  'password_too_short',
  'nit_invalid',
  'max_two_decimals', // money: 'At most two decimals' (issue 13: quetzales to the centavo)
  'max_six_decimals', // exchange rate: 'At most six decimals' (issue 13 section 2: quetzales per unit)
  // Issue 13: spreadsheet import (lib/spreadsheet-import).
  'spreadsheet_unreadable', // a damaged workbook
  'spreadsheet_too_complex', // parsing passed its time or memory limit
  'too_many_rows', // params.max
  'too_many_columns', // params.max
  'columns_missing', // params.columns: the missing headers
  'import_has_errors', // params.count: rows with errors; nothing is written
  'spreadsheet_type', // the upload is not an Excel workbook (.xlsx or .xls) by its content
  // Issue 23 section 3: an .xlsx's zip, checked before anything is inflated (decision 0018).
  'spreadsheet_too_large_unpacked', // params.max: MB the entries may add up to uncompressed
  'spreadsheet_compression_ratio', // params.max: an entry compressed beyond max to 1 (a zip bomb)
  'spreadsheet_too_many_entries', // params.max: entries in the zip
  'spreadsheet_size_mismatch', // an entry inflates to more or fewer bytes than the zip declares
  'dpi_invalid',
  'municipality_not_in_department',
  'unknown_code',
  'search_too_short',
  'date_order',
  'duplicate',
  'has_records', // a person with linked records cannot be deleted; params.count
  'not_a_participant', // tagging a photo with someone who is not in the activity
  'self_facilitator', // only a manager adds themself as facilitator of an existing activity (issue 9 item 2)
  'invalid_characters', // control characters (NUL and the like) in text (issue 9 item 7)
  'no_visible_text', // text made only of spaces and invisible characters
  'date_out_of_range', // a real date outside its range (1900–2100; birth: 120 years ago..today): params.min, max
  'image_too_large', // params.max: the largest number of pixels
  'own_access_locked', // issue 9 item 1: own role, extra permissions or active flag
  'own_email_in_account', // own e-mail changes only through My account (confirmation link)
  'permission_not_held', // params.keys: keys the editor does not hold
  'role_not_grantable', // params.keys: the role's keys the editor does not hold
  'admin_role_reserved', // only holders of every key assign the Administrador role
  'email_unchanged', // self-service e-mail change to the current address
  'email_owner_only', // issue 23 item 1: only the owner changes their e-mail, from My account
  'transition_from_state', // issue 12: the transition does not leave the record's state (params.state)
  'transition_not_yours', // issue 12: the user lacks the key, or is not whom the transition is for (requester, assignee)
  'delegation_not_valid', // issue 12: no delegation in force lets the user act for that person
  'delegation_self', // issue 25 section 1: a user cannot delegate to themselves
  'delegation_cycle', // issue 25 section 1: the other user already delegates to this one over an overlapping range
  'assignee_not_support', // issue 12: a ticket's assignee must hold soporte_gestion
  // Issue 13 section 2 (cooperating). Money params are decimal strings ('150.00'), quetzales.
  'ceiling_exceeded', // the items of a cooperating would pass its ceiling: params.ceiling, available, excess
  'below_committed', // an item's amount would fall below what is committed on it: params.committed, excess
  'ceiling_below_items', // a ceiling lower than the items' total: params.itemsTotal, excess
  'goal_overlap', // a goal's correlative range overlaps another of the item: params.min, max (the other goal's range)
  'outside_agreement', // a transaction dated outside the agreement period: params.start, end
  'transactions_outside', // an agreement period leaving transactions outside it: params.first, last
  // Issue 13 section 4 (assignment). Money params in Q as decimal strings.
  'month_exceeded', // a line's month would be assigned past its planned amount: params.planned, assigned, available, excess
  'item_exceeded', // an item would be assigned past its current amount: params.itemAmount, assigned, available, excess
  'below_assigned', // a decrease or a planned amount under what is assigned: params.assigned, excess
  'other_year', // a transfer between lines of different years (a carry-forward moves money between years)
  'exceeds_available', // a request over the available amount: params.available, excess
  'plan_locked', // params.year, status: the year's plan is not a draft (submit it back or open a revision)
  'year_closed', // params.year: a closed year (carry-forwards move its unspent amounts)
  'year_not_closed', // a carry-forward leaves only a closed year
  'carry_exceeded', // a carry-forward past the item's unspent amount of the year: params.unspent, excess
  'not_assigned', // the line has no assignment on that item: the control cannot be evaluated
  'setting_missing', // params.key, date: no value of the setting is in force on that date
  'exceeds_commitment', // a release (or a reversal) past what the request holds committed (executed) on the cell: params.committed, excess
  // Issue 13 section 2, disbursements in the agreement's currency. Amounts in params are in params.currency.
  'agreed_exceeded', // disbursements would pass the agreed amount: params.currency, agreed, available, excess
  'agreed_below_received', // an agreed amount lower than what was received: params.currency, received, excess
  'rate_must_be_one', // a GTQ agreement's disbursement is in quetzales: its rate is 1
  'foreign_currency_only', // an agreed amount on a GTQ agreement (its ceiling is already in Q)
  'disbursements_recorded', // the currency of an agreement with disbursements cannot change: params.count
  'disbursements_outside', // an agreement period leaving disbursements outside it: params.first, last
  // Issue 13 section 3 (planning lines, their import and copy). Money params are decimal strings, quetzales.
  'inactive', // the catalog item, user or headquarter exists but is inactive
  'program_not_in_axis', // the program sits under another strategic axis
  'total_mismatch', // a row's total differs from the sum of its months: params.sum
  // Issue 25 section 7: the same file imported twice (lib/spreadsheet-import/import-uploads.ts).
  'import_already_done', // params.at (ISO instant), date (YYYY-MM-DD, Guatemala), by (full name): confirmDuplicate imports it again
  // Issue 26 sections 1 and 2: vouchers and framework agreements.
  'voucher_range_order', // the last number is below the first
  'voucher_range_overlap', // params.series, start, end: the other range of the series holding some of these numbers
  'voucher_range_in_use', // series, first or last number of a range with issued vouchers
  'voucher_number_outside', // params.start, end: the number is not in the range
  'voucher_not_available', // params.number, status
  'voucher_range_exhausted', // params.available
  'agreement_dates_order', // the agreement ends before it starts
  'provider_inactive', // the provider is deactivated
  'line_other_year', // params.year (the line's), requestYear: a request (or a payroll month) draws on lines of its own year
  'quotes_missing', // params.minimum, count
  'quote_expired', // params.validUntil
  'quote_incomplete', // a quote without a price for every item: params.missing (count)
  'not_a_quoted_provider', // the provider is not one of the request's
  'not_custodian', // only the fund's custodian records its expenses and asks for its replenishment
  'replenishment_amount', // params.expected (Q): a replenishment asks for the fund minus the counted cash
  'voucher_range_kind', // the range is not a petty-cash range
  'voucher_range_headquarter', // the range belongs to another headquarter than the fund
  'voucher_range_expired', // the range's expiry date has passed
  'voucher_range_inactive', // the range is deactivated
  'petty_cash_exceeds_fund', // params.available (Q): the cash left in the box
  'petty_cash_below_pending', // params.pending (Q)
  'petty_cash_count_outdated', // a newer count of the fund exists
  'petty_cash_count_replenished', // params.number: the request already replenishing the count
  'petty_cash_nothing_to_replenish', // the count found the whole fund in cash
  // Issue 27 section 1: a FEL invoice read from its certified XML (field xml).
  'fel_xml_invalid', // not well-formed UTF-8 XML, too large, or an entity other than XML's own
  'fel_xml_doctype', // the XML declares a DOCTYPE or entities: refused, never expanded
  'fel_xml_missing', // params.element: the DTE lacks it (or the file is no DTE)
  'fel_type_unknown', // params.type: not one of the DTE types a liquidation takes
  'fel_authorization_mismatch', // the serie or number disagree with the authorization UUID
  'fel_total_invalid', // the grand total is not a positive amount
  'not_liquidator', // only the request's liquidator records its invoices
  'invoice_duplicate', // params.number: the request the invoice is registered in
  'invoice_after_today', // an invoice cannot be dated after today
  'invoice_too_old', // params.days, earliest: dated more than the setting's days before the request
  'credit_above_invoice', // params.available: a credit note for more than its invoice can still be credited
  'below_credits', // params.credited: an invoice's amount below the credit notes against it
  'sanction_not_below_amount', // params.amount: a sanction accepts less than the invoice's amount
  'refund_required', // params.amount: the refund the liquidator must make
  'liquidation_excess', // params.excess, reason: the difference administration approves
  'unchanged', // the value given is the one already recorded
  'fel_not_institution', // params.nit: the DTE's buyer (a Factura Especial's issuer) is not the institution
  'fel_currency', // params.currency: a liquidation's invoices are in quetzales
  'fel_provider_unknown', // params.nit, name: no active provider has the seller's NIT
  'fel_origin_unknown', // a credit note's origin is not an invoice of the same request
  'fel_read_only', // a field read from the DTE's XML cannot be changed
  // Issue 27 section 1: a travel's per diems.
  'per_diem_half_days', // days more than 0, in halves (1, 1.5, 2 …), at most 366
  'per_diem_days_exceed', // params.max: the trip's days, departure to return both counted
  'per_diem_above_rate', // params.max: the daily maximum in force (dated setting per_diem_daily_max)
  'not_a_traveller', // the person is not one of the trip's travellers
  // Issue 28 section 4: a contract's pay.
  'bonus_below_minimum', // params.min: the bonificación incentivo is at least the dated minimum (Decreto 37-2001)
  // Issue 27 section 4: the payroll's xls (lib/spreadsheet-import, execution/personal).
  'spreadsheet_not_xls', // 'The file cannot be executed': by its content it is no Excel 97-2003 .xls
  'spreadsheet_read_only', // an .xls saved read-only (Excel's default password): save it again without protection
  'spreadsheet_password', // an .xls with a password to open
  'collaborator_unknown', // no collaborator has this DPI or code
  'collaborator_inactive', // the collaborator is registered but inactive
  'line_unknown', // no planning line is this id, or has this expense type (at the headquarter, under the program)
  'line_ambiguous', // params.count: more than one line has this expense type here: give the line's id or the program
  'payroll_total_mismatch', // params.sum: a payroll row's total is not salary + bonus + IGSS employer fee + benefits
  'month_outside_plan', // params.year: the month's year has no plan
  'month_in_future', // a payroll month after this month (Guatemala)
  'month_mixed', // params.month: a file holds one month's payroll, and its first row named another
  'payroll_month_done', // params year, month, uploadId, at, date, by, sameFile, amount: the month's executed upload
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export interface FieldError {
  /** Dotted path of the field, e.g. `names` or `phones.0`. */
  field: string;
  code: FieldErrorCode | string;
  params?: Record<string, unknown>;
}

/** RFC 9457 problem details as Amparo sends them. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  code: ErrorCode;
  detail?: string;
  instance?: string;
  errors?: FieldError[];
}

export function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'code' in value && 'status' in value;
}
