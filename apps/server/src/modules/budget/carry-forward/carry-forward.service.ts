import type { z } from 'zod';
import type {
  CarryForward,
  carryForwardInput,
  carryForwardListQuery,
  carryForwardTransitionInput,
} from '@amparo/shared/modules/assignment.schema';
import type { Actor, UserActor } from '../../../lib/actor.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { diff, writeAudit } from '../../../lib/audit.ts';
import { invalidField, notFound } from '../../../lib/errors.ts';
import { inTransaction } from '../../../lib/transaction.ts';
import {
  allowedTransitions,
  applyTransition,
  historyEntriesOf,
  principalsOf,
  workflowSteps,
} from '../../../lib/workflow/workflow.ts';
import { nextActors } from '../../../lib/workflow/inbox.ts';
import { notify } from '../../notifications/notifications.service.ts';
import * as cooperating from '../../cooperating/cooperating.service.ts';
import { budgetCarryForwards } from '../assignment/assignment.table.ts';
import { carryForwardWorkflow, checkUnspent } from './carry-forward.workflow.ts';
import * as plans from '../plan/plan.service.ts';
import * as repo from './carry-forward.repository.ts';

/*
 * Carry-forwards (issue 13 section 4, 'Multi-year agreements'): an item's unspent amount of a closed year
 * (assigned − committed − executed over that year's lines) moves to the next year only through an approved
 * document. Requests and approvals run under the item's cooperating lock, like every write on its amounts.
 */

/**
 * The documents from or to `year` (and of `itemId`, or the one `id`), with their item, cooperating and people;
 * newest first. Each carries what `actor` may do with it now (`allowed`, with what they may do for whoever
 * delegated to them), its workflow history and its steps (issue 25 section 1).
 */
export async function listCarryForwards(
  db: Executor,
  actor: Actor,
  q: z.output<typeof carryForwardListQuery> & { id?: string },
): Promise<CarryForward[]> {
  const rows = await repo.carryForwardRows(db, q, carryForwardWorkflow.name);
  const principals = actor.userId
    ? await principalsOf(db, carryForwardWorkflow.people, actor.userId, carryForwardWorkflow.name)
    : [];
  // One query for every row's history (not one per row).
  const histories = await historyEntriesOf(
    db,
    carryForwardWorkflow,
    rows.map((r) => r.id),
  );
  return Promise.all(
    rows.map(async (r) => {
      // The workflow's checks read the state, the version and the requester (its approval's column).
      const record = { id: r.id, status: r.status, version: Number(r.version), requestedBy: r.requested_by };
      const history = histories.get(r.id) ?? [];
      return {
        id: r.id,
        itemId: r.item_id,
        itemCode: r.item_code,
        itemName: r.item_name,
        cooperatingId: r.cooperating_id,
        cooperatingCode: r.cooperating_code,
        fromYear: Number(r.from_year),
        toYear: Number(r.to_year),
        amount: r.amount,
        reason: r.reason,
        status: r.status,
        requestedByName: r.requested_by_name,
        decidedByName: r.decided_by_name,
        decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
        decisionReason: r.decision_reason,
        createdAt: new Date(r.created_at).toISOString(),
        version: Number(r.version),
        allowed: await allowedTransitions(
          db,
          carryForwardWorkflow,
          record as unknown as typeof budgetCarryForwards.$inferSelect & { status: CarryForward['status'] },
          actor,
          { principals },
        ),
        history,
        steps: workflowSteps(carryForwardWorkflow, r.status, history),
      };
    }),
  );
}

async function one(db: Executor, actor: Actor, id: string): Promise<CarryForward> {
  const [row] = await listCarryForwards(db, actor, { id });
  if (!row) throw notFound();
  return row;
}

/**
 * Requests a carry-forward (`POST /api/budget/carry-forwards`): `amount` (Q) of the item's unspent amount of
 * the closed `fromYear` to `fromYear + 1`. In one transaction under the cooperating's lock: 400 `invalid` on
 * `itemId` for an unknown item; 400 `year_not_closed` on `fromYear` unless that year's plan is closed;
 * 400 `outside_agreement` on `fromYear` when the agreement ends before the next year; 409 `limit_exceeded`
 * (`amount`, `carry_exceeded`: params unspent, excess) past what is unspent and not already carried or
 * requested. Audited. Returns the document, `requested`.
 */
export async function requestCarryForward(
  db: Db,
  actor: UserActor,
  body: z.output<typeof carryForwardInput>,
): Promise<CarryForward> {
  return inTransaction(db, async (tx) => {
    const terms = await cooperating.lockItemTerms(tx, body.itemId);
    if (!terms) throw invalidField('itemId', 'invalid');
    if (!(await plans.isClosed(tx, body.fromYear))) throw invalidField('fromYear', 'year_not_closed');
    const toYear = body.fromYear + 1;
    if (terms.endDate < `${toYear}-01-01`)
      throw invalidField('fromYear', 'outside_agreement', { start: terms.startDate, end: terms.endDate });
    await checkUnspent(tx, body.itemId, body.fromYear, body.amount, null);
    const [row] = await tx
      .insert(budgetCarryForwards)
      .values({
        itemId: body.itemId,
        cooperatingId: terms.cooperatingId,
        fromYear: body.fromYear,
        toYear,
        amount: body.amount,
        reason: body.reason,
        requestedBy: actor.userId,
      })
      .returning();
    await writeAudit(tx, actor, {
      action: 'create',
      entity: 'budget_carry_forward',
      entityId: row!.id,
      changes: diff(null, {
        itemId: body.itemId,
        fromYear: body.fromYear,
        toYear,
        amount: body.amount,
        reason: body.reason,
      }),
    });
    // Its approvers hear of it (issue 25 section 5): whoever may approve it now, and their delegates.
    await notify(tx, actor, {
      kind: 'budget.carry_forward_requested',
      recipients: await nextActors(tx, carryForwardWorkflow, row! as never, ['approve']),
      link: `/budget/carry-forwards?year=${body.fromYear}`,
      params: { amount: body.amount, item: terms.itemCode, fromYear: body.fromYear, toYear },
    });
    return one(tx, actor, row!.id);
  });
}

/**
 * Approves or rejects a carry-forward (`POST /api/budget/carry-forwards/:id/transition`) through its workflow:
 * a holder of presupuesto_aprobacion other than the requester; a rejection needs a reason; an approval re-checks
 * the unspent amount (409 `limit_exceeded`, `carry_exceeded`). 409 `stale_transition`; 403 `transition_not_allowed`.
 */
export async function decideCarryForward(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof carryForwardTransitionInput>,
): Promise<CarryForward> {
  await applyTransition(db, carryForwardWorkflow, actor, {
    recordId: id,
    transition: body.transition,
    version: body.version,
    reason: body.reason ?? null,
    actingFor: body.actingFor,
  });
  return one(db, actor, id);
}
