import { z } from 'zod';
import { moneyAmount } from '../money.ts';
import { envelope, searchTerm, text, uuid } from '../validation.ts';
import { planningLineSummary } from './budget.schema.ts';
import { CONTROL_MODES } from './cooperating.schema.ts';
import { allowedTransition, workflowHistoryEntry, workflowStep, workflowTransitionFields } from '../workflow.ts';

/**
 * Assignment of planned expenses to funders' items (issue 13 section 4, spec
 * section 3 'Budget › assignment/{expense}'): how much of each month of a
 * planning line each cooperating item pays. Amounts are quetzales as decimal
 * strings with two decimals; months 1–12 of the line's year.
 */

const month = z.number({ error: 'required' }).int().min(1, 'invalid').max(12, 'invalid');
const positive = moneyAmount({ positive: true });
const reason = text(500);

/** 'increase' adds to the (line, item, month) assignment, 'decrease' takes from it. */
export const ASSIGNMENT_TYPES = ['increase', 'decrease'] as const;
export type AssignmentType = (typeof ASSIGNMENT_TYPES)[number];

/** Ledger row kinds: the two transaction types, a copy from another item or months, a transfer. */
export const ASSIGNMENT_KINDS = ['increase', 'decrease', 'copy', 'transfer'] as const;
export type AssignmentKind = (typeof ASSIGNMENT_KINDS)[number];

/** An assignment transaction (`transaction/$cooperatingItem`): per month an amount > 0, each month once. */
export const assignmentTransactionInput = z.object({
  type: z.enum(ASSIGNMENT_TYPES, { error: 'invalid' }),
  reason,
  months: z
    .array(z.object({ month, amount: positive }))
    .min(1, 'required')
    .max(12, 'invalid')
    .refine((months) => new Set(months.map((m) => m.month)).size === months.length, 'invalid'),
});
export type AssignmentTransactionInput = z.input<typeof assignmentTransactionInput>;

/**
 * Copy (`copy/$cooperatingItem`): the amounts this item pays in months `fromMonth`..`toMonth` of the line are
 * assigned again to `targetItemId` (another item, any cooperating) starting at `targetFromMonth` (the same months
 * by default). The source keeps its assignment: a copy adds, it does not move (a move is a transfer).
 */
export const assignmentCopyInput = z
  .object({
    targetItemId: uuid,
    fromMonth: month,
    toMonth: month,
    targetFromMonth: month.optional(),
    reason,
  })
  .refine((b) => b.toMonth >= b.fromMonth, { path: ['toMonth'], message: 'date_order' })
  .refine((b) => (b.targetFromMonth ?? b.fromMonth) + (b.toMonth - b.fromMonth) <= 12, {
    path: ['targetFromMonth'],
    message: 'invalid',
  });
export type AssignmentCopyInput = z.input<typeof assignmentCopyInput>;

/**
 * Transfer document: `amount` of what the item pays in `fromMonth` of this line moves to `toMonth` of `toLineId`
 * (this line by default; another line of the same year). Both ledger rows point at the document.
 */
export const assignmentTransferInput = z.object({
  fromMonth: month,
  toLineId: uuid.optional(),
  toMonth: month,
  amount: positive,
  reason,
});
export type AssignmentTransferInput = z.input<typeof assignmentTransferInput>;

/** Figures of one month (Q): available = assigned − committed − executed. */
export const monthFigures = z.object({
  month: z.number().int(),
  assigned: z.string(),
  committed: z.string(),
  executed: z.string(),
  available: z.string(),
});
export type MonthFigures = z.infer<typeof monthFigures>;

/** What one cooperating item pays of the line, per month and in total, and the item's own room (Q). */
export const itemAssignment = z.object({
  itemId: uuid,
  itemCode: z.string(),
  itemName: z.string(),
  cooperatingId: uuid,
  cooperatingCode: z.string(),
  cooperatingName: z.string(),
  controlMode: z.enum(CONTROL_MODES),
  /** The item's current amount, what is assigned of it over every line, and the difference. */
  itemAmount: z.string(),
  itemAssigned: z.string(),
  itemUnassigned: z.string(),
  months: z.array(monthFigures).length(12),
  total: monthFigures.omit({ month: true }),
});
export type ItemAssignment = z.infer<typeof itemAssignment>;

/** A planning line's assignment: per month planned and the item figures summed, per item, and totals. */
export const lineAssignment = z.object({
  line: planningLineSummary,
  months: z.array(monthFigures.extend({ planned: z.string(), unassigned: z.string() })).length(12),
  total: monthFigures.omit({ month: true }).extend({ planned: z.string(), unassigned: z.string() }),
  items: z.array(itemAssignment),
});
export type LineAssignment = z.infer<typeof lineAssignment>;
export const lineAssignmentResponse = envelope(lineAssignment);

