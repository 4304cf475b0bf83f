import type { PlanStatus } from '@amparo/shared/modules/plan.schema';
import { AppError } from '../../../lib/errors.ts';
import { defineWorkflow, textOf, type TransitionContext } from '../../../lib/workflow/workflow.ts';
import { workflowPeople } from '../../users/users.service.ts';
import { planYears } from './plan.table.ts';
import * as repo from './plan.repository.ts';
import { nextActors } from '../../../lib/workflow/inbox.ts';
import { notify } from '../../notifications/notifications.service.ts';

/**
 * The year plan's workflow (issue 13 section 3, 'Versions'; the spec does not show it, so these are the
 * issue's): planners (`presupuesto_planificacion`) submit a draft; an approver (`presupuesto_aprobacion`, not
 * the one who submitted it) approves it or returns it with a reason; a planner opens a revision of an approved
 * plan with its reason (`revise`, back to draft); an approver closes an approved year (`close`) when its books are
 * done. Approving writes the revision and the figures of every line
 * of the year as approved (`plan_revisions`, `plan_revision_months`), in the transaction of the approval.
 */

type Row = typeof planYears.$inferSelect & { status: PlanStatus };
type Ctx = TransitionContext<Row, PlanStatus>;

/** Writes revision N + 1 and a copy of the year's lines' months as they stand. */
async function recordRevision(ctx: Ctx) {
  const r = ctx.record;
  if (!ctx.actor.userId) throw new AppError(403, 'forbidden');
  await repo.insertRevision(ctx.tx, {
    year: r.year,
    revision: r.revision + 1,
    reason: r.revisionReason,
    approvedBy: ctx.actor.userId,
  });
}

const planLink = (year: number) => `/budget/planning/list?year=${year}`;

/** Tells the plan's approvers (whoever may approve it now, and their delegates) that it waits for them. */
async function tellApprovers(ctx: Ctx) {
  await notify(ctx.tx, ctx.actor, {
    kind: 'budget.plan_submitted',
    recipients: await nextActors(ctx.tx, planWorkflow, ctx.record, ['approve']),
    link: planLink(ctx.record.year),
    params: { year: ctx.record.year },
  });
}

/** Tells who submitted the plan that it was approved or returned (issue 25 section 5). */
async function tellSubmitter(ctx: Ctx) {
  if (!ctx.record.submittedBy) return;
  await notify(ctx.tx, ctx.actor, {
    kind: 'budget.plan_decided',
    recipients: [ctx.record.submittedBy],
    link: planLink(ctx.record.year),
    params: { year: ctx.record.year, status: ctx.to },
  });
}

export const planWorkflow = defineWorkflow<Row, PlanStatus, typeof planYears>({
  name: 'plan_year',
  table: planYears,
  states: ['draft', 'submitted', 'approved', 'closed'],
  people: workflowPeople,
  // A submitted plan waits for its approvers.
  inbox: {
    title: { year: planYears.year },
    href: textOf('/budget/planning/list?year=', planYears.year),
    transitions: ['approve'],
  },
  // Who opens a plan plans or approves it: a planner is told that approving needs the approval key.
  explainMissingKey: true,
  transitions: [
    {
      name: 'submit',
      from: ['draft'],
      to: 'submitted',
      permission: 'presupuesto_planificacion',
      reason: 'optional',
      set: (ctx) => ({ submittedBy: ctx.actor.userId }),
      after: tellApprovers,
    },
    {
      name: 'return',
      from: ['submitted'],
      to: 'draft',
      permission: 'presupuesto_aprobacion',
      reason: 'required',
      after: tellSubmitter,
    },
    {
      name: 'approve',
      from: ['submitted'],
      to: 'approved',
      permission: 'presupuesto_aprobacion',
      // Not the one who submitted it, nor anyone acting for them; when the submitter is the only approver, the
      // holders of configuracion_roles (administration, who can grant the key) approve it (decision 0026).
      approval: {
        requester: planYears.submittedBy,
        because: 'not_the_submitter',
        fallback: { holders: 'configuracion_roles' },
      },
      reason: 'optional',
      set: (ctx) => ({ revision: ctx.record.revision + 1 }),
      after: async (ctx) => {
        await recordRevision(ctx);
        await tellSubmitter(ctx);
      },
    },
    {
      name: 'revise',
      from: ['approved'],
      to: 'draft',
      permission: 'presupuesto_planificacion',
      reason: 'required',
      set: (ctx) => ({ revisionReason: ctx.reason }),
    },
    {
      // The year's books are closed: no more assignments nor commitments; unspent item amounts move to the
      // next year only through approved carry-forwards (issue 13 section 4, 'Multi-year agreements').
      name: 'close',
      from: ['approved'],
      to: 'closed',
      permission: 'presupuesto_aprobacion',
      reason: 'optional',
    },
  ],
});
