import { z } from 'zod';
import { envelope, optionalText, version } from '../validation.ts';
import {
  allowedTransition,
  refusedTransition,
  workflowHistoryEntry,
  workflowStep,
  workflowTransitionFields,
} from '../workflow.ts';
import { PLAN_YEAR_MAX, PLAN_YEAR_MIN } from './budget.schema.ts';

/**
 * A year's plan as a whole (issue 13 section 3, 'Versions'): a draft until approved; after approval a change
 * is a numbered revision with a reason and an approver, and every figure can be shown as of any revision.
 */

export const PLAN_STATUSES = ['draft', 'submitted', 'approved', 'closed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];
/**
 * submit (draft → submitted), return (submitted → draft, reason), approve (submitted → approved), revise
 * (approved → draft, reason), close (approved → closed: the year's books are done).
 */
export const PLAN_TRANSITIONS = ['submit', 'return', 'approve', 'revise', 'close'] as const;

export const planYearParams = z.object({
  year: z.coerce.number().int().min(PLAN_YEAR_MIN, 'invalid').max(PLAN_YEAR_MAX, 'invalid'),
});

export const planTransitionInput = z.object({
  transition: z.enum(PLAN_TRANSITIONS, { error: 'invalid' }),
  version,
  reason: optionalText(1000),
  /** The user the caller acts for (a delegation in force; issue 25 section 1). */
  actingFor: workflowTransitionFields.actingFor,
});

export const planRevision = z.object({
  revision: z.number().int(),
  reason: z.string().nullable(),
  approvedByName: z.string().nullable(),
  approvedAt: z.string(),
  /** Q planned in the revision, and its lines. */
  total: z.string(),
  lineCount: z.number().int(),
});
export type PlanRevision = z.infer<typeof planRevision>;

export const planYear = z.object({
  year: z.number().int(),
  status: z.enum(PLAN_STATUSES),
  /** The approved revision in force (0: never approved). */
  revision: z.number().int(),
  revisionReason: z.string().nullable(),
  version: z.number().int(),
  /** Transitions the caller may take now. */
  allowed: z.array(allowedTransition),
  /** Transitions open from this state the caller may not take, with why (shown disabled). */
  refused: z.array(refusedTransition),
  revisions: z.array(planRevision),
  history: z.array(workflowHistoryEntry),
  /** The year's path for the Stepper (draft → submitted → approved → closed). */
  steps: z.array(workflowStep),
});
export type PlanYear = z.infer<typeof planYear>;
export const planYearResponse = envelope(planYear);
