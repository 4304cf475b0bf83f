import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { users } from '../../../db/schema.ts';
import {
  budgetAssignments as A,
  budgetCommitments as K,
  budgetControlEvents,
  budgetTransfers,
} from './assignment.table.ts';
import { planningLines, planningMonths } from '../planning/planning.table.ts';

/*
 * Sums over the budget's ledgers (issue 13 section 4), in SQL over numeric(14,2), cast to numeric(20,2) so a long
 * ledger cannot overflow, returned as decimal strings ('0.00'). A line's figures are summed from its ledger rows;
 * an item's from the totals kept as the ledgers are written (budget_item_totals, issue 24 section 1).
 */

/** Locks a planning line's row (`SELECT … FOR UPDATE`) for the transaction; its year, or null when absent. */
export async function lockLine(tx: Executor, lineId: string): Promise<{ id: string; year: number } | null> {
  const rows = await tx
    .select({ id: planningLines.id, year: planningLines.year })
    .from(planningLines)
    .where(eq(planningLines.id, lineId))
    .for('update');
  return rows[0] ?? null;
}

/** A planning line's id and year without a lock, or null. */
export async function lineYear(db: Executor, lineId: string): Promise<{ id: string; year: number } | null> {
  const rows = await db
    .select({ id: planningLines.id, year: planningLines.year })
    .from(planningLines)
    .where(eq(planningLines.id, lineId));
  return rows[0] ?? null;
}

/** A line's planned amount per month (Q), January first. */
export async function plannedMonths(db: Executor, lineId: string): Promise<string[]> {
  const rows = await db
    .select({ month: planningMonths.month, amount: planningMonths.amount })
    .from(planningMonths)
    .where(eq(planningMonths.lineId, lineId))
    .orderBy(asc(planningMonths.month));
  const byMonth = new Map(rows.map((r) => [r.month, r.amount]));
  return Array.from({ length: 12 }, (_, i) => byMonth.get(i + 1) ?? '0.00');
}

export interface CellFigures {
  itemId: string;
  month: number;
  assigned: string;
  committed: string;
  executed: string;
}

/** Assigned, committed and executed per (item, month) of a line (only the cells with ledger rows). */
export async function lineCells(db: Executor, lineId: string, itemId?: string): Promise<CellFigures[]> {
  // A write asks for its own item's cells only: fewer rows read while it holds the line's and the cooperating's locks.
  const ofItem = itemId ? sql` and item_id = ${itemId}` : sql``;
  const result = await db.execute<{
    item_id: string;
    month: number;
    assigned: string;
    committed: string;
    executed: string;
  }>(sql`
    select item_id, month,
           sum(assigned)::numeric(20,2)::text as assigned,
           sum(committed)::numeric(20,2)::text as committed,
           sum(executed)::numeric(20,2)::text as executed
      from (
        select item_id, month, amount as assigned, 0 as committed, 0 as executed
          from budget_assignments where line_id = ${lineId}${ofItem}
        union all
        select item_id, month, 0,
               case when kind in ('commit', 'release') then amount else 0 end,
               case when kind = 'execute' then amount else 0 end
          from budget_commitments where line_id = ${lineId}${ofItem}
      ) ledger
     group by item_id, month`);
  return result.rows.map((r) => ({
    itemId: r.item_id,
    month: Number(r.month),
    assigned: r.assigned,
    committed: r.committed,
    executed: r.executed,
  }));
}

/**
 * What an item holds assigned over every line and month (Q), less what approved carry-forwards released from
 * closed years to be assigned again in the next (issue 13 section 4): the figure its limit is checked against.
 * Read from the totals kept as the ledgers are written (issue 24 section 1), which include this transaction's own
 * ledger rows; the caller holds the item's cooperating lock.
 */
export async function assignedOnItem(db: Executor, itemId: string): Promise<string> {
  const result = await db.execute<{ total: string }>(sql`
    select coalesce(sum(assigned - carried), 0)::numeric(20,2)::text as total
      from budget_item_totals where item_id = ${itemId}`);
  return result.rows[0]!.total;
}

/** An item's unspent amount in a year's lines (Q): assigned − committed − executed over them (kept totals). */
export async function unspentInYear(db: Executor, itemId: string, year: number): Promise<string> {
  const result = await db.execute<{ total: string }>(sql`
    select coalesce(sum(assigned - committed - executed), 0)::numeric(20,2)::text as total
      from budget_item_totals where item_id = ${itemId} and year = ${year}`);
  return result.rows[0]!.total;
}

