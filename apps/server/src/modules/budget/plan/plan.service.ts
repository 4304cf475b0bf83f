import type { z } from 'zod';
import type { PlanStatus, PlanYear, planTransitionInput } from '@amparo/shared/modules/plan.schema';
import type { Actor, UserActor } from '../../../lib/actor.ts';
import type { Db, Executor } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { applyTransition, historyEntries, transitionsFor, workflowSteps } from '../../../lib/workflow/workflow.ts';
import type { planYears } from './plan.table.ts';
import * as repo from './plan.repository.ts';
import { planWorkflow } from './plan.workflow.ts';

/*
 * A year's plan as a whole (issue 13 section 3, 'Versions'). The row of a year is made the first time it is
 * needed, as a draft. Every write that checks a year's status holds a share lock on its row until it commits
 * (lines: `assertEditable`; money: `assertOpen`, `isClosed`), the workflow's transitions (submit, approve,
 * revise, close) an update lock, so nothing changes in a year while it is being approved or closed (issue 23
 * item 2).
 */

type Row = typeof planYears.$inferSelect & { status: PlanStatus };

const ensure = repo.ensureYear;

/**
 * Refuses a change to a line of `year` unless the year's plan is a draft (a first draft, or a revision opened
 * with `revise`): 409 `plan_locked` with field `year` (params year, status). Takes a share lock on the year's
 * row for the rest of the transaction.
 */
export async function assertEditable(tx: Executor, year: number): Promise<void> {
  await ensure(tx, year);
  const status = await sharedStatus(tx, year);
  if (status !== 'draft')
    throw new AppError(409, 'plan_locked', [
      { field: 'year', code: 'plan_locked', params: { year: String(year), status: status! } },
    ]);
}

/**
 * The status of each of `years` whose plan is not a draft (a year without a plan row is a draft), read without a
 * lock: what an import's preview says of its rows (the import itself locks through `assertEditable`).
 */
export async function lockedYears(db: Executor, years: number[]): Promise<Map<number, string>> {
  if (years.length === 0) return new Map();
  const rows = await repo.statusOfYears(db, years);
  return new Map(rows.filter((r) => r.status !== 'draft').map((r) => [r.year, r.status]));
}

const sharedStatus = repo.sharedStatus;

/**
 * Refuses money moving on a closed year (assignments, transfers, copies, new commitments): 409 `year_closed`
 * with field `year` (params year). Unspent amounts leave a closed year only through approved carry-forwards.
 * Takes a share lock on the year's row for the rest of the transaction (issue 23 item 2): closing takes the
 * update lock (lib/workflow), so it waits for every write that found the year open, and a write that waited
 * for it sees it closed. Without the lock, a write that read "open" and then waited for a funder's row lock
 * landed in a year closed meanwhile.
 */
export async function assertOpen(tx: Executor, year: number): Promise<void> {
  await ensure(tx, year);
  if ((await sharedStatus(tx, year)) === 'closed')
    throw new AppError(409, 'year_closed', [{ field: 'year', code: 'year_closed', params: { year: String(year) } }]);
}

/** Whether the year's plan is closed, under a share lock on its row for the rest of the transaction (issue 23 item 2). */
export async function isClosed(tx: Executor, year: number): Promise<boolean> {
  return (await sharedStatus(tx, year)) === 'closed';
}

/** A year without a row yet, as `ensure` would insert it (the id is never a stored one). */
const UNWRITTEN_YEAR: Omit<Row, 'year'> = {
  id: '00000000-0000-0000-0000-000000000000',
  status: 'draft',
  revision: 0,
  submittedBy: null,
  revisionReason: null,
  version: 1,
  createdAt: new Date(0),
  updatedAt: new Date(0),
};

/**
 * The year's plan (`GET /api/budget/plans/:year`): status, revision in force, the reason of the revision being
 * prepared, version, the transitions the caller may take, the approved revisions (number, reason, approver,
 * instant, Q planned and lines) and the workflow history (who, when, from, to, reason).
 */
export async function getPlanYear(db: Db, actor: Actor, year: number): Promise<PlanYear> {
  // A read never writes (issue 25 section 8): a year nobody has written to is a first draft, as its row would be
  // when a write creates it (the table's defaults), with no revisions and no history.
  const stored = (await repo.findYear(db, year)) as Row | undefined;
  const row: Row = stored ?? { ...UNWRITTEN_YEAR, year };
  const revisions = await repo.revisionsOf(db, year);
  const history = stored ? await historyEntries(db, planWorkflow, row.id) : [];
  return {
    year,
    status: row.status,
    revision: row.revision,
    revisionReason: row.revisionReason,
    version: row.version,
    ...(await transitionsFor(db, planWorkflow, row, actor)),
    revisions: revisions.map((r) => ({
      revision: Number(r.revision),
      reason: r.reason,
      approvedByName: r.approved_by_name,
      approvedAt: new Date(r.approved_at).toISOString(),
      total: r.total,
      lineCount: Number(r.line_count),
    })),
    history,
    steps: workflowSteps(planWorkflow, row.status, history),
  };
}

/**
 * Moves the year's plan along its workflow (`POST /api/budget/plans/:year/transition`): submit, return (reason),
 * approve (by a holder of presupuesto_aprobacion who did not submit it; writes the revision and its figures),
 * revise (reason; back to draft). 409 `stale_transition` on a stale version; 403 `transition_not_allowed`.
 */
export async function transitionPlanYear(
  db: Db,
  actor: UserActor,
  year: number,
  body: z.output<typeof planTransitionInput>,
): Promise<PlanYear> {
  await ensure(db, year);
  const row = await repo.findYear(db, year);
  await applyTransition(db, planWorkflow, actor, {
    recordId: row!.id,
    transition: body.transition,
    version: body.version,
    reason: body.reason,
    actingFor: body.actingFor,
  });
  return getPlanYear(db, actor, year);
}

/** The id and approval instant of a year's revision, or null. */
export const findRevision = repo.findRevision;
