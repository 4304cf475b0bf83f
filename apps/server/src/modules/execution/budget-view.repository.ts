import { sql, type SQL } from 'drizzle-orm';
import type { ExecutionBudgetDimension, ExecutionBudgetFilters } from '@amparo/shared/modules/execution-budget.schema';
import type { Executor } from '../../db/client.ts';
import { REQUEST_SOURCE } from './requests.budget.ts';

/*
 * The sums of the budget's execution view (issue 27 section 3), one statement each, over numeric values returned
 * as text: the plan (planning_months) and the ledgers' totals kept per (line, item, month) by their triggers
 * (budget_cell_totals, migration 0053; or per (year, axis, program, month), budget_poa_totals) of a year's lines in
 * a range of months, each summed on its own before they are added together. The requests behind a figure are read
 * from the commitments ledger itself (its rows name their request).
 */

/** A row's sums (Q, numeric text with 2 places); `planned` null where the view has no plan (by funder). */
export interface FigureRow {
  key: string | null;
  axis: string | null;
  cooperatingId: string | null;
  planned: string | null;
  assigned: string;
  committed: string;
  executed: string;
}

const LINE_COLUMN: Record<'axis' | 'program' | 'expense_type', string> = {
  axis: 'strategic_axis',
  program: 'program',
  expense_type: 'expense_type',
};

/** Whether a view has a plan: by a line's classification and not narrowed to a funder. */
export const hasPlan = (by: ExecutionBudgetDimension, f: ExecutionBudgetFilters) =>
  by in LINE_COLUMN && !f.cooperatingId && !f.itemId;

/** SQL: the year's lines the filters keep (`l`). */
function linesWhere(f: ExecutionBudgetFilters): SQL {
  const parts = [sql`l.year = ${f.year}`];
  if (f.axis) parts.push(sql`l.strategic_axis = ${f.axis}`);
  if (f.program) parts.push(sql`l.program = ${f.program}`);
  if (f.expenseType) parts.push(sql`l.expense_type = ${f.expenseType}`);
  return sql.join(parts, sql` and `);
}

/** SQL: a ledger's rows (alias `x`) the filters keep: the months and the funder. */
function ledgerWhere(f: ExecutionBudgetFilters): SQL {
  const parts = [sql`x.month between ${f.fromMonth} and ${f.toMonth}`];
  if (f.cooperatingId) parts.push(sql`x.cooperating_id = ${f.cooperatingId}`);
  if (f.itemId) parts.push(sql`x.item_id = ${f.itemId}`);
  return sql.join(parts, sql` and `);
}

/** SQL: the row's key, axis and cooperating columns of a dimension, from the line `l` and the ledger row `x`. */
function dimensionOf(by: ExecutionBudgetDimension, ledger: boolean) {
  if (by === 'cooperating' || by === 'item') {
    if (!ledger) throw new Error('a plan has no funder');
    const key = by === 'item' ? sql`x.item_id::text` : sql`x.cooperating_id::text`;
    return { key, axis: sql`null::text`, cooperating: sql`x.cooperating_id` };
  }
  return {
    key: sql.raw(`l.${LINE_COLUMN[by]}`),
    axis: by === 'program' ? sql`l.strategic_axis` : sql`null::text`,
    cooperating: sql`null::uuid`,
  };
}

/**
 * The view's rows by `by` and their total (the row whose `key` is null), in one statement: planned (where
 * `hasPlan`), assigned, committed (commit and release rows) and executed (execute rows) of the year's lines the
 * filters keep, in the months `fromMonth`–`toMonth`, from the kept totals.
 */
