import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every state change of every workflow (issue 12): who took which transition
 * of which record, when, from and to which state, the reason, the user they
 * acted for (a delegation) and the states an amount band skipped. Written by
 * `applyTransition` in the transaction of the change; append-only (trigger),
 * like the audit trail.
 */
export const workflowHistory = pgTable(
  'workflow_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The workflow's name (`support_ticket`, `expense_request`, ...). */
    workflow: text('workflow').notNull(),
    recordId: uuid('record_id').notNull(),
    transition: text('transition').notNull(),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** States passed over on the way (an amount band that needs no approval at a stage, a fallback). */
    skipped: text('skipped').array().notNull().default([]),
    /** The user who acted; null for a job (`system` names it). */
    actorId: uuid('actor_id'),
    /** The user the actor stood in for (a delegation in force), or null. */
    actingForId: uuid('acting_for_id'),
    system: text('system'),
    reason: text('reason'),
    /**
     * What the move decided besides the state (issue 25 section 1, decision 0026): what a return removed
     * (`{ removed: [{ kind, id, label }] }`, from the transition's `onReturn`) and a no-self-approval fallback
     * (`{ fallback: { transition, to } }` or `{ fallback: { transition, holders } }`); null otherwise.
     */
    details: jsonb('details').$type<Record<string, unknown>>(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_history_record_idx').on(t.workflow, t.recordId, t.id)],
);
export type WorkflowHistoryRow = typeof workflowHistory.$inferSelect;

/**
 * Who acts for whom (issue 25 section 1, decision 0026): `from_user_id` lets `to_user_id` take, in their name,
 * the transitions `from_user_id` may take, over [valid_from, valid_until) (until null: open-ended), in one
 * workflow (`workflow`) or all (null). User ids without foreign keys, as audit_log: lib imports no module. Depth
 * 1: only the rows themselves count, a delegate never passes on what they hold by delegation. No self-delegation
 * (check) and no cycle (createDelegation refuses a row whose reverse is in force).
 */
export const workflowDelegations = pgTable(
  'workflow_delegations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fromUserId: uuid('from_user_id').notNull(),
    toUserId: uuid('to_user_id').notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    workflow: text('workflow'),
    createdBy: uuid('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Ended early by `ended_by` (the delegating user or the delegate); `valid_until` keeps the planned end.
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: uuid('ended_by'),
  },
  (t) => [
    index('workflow_delegations_to_idx').on(t.toUserId, t.validFrom),
    index('workflow_delegations_from_idx').on(t.fromUserId, t.validFrom),
    check('workflow_delegations_not_self', sql`${t.fromUserId} <> ${t.toUserId}`),
    check('workflow_delegations_range', sql`${t.validUntil} is null or ${t.validUntil} > ${t.validFrom}`),
  ],
);
export type WorkflowDelegationRow = typeof workflowDelegations.$inferSelect;

/**
 * Each record's stay in each state (issue 25 section 1, stage times): opened by the transition that entered the
 * state (`entered_by`; null for the row opened from the record's creation), closed by the one that left it
 * (`exited_by`, `exited_at`), with the working minutes between (the workflow's calendar) or null when the
 * workflow counts none. The execution dashboard aggregates it (`stageTimes`: median and 90th percentile).
 */
export const workflowStageTimes = pgTable(
  'workflow_stage_times',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workflow: text('workflow').notNull(),
    recordId: uuid('record_id').notNull(),
    state: text('state').notNull(),
    enteredAt: timestamp('entered_at', { withTimezone: true }).notNull(),
    exitedAt: timestamp('exited_at', { withTimezone: true }),
    workingMinutes: integer('working_minutes'),
    enteredBy: text('entered_by'),
    exitedBy: text('exited_by'),
  },
  (t) => [
    index('workflow_stage_times_record_idx').on(t.workflow, t.recordId, t.id),
    index('workflow_stage_times_open_idx')
      .on(t.workflow, t.state)
      .where(sql`${t.exitedAt} is null`),
    index('workflow_stage_times_exited_idx').on(t.workflow, t.exitedAt),
  ],
);
