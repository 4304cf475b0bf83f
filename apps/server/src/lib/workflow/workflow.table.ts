import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
    /** States passed over on the way (an amount band that needs no approval at a stage). */
    skipped: text('skipped').array().notNull().default([]),
    /** The user who acted; null for a job (`system` names it). */
    actorId: uuid('actor_id'),
    /** The user the actor stood in for (a delegation in force), or null. */
    actingForId: uuid('acting_for_id'),
    system: text('system'),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('workflow_history_record_idx').on(t.workflow, t.recordId, t.id)],
);
export type WorkflowHistoryRow = typeof workflowHistory.$inferSelect;