export async function figureRows(
  db: Executor,
  by: ExecutionBudgetDimension,
  f: ExecutionBudgetFilters,
): Promise<FigureRow[]> {
  if ((by === 'axis' || by === 'program') && !f.expenseType && !f.cooperatingId && !f.itemId)
    return keptFigureRows(db, by, f);
  const planned = hasPlan(by, f);
  const d = dimensionOf(by, true);
  const plan = planned
    ? (() => {
        const p = dimensionOf(by, false);
        return sql`
        select ${p.key} as key, ${p.axis} as axis, ${p.cooperating} as cooperating_id, sum(x.amount) as planned,
               0::numeric as assigned, 0::numeric as committed, 0::numeric as executed
          from planning_lines l join planning_months x on x.line_id = l.id
         where ${linesWhere(f)} and x.month between ${f.fromMonth} and ${f.toMonth}
         group by 1, 2, 3
        union all`;
      })()
    : sql``;
  const result = await db.execute<{
    key: string | null;
    axis: string | null;
    cooperating_id: string | null;
    planned: string | null;
    assigned: string;
    committed: string;
    executed: string;
  }>(sql`
    select key, axis, cooperating_id,
           ${planned ? sql`coalesce(sum(planned), 0)::numeric(20,2)::text` : sql`null::text`} as planned,
           coalesce(sum(assigned), 0)::numeric(20,2)::text as assigned,
           coalesce(sum(committed), 0)::numeric(20,2)::text as committed,
           coalesce(sum(executed), 0)::numeric(20,2)::text as executed
      from (
        ${plan}
        select ${d.key} as key, ${d.axis} as axis, ${d.cooperating} as cooperating_id, 0::numeric as planned,
               sum(x.assigned) as assigned, sum(x.committed) as committed, sum(x.executed) as executed
          from planning_lines l join budget_cell_totals x on x.line_id = l.id
         where ${linesWhere(f)} and ${ledgerWhere(f)}
         group by 1, 2, 3
      ) sources
     group by grouping sets ((key, axis, cooperating_id), ())
     order by key nulls last`);
  return result.rows.map((r) => ({
    key: r.key,
    axis: r.axis,
    cooperatingId: r.cooperating_id,
    planned: r.planned,
    assigned: r.assigned,
    committed: r.committed,
    executed: r.executed,
  }));
}

/**
 * `figureRows` by axis or program without a narrowing the kept totals do not have (an expense type, a funder):
 * from `budget_poa_totals`, the totals the ledgers' triggers keep per (year, axis, program, month), as the POA
 * summary reads them (summary.repository.ts `cellsKept`). A year's view then sums a few hundred rows instead of
 * every ledger row of the year (issue 27 benchmark, docs/benchmarks.md).
 */
async function keptFigureRows(db: Executor, by: 'axis' | 'program', f: ExecutionBudgetFilters): Promise<FigureRow[]> {
  const parts = [sql`t.year = ${f.year}`, sql`t.month between ${f.fromMonth} and ${f.toMonth}`];
  if (f.axis) parts.push(sql`t.strategic_axis = ${f.axis}`);
  if (f.program) parts.push(sql`t.program = ${f.program}`);
  const key = by === 'program' ? sql`t.program` : sql`t.strategic_axis`;
  const axis = by === 'program' ? sql`t.strategic_axis` : sql`null::text`;
  const result = await db.execute<{
    key: string | null;
    axis: string | null;
    planned: string;
    assigned: string;
    committed: string;
    executed: string;
  }>(sql`
    select ${key} as key, ${axis} as axis,
           coalesce(sum(t.planned), 0)::numeric(20,2)::text as planned,
           coalesce(sum(t.assigned), 0)::numeric(20,2)::text as assigned,
           coalesce(sum(t.committed), 0)::numeric(20,2)::text as committed,
           coalesce(sum(t.executed), 0)::numeric(20,2)::text as executed
      from budget_poa_totals t
     where ${sql.join(parts, sql` and `)}
       -- Only (axis, program) pairs that have lines in the year, as the ledger sums give.
       and exists (select 1 from planning_lines l
                    where l.year = ${f.year} and l.strategic_axis = t.strategic_axis and l.program = t.program)
     group by grouping sets ((${key}, ${axis}), ())
     order by 1 nulls last`);
  return result.rows.map((r) => ({ ...r, cooperatingId: null }));
}

