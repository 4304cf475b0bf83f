import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/*
 * The budget views' sums (issue 13 section 5), one SQL statement each, over numeric values (cast to
 * numeric(20,2) and returned as text): today's figures from the totals kept as the ledgers are written
 * (budget_poa_totals, budget_item_totals: issue 24 section 1, decision 0019), figures as of a day or an approved
 * revision from the plan (planning_months, plan_revision_months) and the append-only ledgers
 * (budget_assignments, budget_commitments) cut by time.
 */

export interface PoaCell {
  axis: string;
  program: string;
  month: number;
  planned: string;
  assigned: string;
  committed: string;
  executed: string;
}

/**
/**
 * Per (axis, program, month) of a year: planned, assigned, committed and executed (Q). Each source is summed per
 * (axis, program, month) over the year's lines on its own (the ledgers' rows read from their covering
 * `(line_id, item_id, month, …, amount)` indexes), and the three sets of at most 12 × programs cells are added
 * together. Joining the union of every row to the lines before grouping sorted about 115,000 rows per request
 * (past work_mem, on disk) and its estimated cost had PostgreSQL JIT-compile it (about 40 ms) every time: 2.3
 * times the CPU (issue 13 benchmark, docs/benchmarks.md).
 *
 * With `asOf`, the lines, their classification and planned figures are those an approved revision kept
 * (plan_revision_months) and the ledgers count only rows written up to `until` (the revision's approval), so a
 * donor report reruns as it was.
 */
export async function poaCells(
  db: Executor,
  year: number,
  asOf: { revisionId: string; until: Date } | null = null,
): Promise<PoaCell[]> {
  if (!asOf) return poaCellsKept(db, year);
  const lines = asOf
    ? sql`(select distinct line_id as id, strategic_axis, program from plan_revision_months
            where revision_id = ${asOf.revisionId}) l`
    : sql`planning_lines l`;
  const ofYear = asOf ? sql`true` : sql`l.year = ${year}`;
  const planned = asOf
    ? sql`plan_revision_months m on m.line_id = l.id and m.revision_id = ${asOf.revisionId}`
    : sql`planning_months m on m.line_id = l.id`;
  const until = (alias: string) =>
    asOf ? sql`and ${sql.raw(alias)}.created_at <= ${asOf.until.toISOString()}::timestamptz` : sql``;
  const result = await db.execute<{
    axis: string;
    program: string;
    month: number;
    planned: string;
    assigned: string;
    committed: string;
    executed: string;
  }>(sql`
    select axis, program, month,
           sum(planned)::numeric(20,2)::text as planned,
           sum(assigned)::numeric(20,2)::text as assigned,
           sum(committed)::numeric(20,2)::text as committed,
           sum(executed)::numeric(20,2)::text as executed
      from (
        select l.strategic_axis as axis, l.program, m.month, sum(m.amount) as planned,
               0::numeric as assigned, 0::numeric as committed, 0::numeric as executed
          from ${lines} join ${planned}
         where ${ofYear}
         group by l.strategic_axis, l.program, m.month
        union all
        select l.strategic_axis, l.program, a.month, 0, sum(a.amount), 0, 0
          from ${lines} join budget_assignments a on a.line_id = l.id ${until('a')}
         where ${ofYear}
         group by l.strategic_axis, l.program, a.month
        union all
        select l.strategic_axis, l.program, k.month, 0, 0,
               coalesce(sum(k.amount) filter (where k.kind in ('commit', 'release')), 0),
               coalesce(sum(k.amount) filter (where k.kind = 'execute'), 0)
          from ${lines} join budget_commitments k on k.line_id = l.id ${until('k')}
         where ${ofYear}
         group by l.strategic_axis, l.program, k.month
      ) cells
     group by axis, program, month`);
  return result.rows.map((r) => ({ ...r, month: Number(r.month) }));
}

/**
 * The year's cells from the totals kept as the ledgers are written (`budget_poa_totals`, issue 24 section 1): a
 * key's total is the sum of its rows. Only (axis, program) pairs that have lines in the year, as the ledger sums
 * gave (a pair whose lines all moved away keeps zero-sum rows until they are compacted away).
 */
async function poaCellsKept(db: Executor, year: number): Promise<PoaCell[]> {
  const result = await db.execute<{
    axis: string;
    program: string;
    month: number;
    planned: string;
    assigned: string;
    committed: string;
    executed: string;
  }>(sql`
    select t.strategic_axis as axis, t.program, t.month,
           sum(t.planned)::numeric(20,2)::text as planned, sum(t.assigned)::numeric(20,2)::text as assigned,
           sum(t.committed)::numeric(20,2)::text as committed, sum(t.executed)::numeric(20,2)::text as executed
      from budget_poa_totals t
     where t.year = ${year}
       and exists (select 1 from planning_lines l
                    where l.year = ${year} and l.strategic_axis = t.strategic_axis and l.program = t.program)
     group by t.strategic_axis, t.program, t.month`);
  return result.rows.map((r) => ({ ...r, month: Number(r.month) }));
}

/** Lines per (axis, program): of the year, or of an approved revision. */
export async function poaLineCounts(db: Executor, year: number, revisionId: string | null = null) {
  const result = await db.execute<{ axis: string; program: string; n: number }>(
    revisionId
      ? sql`select strategic_axis as axis, program, count(distinct line_id)::int as n from plan_revision_months
             where revision_id = ${revisionId} group by strategic_axis, program`
      : sql`select strategic_axis as axis, program, count(*)::int as n from planning_lines where year = ${year}
             group by strategic_axis, program`,
  );
  return result.rows;
}

