import { and, asc, desc, eq, inArray, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client.ts';
import { allOf, col } from '../../../db/sql.ts';
import { headquarters, users } from '../../../db/schema.ts';
import { planningLines, planningMonths } from './planning.table.ts';

const l = planningLines;
const nameOf = (id: Column) =>
  sql<string | null>`(select ${col(users.fullName)} from ${users} where ${col(users.id)} = ${col(id)})`;
/** A line's sums over its months, as numeric text (exact: SQL adds the numeric(14,2) values). */
const monthSum = (column: 'amount' | 'goal') =>
  sql<string>`(select coalesce(sum(${sql.raw(`"planning_months"."${column}"`)}), 0)::text from ${planningMonths} where ${col(planningMonths.lineId)} = ${col(l.id)})`;

const lineFields = {
  line: planningLines,
  responsibleName: nameOf(l.responsibleId).as('responsible_name'),
  plannerName: nameOf(l.plannerId).as('planner_name'),
  headquarterName: sql<
    string | null
  >`(select ${col(headquarters.name)} from ${headquarters} where ${col(headquarters.id)} = ${col(l.headquarterId)})`.as(
    'headquarter_name',
  ),
  totalAmount: monthSum('amount').as('total_amount'),
  totalGoal: monthSum('goal').as('total_goal'),
};
export type LineRow = Awaited<ReturnType<typeof findLine>> & object;

/** One line with its names and totals, or null (`forUpdate` locks it for the transaction). */
export async function findLine(db: Executor, id: string) {
  const rows = await db.select(lineFields).from(l).where(eq(l.id, id)).limit(1);
  return rows[0] ?? null;
}

/** A line's 12 months, January first, amounts and goals as numeric text. */
export function monthsOf(db: Executor, lineId: string) {
  return db
    .select({ month: planningMonths.month, goal: planningMonths.goal, amount: planningMonths.amount })
    .from(planningMonths)
    .where(eq(planningMonths.lineId, lineId))
    .orderBy(asc(planningMonths.month));
}

/** Inserts lines (ids given), in batches of one statement each. */
export async function insertLines(db: Executor, values: (typeof planningLines.$inferInsert & { id: string })[]) {
  for (let i = 0; i < values.length; i += 500) await db.insert(l).values(values.slice(i, i + 500));
}

/** A PostgreSQL array literal of plain values (uuids, integers, decimal strings: nothing to quote). */
const arrayLiteral = (values: (string | number)[]) => `{${values.join(',')}}`;

/**
 * Inserts months of new lines: one statement per 12,000 months, the columns
 * sent as four arrays (`unnest`) rather than four parameters a row, which
 * keeps a 5,000-line import's 60,000 months to a few statements.
 */
export async function insertMonths(
  db: Executor,
  months: { lineId: string; month: number; goal: string; amount: string }[],
) {
  for (let i = 0; i < months.length; i += 12_000) {
    const batch = months.slice(i, i + 12_000);
    await db.execute(
      sql`insert into ${planningMonths} (line_id, month, goal, amount)
          select * from unnest(${arrayLiteral(batch.map((m) => m.lineId))}::uuid[],
            ${arrayLiteral(batch.map((m) => m.month))}::int[],
            ${arrayLiteral(batch.map((m) => m.goal))}::numeric[],
            ${arrayLiteral(batch.map((m) => m.amount))}::numeric[])`,
    );
  }
}

/** Writes the line's months, replacing those it had. */
export async function replaceMonths(
  db: Executor,
  lineId: string,
  months: { month: number; goal: string; amount: string }[],
) {
  await db.delete(planningMonths).where(eq(planningMonths.lineId, lineId));
  await db.insert(planningMonths).values(months.map((m) => ({ lineId, ...m })));
}

/**
 * Every line of a year with its names and totals, by classification then
 * creation, and their months (January first) by line id: what copying the
 * year reads.
 */
export async function linesOfYear(db: Executor, year: number) {
  const [rows, months] = await allOf(db, [
    () =>
      db
        .select(lineFields)
        .from(l)
        .where(eq(l.year, year))
        .orderBy(asc(l.strategicAxis), asc(l.program), asc(l.expenseType), asc(l.createdAt), asc(l.id)),
    () =>
      db
        .select({
          lineId: planningMonths.lineId,
          month: planningMonths.month,
          goal: planningMonths.goal,
          amount: planningMonths.amount,
        })
        .from(planningMonths)
        .innerJoin(l, eq(l.id, planningMonths.lineId))
        .where(eq(l.year, year))
        .orderBy(asc(planningMonths.lineId), asc(planningMonths.month)),
  ]);
  const byLine = new Map<string, { month: number; goal: string; amount: string }[]>();
  for (const { lineId, ...m } of months) {
    if (!byLine.has(lineId)) byLine.set(lineId, []);
    byLine.get(lineId)!.push(m);
  }
  return { rows, months: byLine };
}

/** How many lines of `year` already have a copy (`copied_from_id` naming them). */
export async function copiedCount(db: Executor, year: number): Promise<number> {
  const source = alias(planningLines, 'source');
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(l)
    .innerJoin(source, eq(source.id, l.copiedFromId))
    .where(eq(source.year, year));
  return row?.n ?? 0;
}

export async function deleteLine(db: Executor, id: string) {
  await db.delete(l).where(eq(l.id, id));
}

const SORTS = {
  year: l.year,
  strategicAxis: l.strategicAxis,
  program: l.program,
  expenseType: l.expenseType,
  createdAt: l.createdAt,
  totalAmount: sql`${monthSum('amount')}::numeric`,
} as const;

/**
 * A page of lines matching `where`, sorted (then by id), with the exact
 * number of matches and, over all of them, the amount per month and the
 * year's total (numeric text, summed in SQL).
 */
export async function listLines(
  db: Executor,
  where: SQL | undefined,
  sort: keyof typeof SORTS,
  order: 'asc' | 'desc',
  page: number,
  pageSize: number,
) {
  const by = order === 'asc' ? asc : desc;
  const [rows, [counted], months] = await allOf(db, [
    () =>
      db
        .select(lineFields)
        .from(l)
        .where(where)
        .orderBy(by(SORTS[sort]), by(l.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
    () =>
      db
        .select({ n: sql<number>`count(*)::int` })
        .from(l)
        .where(where),
    () =>
      db
        .select({ month: planningMonths.month, amount: sql<string>`sum(${planningMonths.amount})::text` })
        .from(planningMonths)
        .innerJoin(l, eq(l.id, planningMonths.lineId))
        .where(where)
        .groupBy(planningMonths.month),
  ]);
  return { rows, total: counted?.n ?? 0, months: new Map(months.map((m) => [m.month, m.amount])) };
}

/**
 * One batch of the export: `limit` lines matching `where` from `offset`, in
 * the list's order (then by id), with their names and totals.
 */
export function exportBatch(
  db: Executor,
  where: SQL | undefined,
  sort: keyof typeof SORTS,
  order: 'asc' | 'desc',
  offset: number,
  limit: number,
) {
  const by = order === 'asc' ? asc : desc;
  return db.select(lineFields).from(l).where(where).orderBy(by(SORTS[sort]), by(l.id)).limit(limit).offset(offset);
}

/** The months of several lines (amounts and goals as numeric text), by line then month. */
export function monthsOfLines(db: Executor, lineIds: string[]) {
  return db
    .select({
      lineId: planningMonths.lineId,
      month: planningMonths.month,
      goal: planningMonths.goal,
      amount: planningMonths.amount,
    })
    .from(planningMonths)
    .where(inArray(planningMonths.lineId, lineIds))
    .orderBy(asc(planningMonths.lineId), asc(planningMonths.month));
}

/** How many lines match `where`. */
export async function countLines(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(l)
    .where(where);
  return row?.n ?? 0;
}

/** The filters of the list as SQL on `planning_lines`. */
export function listWhere(q: {
  year?: number;
  strategicAxis?: string | null;
  program?: string | null;
  expenseType?: string | null;
  responsibleId?: string;
  headquarterId?: string;
  cooperatingId?: string;
}): SQL | undefined {
  return and(
    // Lines a cooperating pays part of: any assignment row of it (issue 13 section 3, 'filters ... cooperating').
    q.cooperatingId
      ? sql`exists (select 1 from budget_assignments a where a.line_id = ${l.id} and a.cooperating_id = ${q.cooperatingId})`
      : undefined,
    q.year !== undefined ? eq(l.year, q.year) : undefined,
    q.strategicAxis ? eq(l.strategicAxis, q.strategicAxis) : undefined,
    q.program ? eq(l.program, q.program) : undefined,
    q.expenseType ? eq(l.expenseType, q.expenseType) : undefined,
    q.responsibleId ? eq(l.responsibleId, q.responsibleId) : undefined,
    q.headquarterId ? eq(l.headquarterId, q.headquarterId) : undefined,
  );
}

/**
 * Up to 20 lines of `year` whose description, program or axis code matches `pattern` (an ILIKE pattern, already
 * escaped; null: any), by axis, program and description: what an activity or attention form offers.
 */
export async function lineOptionRows(db: Executor, year: number, pattern: string | null) {
  const result = await db.execute<{ id: string; strategic_axis: string; program: string; description: string }>(sql`
    select id, strategic_axis, program, description from planning_lines
     where year = ${year}
       and (${pattern}::text is null or description ilike ${pattern} or program ilike ${pattern} or strategic_axis ilike ${pattern})
     order by strategic_axis, program, description, id limit 20`);
  return result.rows;
}
