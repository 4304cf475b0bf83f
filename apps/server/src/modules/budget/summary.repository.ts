import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/*
 * The budget views' sums (issue 13 section 5), one SQL statement each, over numeric values (cast to
 * numeric(20,2) and returned as text), from the plan (planning_months) and the append-only ledgers
 * (budget_assignments, budget_commitments): nothing is a stored running total.
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
 * Per (axis, program, month) of a year: planned, assigned, committed and executed (Q). With `asOf`, the
 * planned figures and the lines' classification are those an approved revision kept (plan_revision_months) and
 * the ledgers count only rows written up to `until` (the revision's approval), so a donor report reruns as it was.
 */
export async function poaCells(
  db: Executor,
  year: number,
  asOf: { revisionId: string; until: Date } | null = null,
): Promise<PoaCell[]> {
  const until = asOf ? sql`and created_at <= ${asOf.until.toISOString()}::timestamptz` : sql``;
  const lines = asOf
    ? sql`select distinct line_id as id, strategic_axis, program from plan_revision_months where revision_id = ${asOf.revisionId}`
    : sql`select id, strategic_axis, program from planning_lines where year = ${year}`;
  const planned = asOf
    ? sql`select line_id, month, amount from plan_revision_months where revision_id = ${asOf.revisionId}`
    : sql`select line_id, month, amount from planning_months where line_id in (select id from lines)`;
  const result = await db.execute<{
    axis: string;
    program: string;
    month: number;
    planned: string;
    assigned: string;
    committed: string;
    executed: string;
  }>(sql`
    with lines as (${lines}),
    ledger as (
      select line_id, month, amount as planned, 0::numeric as assigned, 0::numeric as committed, 0::numeric as executed
        from (${planned}) p
      union all
      select line_id, month, 0, amount, 0, 0 from budget_assignments where line_id in (select id from lines) ${until}
      union all
      select line_id, month, 0, 0,
             case when kind in ('commit', 'release') then amount else 0 end,
             case when kind = 'execute' then amount else 0 end
        from budget_commitments where line_id in (select id from lines) ${until}
    )
    select l.strategic_axis as axis, l.program, x.month,
           sum(x.planned)::numeric(20,2)::text as planned,
           sum(x.assigned)::numeric(20,2)::text as assigned,
           sum(x.committed)::numeric(20,2)::text as committed,
           sum(x.executed)::numeric(20,2)::text as executed
      from ledger x join lines l on l.id = x.line_id
     group by l.strategic_axis, l.program, x.month`);
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
 */
export async function funderRows(
  db: Executor,
  filter: { year?: number; cooperatingId?: string },
): Promise<FunderItemRow[]> {
  const year = filter.year ?? null;
  const inYear = (alias: string) =>
    year === null ? sql`` : sql`and ${sql.raw(alias)}.line_id in (select id from planning_lines where year = ${year})`;
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
      left join cooperating_items i on i.cooperating_id = c.id
      left join (
        select item_id, sum(case when type = 'sum' then amount else -amount end) as moved
          from cooperating_transactions group by item_id
      ) t on t.item_id = i.id
      left join (
        select item_id, sum(amount) as assigned from budget_assignments x where true ${inYear('x')} group by item_id
      ) a on a.item_id = i.id
      left join (
        select item_id,
               sum(amount) filter (where kind in ('commit', 'release')) as committed,
               sum(amount) filter (where kind = 'execute') as executed
          from budget_commitments x where true ${inYear('x')} group by item_id
      ) k on k.item_id = i.id
     where ${filter.cooperatingId ? sql`c.id = ${filter.cooperatingId}` : sql`true`}
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