/** One ledger row of a line and item (`record/$cooperatingItem`): who, when, what, how much, why. */
export const assignmentRecordEntry = z.object({
  id: uuid,
  kind: z.enum(ASSIGNMENT_KINDS),
  month: z.number().int(),
  /** Q, signed. */
  amount: z.string(),
  reason: z.string(),
  transferId: uuid.nullable(),
  authorName: z.string().nullable(),
  createdAt: z.string(),
});
export type AssignmentRecordEntry = z.infer<typeof assignmentRecordEntry>;
export const assignmentRecordResponse = envelope(z.array(assignmentRecordEntry));

/** Availability of (line, item, month) for an amount being typed, and what the control would do with it. */
export const availabilityQuery = z.object({
  lineId: uuid.optional(),
  itemId: uuid.optional(),
  month: z.coerce.number().int().min(1, 'invalid').max(12, 'invalid').optional(),
  amount: moneyAmount().optional(),
});
export const availability = z.object({
  planned: z.string(),
  assigned: z.string(),
  committed: z.string(),
  executed: z.string(),
  available: z.string(),
  controlMode: z.enum(CONTROL_MODES),
  /** ok: within the available amount; warn: over it under a warn control; stop: over it under a stop control. */
  outcome: z.enum(['ok', 'warn', 'stop']),
  /** Q the amount passes the available amount by ('0.00' when within). */
  excess: z.string(),
});
export type Availability = z.infer<typeof availability>;
export const availabilityResponse = envelope(availability);

// ---------------------------------------------------------------- carry-forwards

/** A carry-forward's states: requested, then approved or rejected. */
export const CARRY_FORWARD_STATUSES = ['requested', 'approved', 'rejected'] as const;
export type CarryForwardStatus = (typeof CARRY_FORWARD_STATUSES)[number];

/** A carry-forward request: `amount` (Q) of the item's unspent amount of the closed `fromYear` to `fromYear + 1`. */
export const carryForwardInput = z.object({
  itemId: uuid,
  fromYear: z.number({ error: 'required' }).int().min(2000, 'invalid').max(2099, 'invalid'),
  amount: positive,
  reason,
});
export const carryForwardTransitionInput = z.object({
  transition: z.enum(['approve', 'reject'], { error: 'invalid' }),
  version: z.number().int().min(1),
  reason: z.string().trim().max(1000).optional(),
  /** The user the caller acts for (a delegation in force; issue 25 section 1). */
  actingFor: workflowTransitionFields.actingFor,
});
export const carryForwardListQuery = z.object({
  /** Carry-forwards from or to this year. */
  year: z.coerce.number().int().min(2000, 'invalid').max(2100, 'invalid').optional(),
  itemId: uuid.optional(),
});
export const carryForward = z.object({
  id: uuid,
  itemId: uuid,
  itemCode: z.string(),
  itemName: z.string(),
  cooperatingId: uuid,
  cooperatingCode: z.string(),
  fromYear: z.number().int(),
  toYear: z.number().int(),
  amount: z.string(),
  reason: z.string(),
  status: z.enum(CARRY_FORWARD_STATUSES),
  requestedByName: z.string().nullable(),
  /** Who approved or rejected it, when and why (from its workflow history). */
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  createdAt: z.string(),
  version: z.number().int(),
  /** What the caller may do now (approve, reject; for whom, through a delegation), by the workflow's table. */
  allowed: z.array(allowedTransition),
  /** The document's workflow history, oldest first. */
  history: z.array(workflowHistoryEntry),
  /** Its path for the Stepper (requested → approved, or rejected). */
  steps: z.array(workflowStep),
});
export type CarryForward = z.infer<typeof carryForward>;
export const carryForwardResponse = envelope(carryForward);
export const carryForwardListResponse = envelope(z.array(carryForward));

/** How many items the assignment's item picker offers at a time. */
export const ASSIGNMENT_ITEMS_LIMIT = 50;

/**
 * The assignment's item picker (`GET /api/budget/assignment-items`): `q` matches item or cooperating code or name;
 * `itemId` asks for one item (a page opened on an item not yet on the line).
 */
export const assignmentItemsQuery = z.object({ q: searchTerm(100), itemId: uuid.optional() });

/**
 * A cooperating item an assignment may draw on: an item of an active cooperating, with its current amount and
 * what is not yet assigned of it over every line (Q).
 */
export const assignmentItemOption = z.object({
  itemId: uuid,
  itemCode: z.string(),
  itemName: z.string(),
  cooperatingId: uuid,
  cooperatingCode: z.string(),
  cooperatingName: z.string(),
  currentAmount: z.string(),
  unassigned: z.string(),
});
export type AssignmentItemOption = z.infer<typeof assignmentItemOption>;
export const assignmentItemsResponse = envelope(z.array(assignmentItemOption));
