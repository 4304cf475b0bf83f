import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { WorkingTime } from '../working-time.ts';
import { workflowStageTimes } from './workflow.table.ts';

/**
 * Stage times (issue 25 section 1, decision 0026): each record's stay in each state, one row per stay in
 * `workflow_stage_times`, written by `applyTransition` at each move, so SQL aggregates them (the execution
 * dashboard's median and 90th percentile per stage).
 */

export interface StageMove {
  workflow: string;
  recordId: string;
  from: string;
  to: string;
  transition: string;
  /** The instant of the move (the history row's `at`). */
  at: Date;
  /** When the record entered `from`, if no row is open for it (its creation instant); null: not known. */
  createdAt: Date | null;
  /** The workflow's calendar for the record; null: no working minutes are counted. */
  workingTime: WorkingTime | null;
}

/**
 * Closes the record's open stay (exit instant, transition, working minutes rounded to the minute) and opens one in
 * `to`. A record with no open stay (created before stage times were kept, or never moved) gets its first stay
 * from its creation instant when known.
 */
export async function recordStageMove(tx: Executor, m: StageMove): Promise<void> {
  const [open] = await tx
    .select()
    .from(workflowStageTimes)
    .where(
      and(
        eq(workflowStageTimes.workflow, m.workflow),
        eq(workflowStageTimes.recordId, m.recordId),
        isNull(workflowStageTimes.exitedAt),
      ),
    )
    .orderBy(sql`${workflowStageTimes.id} desc`)
    .limit(1);
  const minutes = (from: Date) => (m.workingTime ? Math.round(m.workingTime.minutesBetween(from, m.at)) : null);
  if (open) {
    await tx
      .update(workflowStageTimes)
      .set({ exitedAt: m.at, exitedBy: m.transition, workingMinutes: minutes(open.enteredAt) })
      .where(eq(workflowStageTimes.id, open.id));
  } else if (m.createdAt) {
    await tx.insert(workflowStageTimes).values({
      workflow: m.workflow,
      recordId: m.recordId,
      state: m.from,
      enteredAt: m.createdAt,
      exitedAt: m.at,
      exitedBy: m.transition,
      workingMinutes: minutes(m.createdAt),
    });
  }
  await tx
    .insert(workflowStageTimes)
    .values({ workflow: m.workflow, recordId: m.recordId, state: m.to, enteredAt: m.at, enteredBy: m.transition });
}

/** One state's stays that ended in a period: how many, and their median and 90th percentile in minutes. */
export interface StageTime {
  state: string;
  count: number;
  /** Elapsed (wall-clock) minutes. */
  medianMinutes: number;
  p90Minutes: number;
  /** Working minutes (the workflow's calendar); null when the workflow counts none. */
  medianWorkingMinutes: number | null;
  p90WorkingMinutes: number | null;
}

/**
 * Per state of `workflow`, the stays that ended in [from, to) (instants): their count and the median and 90th
 * percentile (`percentile_cont`, interpolated) of their elapsed and working minutes, rounded to 0.01 minute;
 * states by name. Stays still open are not counted (they have no length yet).
 */
export async function stageTimes(
  db: Executor,
  workflow: string,
  range: { from: Date; to: Date },
): Promise<StageTime[]> {
  const s = workflowStageTimes;
  const elapsed = sql`extract(epoch from (${s.exitedAt} - ${s.enteredAt})) / 60.0`;
  const rows = await db.execute<{
    state: string;
    count: number;
    median: number | string;
    p90: number | string;
    median_working: number | string | null;
    p90_working: number | string | null;
  }>(sql`
    select ${s.state} as state, count(*)::int as count,
      round(percentile_cont(0.5) within group (order by ${elapsed})::numeric, 2)::float8 as median,
      round(percentile_cont(0.9) within group (order by ${elapsed})::numeric, 2)::float8 as p90,
      round(percentile_cont(0.5) within group (order by ${s.workingMinutes})::numeric, 2)::float8 as median_working,
      round(percentile_cont(0.9) within group (order by ${s.workingMinutes})::numeric, 2)::float8 as p90_working
    from ${s}
    where ${s.workflow} = ${workflow} and ${s.exitedAt} >= ${range.from.toISOString()}::timestamptz
      and ${s.exitedAt} < ${range.to.toISOString()}::timestamptz
    group by ${s.state}
    order by ${s.state}`);
  const num = (v: number | string | null) => (v === null ? null : Number(v));
  return rows.rows.map((r) => ({
    state: r.state,
    count: Number(r.count),
    medianMinutes: Number(r.median),
    p90Minutes: Number(r.p90),
    medianWorkingMinutes: num(r.median_working),
    p90WorkingMinutes: num(r.p90_working),
  }));
}
