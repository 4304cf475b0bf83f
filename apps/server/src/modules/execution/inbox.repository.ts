import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { users } from '../users/users.table.ts';
import { expenseRequestItems, expenseRequests } from './requests.table.ts';

/** How many waiting requests a status counts exactly; past it the count says "more than". */
export const INBOX_COUNT_CAP = 500;

/** The inbox's filter and columns, from the workflow library's `waitingSql` over `expense_requests`. */
export interface Waiting {
  where: SQL<boolean>;
  actingFor: SQL<string | null>;
  states: string[];
}

/**
 * A page of the requests waiting for a user (`waiting`), urgent first, then the longest waiting (when each entered
 * its status, `stage_entered_at`), then by id, read in the order of `expense_requests_inbox_idx`; with `stage`, only
 * that status. `stages`: how many wait at each status (ignoring `stage`), each up to INBOX_COUNT_CAP (`capped`
 * past it; `total` and `totalCapped` follow). The requester's name and the line count
 * are read for the page's rows only.
 */
export async function inboxPage(db: Executor, waiting: Waiting, f: { stage?: string; page: number; pageSize: number }) {
  const r = expenseRequests;
  if (!waiting.states.length) return { items: [], total: 0, totalCapped: false, stages: [] };
  const base = and(inArray(r.status, waiting.states), waiting.where)!;
  const where = f.stage ? and(eq(r.status, f.stage), base)! : base;
  const items = await db
    .select({
      row: r,
      requesterName: sql<string>`(select ${users.fullName} from ${users} where ${users.id} = ${r.requesterId})`,
      lineCount: sql<number>`(select count(distinct i.line_id)::int from ${expenseRequestItems} i where i.request_id = ${r.id})`,
      actingFor: sql<string | null>`${waiting.actingFor}`,
    })
    .from(r)
    .where(where)
    .orderBy(desc(r.urgent), asc(r.stageEnteredAt), asc(r.id))
    .limit(f.pageSize)
    .offset((f.page - 1) * f.pageSize);
  // Each status counted up to the cap: past it the chooser says "500+", and no inbox pays for rules on every row.
  const counted = await db.execute<{ status: string; count: number }>(
    sql`${sql.join(
      waiting.states.map(
        (s) => sql`(select ${s}::text as status, count(*)::int as count
        from (select 1 from ${r} where ${r.status} = ${s} and ${waiting.where} limit ${INBOX_COUNT_CAP + 1}) x)`,
      ),
      sql` union all `,
    )}`,
  );
  const stages = counted.rows
    .filter((s) => s.count > 0)
    .map((s) => ({ status: s.status, count: Math.min(s.count, INBOX_COUNT_CAP), capped: s.count > INBOX_COUNT_CAP }));
  const chosen = f.stage ? stages.filter((s) => s.status === f.stage) : stages;
  return {
    items,
    total: chosen.reduce((n, s) => n + s.count, 0),
    totalCapped: chosen.some((s) => s.capped),
    stages,
  };
}
