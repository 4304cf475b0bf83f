import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { planRevisions, planYears } from './plan.table.ts';

/** A year's plan row and its revisions, read and written for plan.service.ts and plan.workflow.ts (issue 13 section 3). */

/** Makes the year's row (a first draft) when it has none. */
export async function ensureYear(db: Executor, year: number): Promise<void> {
  await db.insert(planYears).values({ year }).onConflictDoNothing({ target: planYears.year });
}

/** The year's row, or undefined. */
export async function findYear(db: Executor, year: number) {
  const [row] = await db.select().from(planYears).where(eq(planYears.year, year));
  return row;
}

/** The status of each of `years` that has a row. */
export async function statusOfYears(db: Executor, years: number[]) {
  return db
    .select({ year: planYears.year, status: planYears.status })
    .from(planYears)
    .where(inArray(planYears.year, years));
}

/** The year's status (undefined without a row), under a share lock on its row until the transaction ends. */
export async function sharedStatus(tx: Executor, year: number): Promise<string | undefined> {
  const [row] = await tx
    .select({ status: planYears.status })
    .from(planYears)
    .where(eq(planYears.year, year))
    .for('share');
  return row?.status;
}

/** The approved revisions of a year, oldest first: number, reason, approver's name, instant, Q planned, lines. */
export async function revisionsOf(db: Executor, year: number) {
  const result = await db.execute<{
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
  return result.rows;
}

/** The id and approval instant of a year's revision, or null. */
export async function findRevision(db: Executor, year: number, revision: number) {
  const [row] = await db
    .select({ id: planRevisions.id, approvedAt: planRevisions.approvedAt })
    .from(planRevisions)
    .where(and(eq(planRevisions.year, year), eq(planRevisions.revision, revision)));
  return row ?? null;
}

/** Writes revision `values.revision` of a year and a copy of its lines' months as they stand (one statement). */
export async function insertRevision(
  tx: Executor,
  values: { year: number; revision: number; reason: string | null; approvedBy: string },
): Promise<void> {
  const [revision] = await tx.insert(planRevisions).values(values).returning({ id: planRevisions.id });
  await tx.execute(sql`
    insert into plan_revision_months (revision_id, line_id, strategic_axis, program, expense_type, month, goal, amount)
    select ${revision!.id}, l.id, l.strategic_axis, l.program, l.expense_type, m.month, m.goal, m.amount
      from planning_lines l join planning_months m on m.line_id = l.id
     where l.year = ${values.year}`);
}
