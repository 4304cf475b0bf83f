import { sql } from 'drizzle-orm';
import type { FunderFigures } from '@amparo/shared/modules/budget-summary.schema';
import type { Executor } from '../../../db/client.ts';

/*
 * The budget views' sums (issue 13 section 5), one SQL statement each, over numeric values (cast to
 * numeric(20,2) and returned as text): today's figures from the totals kept as the ledgers are written
 * (budget_poa_totals, budget_item_totals: issue 24 section 1, decision 0019), figures as of a day or an approved
 * revision from the plan (planning_months, plan_revision_months) and the append-only ledgers
 * (budget_assignments, budget_commitments) cut by time.
 */

/**
 * SQL: the sum of `column` (a numeric expression) as Q text with 2 places; zero over no rows, as the empty grouping
 * set's total row of a year without lines or of no cooperating has (never null).
 */
const money = (column: string) => sql.raw(`coalesce(sum(${column}), 0)::numeric(20,2)::text`);

/**
 * A row of the POA roll-up (`poaRollup`): planned, assigned, committed and executed (Q, decimal strings with 2
 * places) and executed over planned (%, one place, half away from zero; null when nothing is planned) of one
 * (axis, program, month), or of a roll-up of them: `axis`, `program` or `month` is null where the row adds up
 * over it (a program's year, an axis's month, the year's total...).
 */
export interface PoaRollupRow {
  axis: string | null;
  program: string | null;
  month: number | null;
  planned: string;
  assigned: string;
  committed: string;
  executed: string;
  executedPercent: string | null;
}

/**
 * The POA summary's every figure in one statement: per (axis, program, month) cell (`cellsOf`) and rolled up by
 * GROUPING SETS to each program's year, each axis's months and year, the year's months and its total. The sums
 * and the percentages are PostgreSQL numeric: the server only places them (adding 480 cells with decimal.js in
 * the server took 6 ms of its CPU a summary, the most of a request: issue 24 section 1, mixed run).
 */
export async function poaRollup(
  db: Executor,
  year: number,
  asOf: { revisionId: string; until: Date } | null = null,
): Promise<PoaRollupRow[]> {
  const result = await db.execute<{
    axis: string | null;
    program: string | null;
    month: number | null;
    planned: string;
    assigned: string;
    committed: string;
    executed: string;
    executed_percent: string | null;
  }>(sql`
    select axis, program, month,
           ${money('planned')} as planned, ${money('assigned')} as assigned,
           ${money('committed')} as committed, ${money('executed')} as executed,
           case when coalesce(sum(planned), 0) = 0 then null
             else round(sum(executed) * 100 / sum(planned), 1)::text end as executed_percent
      from (${asOf ? cellsAsOf(year, asOf) : cellsKept(year)}) cells
     group by grouping sets ((axis, program, month), (axis, program), (axis, month), (axis), (month), ())`);
  return result.rows.map((r) => ({
    axis: r.axis,
    program: r.program,
    month: r.month === null ? null : Number(r.month),
    planned: r.planned,
    assigned: r.assigned,
    committed: r.committed,
    executed: r.executed,
    executedPercent: r.executed_percent,
  }));
}

/**
 * Per (axis, program, month) of a year as an approved revision kept it: planned, assigned, committed and
 * executed (Q, numeric). Each source is summed per (axis, program, month) over the revision's lines on its own
 * (the ledgers' rows read from their covering `(line_id, item_id, month, …, amount)` indexes), and the three sets
 * of at most 12 × programs cells are added together. Joining the union of every row to the lines before grouping
 * sorted about 115,000 rows per request (past work_mem, on disk) and its estimated cost had PostgreSQL
 * JIT-compile it (about 40 ms) every time: 2.3 times the CPU (issue 13 benchmark, docs/benchmarks.md).
 *
 * The lines, their classification and planned figures are those the revision kept (plan_revision_months) and the
 * ledgers count only rows written up to `until` (the revision's approval), so a donor report reruns as it was.
 */
function cellsAsOf(year: number, asOf: { revisionId: string; until: Date }) {
  const lines = sql`(select distinct line_id as id, strategic_axis, program from plan_revision_months
            where revision_id = ${asOf.revisionId}) l`;
  const planned = sql`plan_revision_months m on m.line_id = l.id and m.revision_id = ${asOf.revisionId}`;
  const until = (alias: string) => sql`and ${sql.raw(alias)}.created_at <= ${asOf.until.toISOString()}::timestamptz`;
  return sql`
    select axis, program, month, sum(planned) as planned, sum(assigned) as assigned,
           sum(committed) as committed, sum(executed) as executed
      from (
        select l.strategic_axis as axis, l.program, m.month, sum(m.amount) as planned,
               0::numeric as assigned, 0::numeric as committed, 0::numeric as executed
          from ${lines} join ${planned}
         group by l.strategic_axis, l.program, m.month
        union all
        select l.strategic_axis, l.program, a.month, 0, sum(a.amount), 0, 0
          from ${lines} join budget_assignments a on a.line_id = l.id ${until('a')}
         group by l.strategic_axis, l.program, a.month
        union all
        select l.strategic_axis, l.program, k.month, 0, 0,
               coalesce(sum(k.amount) filter (where k.kind in ('commit', 'release')), 0),
               coalesce(sum(k.amount) filter (where k.kind = 'execute'), 0)
          from ${lines} join budget_commitments k on k.line_id = l.id ${until('k')}
         group by l.strategic_axis, l.program, k.month
      ) sources
     group by axis, program, month`;
}