/** What carry-forwards of an item from a year hold (Q): requested and approved ones, but `except`. */
export async function carriedFromYear(db: Executor, itemId: string, year: number, except: string | null = null) {
  const result = await db.execute<{ total: string }>(sql`
    select coalesce(sum(amount), 0)::numeric(20,2)::text as total from budget_carry_forwards
     where item_id = ${itemId} and from_year = ${year} and status in ('requested', 'approved')
       and (${except}::uuid is null or id <> ${except}::uuid)`);
  return result.rows[0]!.total;
}

/**
 * What each of `itemIds` holds assigned over every line and month, less what approved carry-forwards released
 * (Q, as `assignedOnItem` counts it for the item's limit; kept totals); items with neither are left out.
 */
export async function assignedOnItems(db: Executor, itemIds: string[]): Promise<Map<string, string>> {
  if (!itemIds.length) return new Map();
  const ids = sql.join(
    itemIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<{ item_id: string; total: string }>(sql`
    select item_id, sum(assigned - carried)::numeric(20,2)::text as total
      from budget_item_totals where item_id in (${ids})
     group by item_id`);
  return new Map(result.rows.map((r) => [r.item_id, r.total]));
}

/** Committed plus executed on an item over every line and month (Q; kept totals). */
export async function drawnOnItem(db: Executor, itemId: string): Promise<string> {
  const result = await db.execute<{ total: string }>(sql`
    select coalesce(sum(committed + executed), 0)::numeric(20,2)::text as total
      from budget_item_totals where item_id = ${itemId}`);
  return result.rows[0]!.total;
}

/** Whether the line has any ledger row (assignment or commitment): such a line is not deleted. */
export async function lineHasLedger(db: Executor, lineId: string): Promise<boolean> {
  const result = await db.execute<{ found: boolean }>(sql`
    select exists (select 1 from budget_assignments where line_id = ${lineId})
        or exists (select 1 from budget_commitments where line_id = ${lineId}) as found`);
  return result.rows[0]!.found;
}

/**
 * A line's planned and assigned (over every item) amount per month (Q), January first, and what `itemId` holds
 * over every line (`onItem`, Q: as `assignedOnItem`), in one statement: what the per-month and per-item limits of an
 * increase read after the line's and the item's locks.
 */
export async function monthFigures(
  db: Executor,
  lineId: string,
  itemId: string,
): Promise<{ planned: string[]; assigned: string[]; onItem: string }> {
  // What the item holds over every line (`assignedOnItem`) rides on the same statement: one round trip fewer while
  // the write holds its locks (issue 24 section 1, the mixed run).
  const result = await db.execute<{ planned: string; assigned: string; on_item: string }>(sql`
    select coalesce(pm.amount, 0)::numeric(20,2)::text as planned, coalesce(a.total, 0)::numeric(20,2)::text as assigned,
           (select coalesce(sum(assigned - carried), 0)::numeric(20,2)::text
              from budget_item_totals where item_id = ${itemId}) as on_item
      from generate_series(1, 12) as m(month)
      left join planning_months pm on pm.line_id = ${lineId} and pm.month = m.month
      left join (select month, sum(amount) as total from budget_assignments where line_id = ${lineId} group by month) a
        on a.month = m.month
     order by m.month`);
  return {
    planned: result.rows.map((r) => r.planned),
    assigned: result.rows.map((r) => r.assigned),
    onItem: result.rows[0]!.on_item,
  };
}

/** Assigned per month of a line over every item (Q), January first. */
export async function assignedByMonth(db: Executor, lineId: string): Promise<string[]> {
  const rows = await db
    .select({ month: A.month, total: sql<string>`sum(${A.amount})::numeric(20,2)::text` })
    .from(A)
    .where(eq(A.lineId, lineId))
    .groupBy(A.month);
  const byMonth = new Map(rows.map((r) => [r.month, r.total]));
  return Array.from({ length: 12 }, (_, i) => byMonth.get(i + 1) ?? '0.00');
}

export type AssignmentRow = typeof A.$inferInsert;

export async function insertAssignments(tx: Executor, rows: AssignmentRow[]): Promise<void> {
  if (rows.length) await tx.insert(A).values(rows);
}

export async function insertTransfer(tx: Executor, values: typeof budgetTransfers.$inferInsert): Promise<string> {
  const [row] = await tx.insert(budgetTransfers).values(values).returning({ id: budgetTransfers.id });
  return row!.id;
}

export async function insertCommitments(tx: Executor, rows: (typeof K.$inferInsert)[]): Promise<void> {
  if (rows.length) await tx.insert(K).values(rows);
}

/** What one source (a request) holds per (line, item, month) of `lineIds`: open commitment and executed (Q). */
export interface SourceCell {
  lineId: string;
  itemId: string;
  month: number;
  /** commit + release rows: what the source still holds committed. */
  open: string;
  executed: string;
}

/** The cells of `lineIds` where `source` has commitment rows, with its open commitment and its execution (Q). */
export async function sourceCells(
  db: Executor,
  source: { type: string; id: string },
  lineIds: string[],
): Promise<SourceCell[]> {
  if (!lineIds.length) return [];
  const ids = sql.join(
    lineIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute<{ line_id: string; item_id: string; month: number; open: string; executed: string }>(
    sql`
    select line_id, item_id, month,
           sum(case when kind in ('commit', 'release') then amount else 0 end)::numeric(20,2)::text as open,
           sum(case when kind = 'execute' then amount else 0 end)::numeric(20,2)::text as executed
      from budget_commitments
     where source_type = ${source.type} and source_id = ${source.id} and line_id in (${ids})
     group by line_id, item_id, month`,
  );
  return result.rows.map((r) => ({
    lineId: r.line_id,
    itemId: r.item_id,
    month: Number(r.month),
    open: r.open,
    executed: r.executed,
  }));
}

export async function insertControlEvent(tx: Executor, values: typeof budgetControlEvents.$inferInsert) {
  await tx.insert(budgetControlEvents).values(values);
}

/** The ledger rows of a line and item, oldest first, with the author's name. */
export function record(db: Executor, lineId: string, itemId: string) {
  return db
    .select({
      id: A.id,
      kind: A.kind,
      month: A.month,
      amount: A.amount,
      reason: A.reason,
      transferId: A.transferId,
      authorName: users.fullName,
      createdAt: A.createdAt,
    })
    .from(A)
    .leftJoin(users, eq(users.id, A.authorId))
    .where(and(eq(A.lineId, lineId), eq(A.itemId, itemId)))
    .orderBy(asc(A.createdAt), asc(A.id));
}

/** A planning line as a request chooses it: its month's planned and available amounts (Q), over every item. */
export interface LineAvailability {
  lineId: string;
  description: string;
  strategicAxis: string;
  program: string;
  planned: string;
  assigned: string;
  available: string;
}

/** The lines of `year` with their figures in `month` (see `availableLines` in spending/control.ts). */
export async function availableLines(
  db: Executor,
  f: { year: number; month: number; q?: string; limit?: number },
): Promise<LineAvailability[]> {
  const pattern = f.q ? `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const result = await db.execute<{
    id: string;
    description: string;
    strategic_axis: string;
    program: string;
    planned: string;
    assigned: string;
    available: string;
  }>(sql`
    select l.id, l.description, l.strategic_axis, l.program,
           coalesce(pm.amount, 0)::numeric(20,2)::text as planned,
           coalesce(a.total, 0)::numeric(20,2)::text as assigned,
           (coalesce(a.total, 0) - coalesce(k.total, 0))::numeric(20,2)::text as available
      from planning_lines l
      left join planning_months pm on pm.line_id = l.id and pm.month = ${f.month}
      left join lateral (select sum(amount) as total from budget_assignments
                          where line_id = l.id and month = ${f.month}) a on true
      left join lateral (select sum(amount) as total from budget_commitments
                          where line_id = l.id and month = ${f.month}) k on true
     where l.year = ${f.year}
       and (${pattern}::text is null or unaccent(l.description) ilike unaccent(${pattern})
            or l.program ilike ${pattern} or l.strategic_axis ilike ${pattern})
     order by l.strategic_axis, l.program, l.description, l.id
     limit ${f.limit ?? 50}`);
  return result.rows.map((r) => ({
    lineId: r.id,
    description: r.description,
    strategicAxis: r.strategic_axis,
    program: r.program,
    planned: r.planned,
    assigned: r.assigned,
    available: r.available,
  }));
}