/** The codes and names of cooperating and items, by id. */
export async function funderNames(db: Executor, cooperatingIds: string[], itemIds: string[]) {
  const coops = cooperatingIds.length
    ? await db.execute<{ id: string; code: string; name: string }>(
        sql`select id, code, name from cooperating where id in ${sql`(${sql.join(
          cooperatingIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`}`,
      )
    : { rows: [] };
  const items = itemIds.length
    ? await db.execute<{ id: string; code: string; name: string; cooperating_code: string }>(
        sql`select i.id, i.code, i.name, c.code as cooperating_code
              from cooperating_items i join cooperating c on c.id = i.cooperating_id
             where i.id in ${sql`(${sql.join(
               itemIds.map((id) => sql`${id}::uuid`),
               sql`, `,
             )})`}`,
      )
    : { rows: [] };
  return {
    cooperating: new Map(coops.rows.map((c) => [c.id, `${c.code} – ${c.name}`])),
    items: new Map(items.rows.map((i) => [i.id, `${i.cooperating_code} / ${i.code} – ${i.name}`])),
  };
}

/** A request behind the figures: its sums within the filters (Q) and what the list shows of it. */
export interface RequestBehind {
  id: string;
  year: number;
  sequence: number;
  description: string;
  status: string;
  requesterName: string;
  committed: string;
  executed: string;
  invoices: number;
}

/**
 * The requests behind the filters' figures, newest first (by number), a page of them and how many there are,
 * counted up to four pages past the one asked (`capped` past it): a request of the year whose month is in the
 * range and one of whose items is on a line the filters keep (with a funder filter: one of whose ledger rows is
 * that funder's). Only the page's requests are summed, from the ledger's rows that name them (Q). Ordering by
 * number lets PostgreSQL stop after the page instead of summing every request of the year first (issue 27
 * benchmark, docs/benchmarks.md).
 */
export async function requestsBehind(
  db: Executor,
  f: ExecutionBudgetFilters,
  page: { page: number; pageSize: number },
): Promise<{ items: RequestBehind[]; total: number; capped: boolean }> {
  const cap = (page.page + 4) * page.pageSize;
  const funder = [
    ...(f.cooperatingId ? [sql`x.cooperating_id = ${f.cooperatingId}`] : []),
    ...(f.itemId ? [sql`x.item_id = ${f.itemId}`] : []),
  ];
  const matching = sql`
    select r.id, r.year, r.sequence from expense_requests r
     where r.year = ${f.year} and r.month between ${f.fromMonth} and ${f.toMonth}
       and exists (select 1 from expense_request_items i join planning_lines l on l.id = i.line_id
                    where i.request_id = r.id and ${linesWhere(f)})
       ${
         funder.length
           ? sql`and exists (select 1 from budget_commitments x
                              where x.source_type = ${REQUEST_SOURCE} and x.source_id = r.id
                                and ${sql.join(funder, sql` and `)})`
           : sql``
       }
     order by r.year desc, r.sequence desc`;
  const counted = await db.execute<{ n: number }>(sql`select count(*)::int as n from (${matching} limit ${cap + 1}) m`);
  const n = Number(counted.rows[0]?.n ?? 0);
  const result = await db.execute<{
    id: string;
    year: number;
    sequence: number;
    description: string;
    status: string;
    requester_name: string;
    committed: string;
    executed: string;
    invoices: number;
  }>(sql`
    with page as (${matching} limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize})
    select r.id, r.year, r.sequence, r.description, r.status, u.full_name as requester_name,
           coalesce(s.committed, 0)::numeric(20,2)::text as committed,
           coalesce(s.executed, 0)::numeric(20,2)::text as executed,
           (select count(*)::int from expense_request_invoices i where i.request_id = r.id) as invoices
      from page p
      join expense_requests r on r.id = p.id
      join users u on u.id = r.requester_id
      left join lateral (
        select sum(x.amount) filter (where x.kind in ('commit', 'release')) as committed,
               sum(x.amount) filter (where x.kind = 'execute') as executed
          from budget_commitments x join planning_lines l on l.id = x.line_id
         where x.source_type = ${REQUEST_SOURCE} and x.source_id = r.id and ${linesWhere(f)} and ${ledgerWhere(f)}
      ) s on true
     order by r.year desc, r.sequence desc`);
  return {
    items: result.rows.map((r) => ({
      id: r.id,
      year: Number(r.year),
      sequence: Number(r.sequence),
      description: r.description,
      status: r.status,
      requesterName: r.requester_name,
      committed: r.committed,
      executed: r.executed,
      invoices: Number(r.invoices),
    })),
    total: Math.min(n, cap),
    capped: n > cap,
  };
}
