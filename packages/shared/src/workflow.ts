import { z } from 'zod';
import { envelope } from './validation.ts';

/**
 * A transition open from a record's state that the caller may not take, and why (issue 24 section 6, item 6),
 * as every workflow's record answer carries it beside `allowed`; the web's `WorkflowActions` shows it disabled
 * with its reason. `because`: `missing_permission` (then `permission` names the key) or the name of the rule the
 * caller fails (`not_the_submitter`, `not_the_requester`, `requester`).
 */
export const refusedTransition = z.object({
  name: z.string(),
  to: z.string(),
  because: z.string(),
  permission: z.string().optional(),
});
export type RefusedTransition = z.infer<typeof refusedTransition>;

/**
 * A transition the caller may take now (issue 25 section 1), as every workflow's record answer carries it in
 * `allowed`; the web's `WorkflowActions` draws it as a button. `reason` says whether the move asks for a reason.
 * `returnTo`, on a transition that sends the record back, lists the earlier stages it may go back to (the
 * approver picks one, with a reason; the body's `returnTo`). `actingFor`, when the move is offered through a
 * delegation in force, names the user the caller acts for (the body's `actingFor`).
 */
export const allowedTransition = z.object({
  name: z.string(),
  to: z.string(),
  reason: z.enum(['required', 'optional', 'none']),
  returnTo: z.array(z.string()).optional(),
  actingFor: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type AllowedTransition = z.infer<typeof allowedTransition>;

/**
 * What a transition's call carries besides the module's own input (issue 25 section 1): the version the caller
 * saw (409 `stale_transition` when it moved since), the reason, the earlier stage picked for a return, and the
 * user the caller acts for through a delegation.
 */
export const workflowTransitionFields = {
  version: z.number({ error: 'required' }).int().min(1),
  reason: z.string().trim().max(1000).optional(),
  returnTo: z.string().max(64).optional(),
  actingFor: z.uuid({ error: 'invalid' }).optional(),
};

/**
 * One row of a record's workflow history, oldest first (issue 25 section 1): the move, the states it left and
 * reached, the states an amount band passed over (`skipped`), who acted and for whom, a job's name when the
 * system acted, the reason, and `details`: what a return removed (`{ removed: [{ kind, id, label }] }`) or what
 * a fallback decided (`{ fallback: 'administration' }`), null otherwise.
 */
export const workflowHistoryEntry = z.object({
  transition: z.string(),
  from: z.string(),
  to: z.string(),
  skipped: z.array(z.string()),
  actorName: z.string().nullable(),
  actingForName: z.string().nullable(),
  system: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});
export type WorkflowHistoryEntry = z.infer<typeof workflowHistoryEntry>;

/** A step of a record's path as the web's `Stepper` draws it (the spec's current/completed/pending steps). */
export const workflowStep = z.object({
  state: z.string(),
  status: z.enum(['completed', 'current', 'pending', 'skipped']),
});
export type WorkflowStep = z.infer<typeof workflowStep>;

/**
 * One record waiting for the caller (`GET /api/workflow/inbox`, issue 25 section 1): the workflow, the record,
 * a title the module gives it, its state, since when it waits there (ISO instant), the web path that opens it,
 * and the user the caller would act for (a delegation), or null.
 */
export const inboxItem = z.object({
  workflow: z.string(),
  recordId: z.string(),
  /** The params of the web's sentence that names the record (`common:workflow.inbox.titles.<workflow>`), as text. */
  titleParams: z.record(z.string(), z.string()),
  state: z.string(),
  since: z.string(),
  href: z.string(),
  actingForName: z.string().nullable(),
});
export type InboxItem = z.infer<typeof inboxItem>;

/** `GET /api/workflow/inbox`: the records waiting for the caller, oldest waiting first. */
export const inboxResponse = envelope(z.array(inboxItem));