/**
 * Per (axis, program, month) of a year from the totals kept as the ledgers are written (`budget_poa_totals`,
 * issue 24 section 1): a key's total is the sum of its rows. Only (axis, program) pairs that have lines in the
 * year, as the ledger sums gave (a pair whose lines all moved away keeps zero-sum rows until they are compacted
 * away).
 */
function cellsKept(year: number) {
  return sql`
    select t.strategic_axis as axis, t.program, t.month, sum(t.planned) as planned, sum(t.assigned) as assigned,
           sum(t.committed) as committed, sum(t.executed) as executed
      from budget_poa_totals t
     where t.year = ${year}
       and exists (select 1 from planning_lines l
                    where l.year = ${year} and l.strategic_axis = t.strategic_axis and l.program = t.program)
     group by t.strategic_axis, t.program, t.month`;
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

/**
 * A row of the funder summary (`funderRows`): an item (`level` 'item'), a cooperating's sums over its items
 * ('cooperating'), or the sums over every listed cooperating ('total', with `ceilings`, the sum of their
 * ceilings). Amounts in Q, decimal strings with 2 places; the fields a level adds up over are null.
 */
export interface FunderRollupRow {
  level: 'item' | 'cooperating' | 'total';
  cooperatingId: string | null;
  code: string | null;
  name: string | null;
  currency: string | null;
  ceiling: string | null;
  active: boolean | null;
  itemId: string | null;
  itemCode: string | null;
  itemName: string | null;
  /** unassigned = amount − assigned; available = assigned − committed − executed. */
  figures: FunderFigures;
  /** The total's: the sum of the listed cooperating's ceilings (null on other levels). */
  ceilings: string | null;
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
): Promise<FunderRollupRow[]> {
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
  // Each item's figures, its cooperating's and the total's by GROUPING SETS: all in numeric, the server only
  // places them (decimal.js over 440 rows cost 6 ms of the server's CPU a summary: issue 24 section 1).
  const cooperatingKey = sql`cooperating_id, code, name, currency, ceiling, active`;
  const result = await db.execute<
    {
      level: number;
      cooperating_id: string | null;
      code: string | null;
      name: string | null;
      currency: string | null;
      ceiling: string | null;
      active: boolean | null;
      item_id: string | null;
      item_code: string | null;
      item_name: string | null;
      ceilings: string | null;
    } & FunderFigures
  >(sql`
    with r as (
      select c.id as cooperating_id, c.code, c.name, c.currency, c.ceiling, c.active,
             i.id as item_id, i.code as item_code, i.name as item_name,
             coalesce(i.initial_amount, 0) + coalesce(t.moved, 0) as amount,
             coalesce(a.assigned, 0) as assigned, coalesce(k.committed, 0) as committed,
             coalesce(k.executed, 0) as executed,
             row_number() over (partition by c.id) = 1 as first_of_cooperating
        from cooperating c
        left join cooperating_items i on i.cooperating_id = c.id ${before('i.created_at')}
        left join (
          select item_id, sum(case when type = 'sum' then amount else -amount end) as moved
            from cooperating_transactions where true ${before('created_at')} group by item_id
        ) t on t.item_id = i.id
        ${ledgers}
       where ${filter.cooperatingId ? sql`c.id = ${filter.cooperatingId}` : sql`true`} ${before('c.created_at')}
    )
    select grouping(cooperating_id, item_id)::int as level,
           cooperating_id, code, name, currency, ceiling::text, active, item_id, item_code, item_name,
           ${money('amount')} as amount, ${money('assigned')} as assigned,
           ${money('amount - assigned')} as unassigned,
           ${money('committed')} as committed, ${money('executed')} as executed,
           ${money('assigned - committed - executed')} as available,
           case when grouping(cooperating_id) = 1
             then coalesce(sum(ceiling) filter (where first_of_cooperating), 0)::numeric(20,2)::text end as ceilings
      from r
     group by grouping sets ((${cooperatingKey}, item_id, item_code, item_name), (${cooperatingKey}), ())
     order by upper(code), cooperating_id, grouping(item_id) desc, upper(item_code)`);
  const levels = { 0: 'item', 1: 'cooperating', 3: 'total' } as const;
  return result.rows.map((r) => ({
    level: levels[Number(r.level) as keyof typeof levels],
    cooperatingId: r.cooperating_id,
    code: r.code,
    name: r.name,
    currency: r.currency,
    ceiling: r.ceiling,
    active: r.active,
    itemId: r.item_id,
    itemCode: r.item_code,
    itemName: r.item_name,
    figures: {
      amount: r.amount,
      assigned: r.assigned,
      unassigned: r.unassigned,
      committed: r.committed,
      executed: r.executed,
      available: r.available,
    },
    ceilings: r.ceilings,
  }));
}