export interface FunderItemRow {
  cooperatingId: string;
  code: string;
  name: string;
  currency: string;
  ceiling: string;
  active: boolean;
  itemId: string | null;
  itemCode: string | null;
  itemName: string | null;
  amount: string;
  assigned: string;
  committed: string;
  executed: string;
}

/**
 * Per cooperating and item: the item's current amount (initial + sums − subtractions: the cooperating's rule,
 * issue 13 section 2), and what is assigned, committed and executed of it (of `year`'s lines when given). A
 * cooperating without items comes once with null item and zero figures. Ordered by cooperating and item code.
 * `asOf` (a day): only what was written up to the end of that day in America/Guatemala (an item's initial amount
 * is its current one: its edits are audited, not kept as rows).
 *
 * Without `asOf`: the item's rows of `budget_item_totals` (of the year, or of every year), kept as the ledgers are
 * written (issue 24 section 1). As of a day, from the ledgers:
 * every year: each item's sums are read from the ledgers' covering `(item_id, …, amount)` indexes, item by
 * item (hashing some 450,000 ledger rows by item on every request was most of its time). One year: the
 * ledger rows of each of the year's lines, read from the covering line indexes, summed by item; `offset 0`
 * keeps that per-line read (without it the planner chose parallel scans of the whole ledgers, three processes
 * each reading a third: about three times the CPU per request, which 10 concurrent requests on two cores pay).
 * Issue 13 benchmark, docs/benchmarks.md.
 */
export async function funderRows(
  db: Executor,
  filter: { year?: number; cooperatingId?: string; asOf?: string },
): Promise<FunderItemRow[]> {
  const year = filter.year ?? null;
  // As of a day: what was written before the end of that day in Guatemala (a donor report rerun as it stood).
  const cut = filter.asOf ? sql`((${filter.asOf}::date + 1)::timestamp at time zone 'America/Guatemala')` : null;
  const before = (column: string) => (cut ? sql`and ${sql.raw(column)} < ${cut}` : sql``);
  // Without a day, the totals kept as the ledgers are written (issue 24 section 1): a year's rows or every year's.
  const kept = sql`
      left join (
        select item_id, sum(assigned) as assigned, sum(committed) as committed, sum(executed) as executed
          from budget_item_totals where ${year === null ? sql`true` : sql`year = ${year}`} group by item_id
      ) a on a.item_id = i.id
      left join lateral (select a.committed, a.executed) k on true`;
  const ledgers = !cut
    ? kept
    : year === null
      ? sql`
      left join lateral (
        select sum(x.amount) as assigned from budget_assignments x where x.item_id = i.id ${before('x.created_at')}
      ) a on true
      left join lateral (
        select sum(x.amount) filter (where x.kind in ('commit', 'release')) as committed,
               sum(x.amount) filter (where x.kind = 'execute') as executed
          from budget_commitments x where x.item_id = i.id ${before('x.created_at')}
      ) k on true`
      : sql`
      left join (
        select x.item_id, sum(x.amount) as assigned
          from planning_lines l
          cross join lateral (
            select item_id, amount from budget_assignments where line_id = l.id ${before('created_at')} offset 0
          ) x
         where l.year = ${year} group by x.item_id
      ) a on a.item_id = i.id
      left join (
        select x.item_id,
               sum(x.amount) filter (where x.kind in ('commit', 'release')) as committed,
               sum(x.amount) filter (where x.kind = 'execute') as executed
          from planning_lines l
          cross join lateral (
            select item_id, kind, amount from budget_commitments where line_id = l.id ${before('created_at')} offset 0
          ) x
         where l.year = ${year} group by x.item_id
      ) k on k.item_id = i.id`;
  const result = await db.execute<{
    cooperating_id: string;
    code: string;
    name: string;
    currency: string;
    ceiling: string;
    active: boolean;
    item_id: string | null;
    item_code: string | null;
    item_name: string | null;
    amount: string;
    assigned: string;
    committed: string;
    executed: string;
  }>(sql`
    select c.id as cooperating_id, c.code, c.name, c.currency, c.ceiling::text, c.active,
           i.id as item_id, i.code as item_code, i.name as item_name,
           (coalesce(i.initial_amount, 0) + coalesce(t.moved, 0))::numeric(20,2)::text as amount,
           coalesce(a.assigned, 0)::numeric(20,2)::text as assigned,
           coalesce(k.committed, 0)::numeric(20,2)::text as committed,
           coalesce(k.executed, 0)::numeric(20,2)::text as executed
      from cooperating c
      left join cooperating_items i on i.cooperating_id = c.id ${before('i.created_at')}
      left join (
        select item_id, sum(case when type = 'sum' then amount else -amount end) as moved
          from cooperating_transactions where true ${before('created_at')} group by item_id
      ) t on t.item_id = i.id
      ${ledgers}
     where ${filter.cooperatingId ? sql`c.id = ${filter.cooperatingId}` : sql`true`} ${before('c.created_at')}
     order by upper(c.code), upper(i.code)`);
  return result.rows.map((r) => ({
    cooperatingId: r.cooperating_id,
    code: r.code,
    name: r.name,
    currency: r.currency,
    ceiling: r.ceiling,
    active: r.active,
    itemId: r.item_id,
    itemCode: r.item_code,
    itemName: r.item_name,
    amount: r.amount,
    assigned: r.assigned,
    committed: r.committed,
    executed: r.executed,
  }));
}
