import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { PlanStatus, PlanYear, planTransitionInput } from '@amparo/shared/modules/plan.schema';
import type { Actor, UserActor } from '../../lib/actor.ts';
import type { Db, Executor } from '../../db/client.ts';
import { users, workflowHistory } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { allowedTransitions, applyTransition, refusedTransitions } from '../../lib/workflow/workflow.ts';
import { planRevisions, planYears } from './plan.table.ts';
import { planWorkflow } from './plan.workflow.ts';

/*
 * A year's plan as a whole (issue 13 section 3, 'Versions'). The row of a year is made the first time it is
 * needed, as a draft. Every write that checks a year's status holds a share lock on its row until it commits
 * (lines: `assertEditable`; money: `assertOpen`, `isClosed`), the workflow's transitions (submit, approve,
 * revise, close) an update lock, so nothing changes in a year while it is being approved or closed (issue 23
 * item 2).
 */

type Row = typeof planYears.$inferSelect & { status: PlanStatus };

async function ensure(db: Executor, year: number): Promise<void> {
  await db.insert(planYears).values({ year }).onConflictDoNothing({ target: planYears.year });
}

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
  const rows = await db
    .select({ year: planYears.year, status: planYears.status })
    .from(planYears)
    .where(inArray(planYears.year, years));
  return new Map(rows.filter((r) => r.status !== 'draft').map((r) => [r.year, r.status]));
}

/** The year's status (undefined without a row), under a share lock on its row until the transaction ends. */
async function sharedStatus(tx: Executor, year: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ status: planYears.status })
    .from(planYears)
    .where(eq(planYears.year, year))
    .for('share');
  return row?.status;
}

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
  const [stored] = (await db.select().from(planYears).where(eq(planYears.year, year))) as Row[];
  const row: Row = stored ?? { ...UNWRITTEN_YEAR, year };
  const revisions = await db.execute<{
    revision: number;
    reason: string | null;
    approved_by_name: string | null;
    approved_at: Date | string;
    total: string;
    line_count: number;
  }>(sql`
    select r.revision, r.reason, u.full_name as approved_by_name, r.approved_at,
           coalesce((select sum(amount) from plan_revision_months where revision_id = r.id), 0)::numeric(20,2)::text as total,
           (select count(distinct line_id)::int from plan_revision_months where revision_id = r.id) as line_count
      from plan_revisions r left join users u on u.id = r.approved_by
     where r.year = ${year} order by r.revision`);
  const history = await db
    .select({
      transition: workflowHistory.transition,
      from: workflowHistory.fromState,
      to: workflowHistory.toState,
      actorName: users.fullName,
      reason: workflowHistory.reason,
      at: workflowHistory.at,
    })
    .from(workflowHistory)
    .leftJoin(users, eq(users.id, workflowHistory.actorId))
    .where(and(eq(workflowHistory.workflow, planWorkflow.name), eq(workflowHistory.recordId, row.id)))
    .orderBy(desc(workflowHistory.id));
  return {
    year,
    status: row.status,
    revision: row.revision,
    revisionReason: row.revisionReason,
    version: row.version,
    allowed: allowedTransitions(planWorkflow, row, actor),
    refused: refusedTransitions(planWorkflow, row, actor),
    revisions: revisions.rows.map((r) => ({
      revision: Number(r.revision),
      reason: r.reason,
      approvedByName: r.approved_by_name,
      approvedAt: new Date(r.approved_at).toISOString(),
      total: r.total,
      lineCount: Number(r.line_count),
    })),
    history: history.map((h) => ({ ...h, at: h.at.toISOString() })),
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
  const [row] = await db.select({ id: planYears.id }).from(planYears).where(eq(planYears.year, year));
  await applyTransition(db, planWorkflow, actor, {
    recordId: row!.id,
    transition: body.transition,
    version: body.version,
    reason: body.reason,
  });
  return getPlanYear(db, actor, year);
}

/** The id and approval instant of a year's revision, or null. */
export async function findRevision(db: Executor, year: number, revision: number) {
  const [row] = await db
    .select({ id: planRevisions.id, approvedAt: planRevisions.approvedAt })
    .from(planRevisions)
    .where(and(eq(planRevisions.year, year), eq(planRevisions.revision, revision)));
  return row ?? null;
}
