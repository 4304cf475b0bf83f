import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { expenseRequestItems, expenseRequests } from './requests.table.ts';

/**
 * How many waiting requests a status counts exactly, for a page (1-based) of `pageSize`: four pages past it, as
 * the registry's lists count (`persons.service.ts`); past it the count says "more than". Counting every waiting
 * row was most of an administrator's inbox (issue 26's benchmark).
 */
export const inboxCountCap = (page: number, pageSize: number) => (page + 4) * pageSize;

/** The inbox's filter and columns per status, from the workflow library's `waitingSql` over `expense_requests`. */
export interface Waiting {
  states: string[];
  at: (state: string) => { where: SQL<boolean>; actingFor: SQL<string | null> };
}

/**
 * A page of the requests waiting for a user (`waiting`), urgent first, then the longest waiting (when each entered
 * its status, `stage_entered_at`), then by id; with `stage`, only that status. Each status is read on its own
 * through `expense_requests_inbox_idx (status, urgent desc, stage_entered_at, id)`, up to the page's end, with
 * only the rules that can pass there, and the branches are merged: no statement tests the chain's rules on every
 * waiting row (issue 26's benchmark). `stages`: how many wait at each status (ignoring `stage`), each up to
 * `inboxCountCap` (`capped` past it; `total` and `totalCapped` follow). The requester's name and the line count
 * are read for the page's rows only.
 */
export async function inboxPage(db: Executor, waiting: Waiting, f: { stage?: string; page: number; pageSize: number }) {
  const r = expenseRequests;
  const states = f.stage ? waiting.states.filter((s) => s === f.stage) : waiting.states;
  const cap = inboxCountCap(f.page, f.pageSize);
  if (!states.length) return { items: [], ...totals(await countWaiting(db, waiting, cap), f.stage) };
  const end = f.page * f.pageSize;
  const branches = states.map((s) => {
    const at = waiting.at(s);
    return sql`(select ${r.id} as id, ${r.urgent} as urgent, ${r.stageEnteredAt} as entered, ${at.actingFor} as acting_for
      from ${r} where ${r.status} = ${s} and ${at.where}
      order by ${r.urgent} desc, ${r.stageEnteredAt} asc, ${r.id} asc limit ${end})`;
  });
  // The branches merged and cut to the page before the page's rows are read whole.
  const page = sql`(select w.id, w.urgent, w.entered, w.acting_for from (${sql.join(branches, sql` union all `)}) w
    order by w.urgent desc, w.entered asc, w.id asc limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}) w`;
  const items = await db
    .select({
      // Only what an inbox row shows: the page's statement reads and maps 12 columns, not the request's 30.
      row: {
        id: r.id,
        year: r.year,
        sequence: r.sequence,
        type: r.type,
        status: r.status,
        month: r.month,
        requesterId: r.requesterId,
        description: r.description,
        urgent: r.urgent,
        total: r.total,
        createdAt: r.createdAt,
        stageEnteredAt: r.stageEnteredAt,
      },
      requesterName: sql<string>`(select ${users.fullName} from ${users} where ${users.id} = ${r.requesterId})`,
      lineCount: sql<number>`(select count(distinct i.line_id)::int from ${expenseRequestItems} i where i.request_id = ${r.id})`,
      actingFor: sql<string | null>`w.acting_for`,
      // The counts ride on the page's statement (computed once, an InitPlan): one round trip less per inbox.
      counts: sql<
        [string, number][] | null
      >`(select json_agg(json_build_array(c.status, c.count)) from (${countsSql(waiting, cap)}) c)`,
    })
    .from(r)
    .innerJoin(page, sql`w.id = ${r.id}`)
    .orderBy(desc(r.urgent), asc(r.stageEnteredAt), asc(r.id));
  // An empty page (past the end, or nothing waits) carries no counts: they are asked alone.
  const counted = items.length
    ? stagesOf(
        (items[0]!.counts ?? []).map(([status, count]) => ({ status, count })),
        cap,
      )
    : await countWaiting(db, waiting, cap);
  return { items: items.map(({ counts: _c, ...item }) => item), ...totals(counted, f.stage) };
}

/**
 * SQL: `(status, count)` of each of `waiting`'s statuses, each counted up to `cap + 1`. In the page's order, so
 * each count reads the inbox index from its start and stops at the cap (without it PostgreSQL chose to scan the
 * table, or a bitmap of the whole status, for the first few hundred rows).
 */
function countsSql(waiting: Waiting, cap: number): SQL {
  const r = expenseRequests;
  return sql.join(
    waiting.states.map(
      (s) => sql`(select ${s}::text as status, count(*)::int as count
        from (select 1 from ${r} where ${r.status} = ${s} and ${waiting.at(s).where}
          order by ${r.urgent} desc, ${r.stageEnteredAt} asc, ${r.id} asc limit ${cap + 1}) x)`,
    ),
    sql` union all `,
  );
}

/** How many requests wait at each of `waiting`'s statuses, each counted up to `cap` (`capped` past it). */
async function countWaiting(db: Executor, waiting: Waiting, cap: number) {
  if (!waiting.states.length) return [];
  // Each status counted up to the cap: past it the chooser says "125+", and no inbox pays for rules on every row.
  return stagesOf((await db.execute<{ status: string; count: number }>(countsSql(waiting, cap))).rows, cap);
}

const stagesOf = (counted: { status: string; count: number }[], cap: number) =>
  counted
    .filter((s) => s.count > 0)
    .map((s) => ({ status: s.status, count: Math.min(s.count, cap), capped: s.count > cap }));

function totals(stages: ReturnType<typeof stagesOf>, stage?: string) {
  const chosen = stage ? stages.filter((s) => s.status === stage) : stages;
  return { total: chosen.reduce((n, s) => n + s.count, 0), totalCapped: chosen.some((s) => s.capped), stages };
}
