import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { headquarters, roles, users } from '../../db/schema.ts';
import { workflowHistory } from '../../lib/workflow/workflow.table.ts';
import { supportComments, supportFiles, supportTicketCounters, supportTickets } from './support.table.ts';

/** Tickets' queries (issue 12). Names of people come from `users`: staff, never persons of the registry. */

const requesters = alias(users, 'requesters');
const assignees = alias(users, 'assignees');

const row = {
  ticket: supportTickets,
  headquarterName: headquarters.name,
  requesterName: requesters.fullName,
  assigneeName: assignees.fullName,
};

/** Tickets with their headquarter's, requester's and assignee's names. */
const selectTickets = (db: Executor) =>
  db
    .select(row)
    .from(supportTickets)
    .leftJoin(headquarters, eq(headquarters.id, supportTickets.headquarterId))
    .leftJoin(requesters, eq(requesters.id, supportTickets.requesterId))
    .leftJoin(assignees, eq(assignees.id, supportTickets.assigneeId));

/** SQL: users holding `soporte_gestion` with its parent key (role keys and extra keys), active. */
function supportStaffWhere(): SQL {
  return sql`${users.active} and (coalesce(${roles.permissions}, '{}'::text[]) || ${users.extraPermissions}) @> array['soporte', 'soporte_gestion']::text[]`;
}

/** Whether `userId` is an active user holding `soporte_gestion` (a valid assignee). */
export async function isSupportStaff(db: Executor, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, userId), supportStaffWhere()))
    .limit(1);
  return rows.length === 1;
}

/** Active users holding `soporte_gestion`, by name: the assignees to choose from and whom a new ticket notifies. */
export function supportStaff(db: Executor) {
  return db
    .select({ id: users.id, fullName: users.fullName })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(supportStaffWhere())
    .orderBy(asc(users.fullName));
}

/**
 * The next number of `year` (1, 2, ...): the counter row's lock holds a
 * concurrent creation until this transaction ends, so numbers never repeat,
 * and a rolled-back creation gives its number back (no gaps).
 */
export async function nextNumber(tx: Executor, year: number): Promise<number> {
  const [r] = await tx
    .insert(supportTicketCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: supportTicketCounters.year, set: { last: sql`${supportTicketCounters.last} + 1` } })
    .returning({ last: supportTicketCounters.last });
  return r!.last;
}

export async function insertTicket(tx: Executor, values: typeof supportTickets.$inferInsert): Promise<string> {
  const [r] = await tx.insert(supportTickets).values(values).returning({ id: supportTickets.id });
  return r!.id;
}

/** A ticket with its headquarter's and people's names, or null. */
export async function findTicket(db: Executor, id: string) {
  const rows = await selectTickets(db).where(eq(supportTickets.id, id)).limit(1);
  return rows[0] ?? null;
}
export type TicketRow = NonNullable<Awaited<ReturnType<typeof findTicket>>>;

const like = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/**
 * SQL: the ticket's number, description or a comment contains `term`
 * (case-insensitive, LIKE wildcards escaped); internal comments count only
 * when `internal` (support staff). A union of trigram-indexed lookups.
 */
export function searchWhere(term: string, internal: boolean): SQL {
  const pattern = like(term);
  const t = supportTickets;
  const c = supportComments;
  return sql`${t.id} in (
    select ${t.id} from ${t} where ${t.number} ilike ${pattern}
    union
    select ${t.id} from ${t} where ${t.description} ilike ${pattern}
    union
    select ${c.ticketId} from ${c} where ${c.body} ilike ${pattern}${internal ? sql`` : sql` and not ${c.internal}`}
  )`;
}

const PRIORITY_RANK = sql`case ${supportTickets.priority} when 'alta' then 1 when 'media' then 2 else 3 end`;
const SORTS = {
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  number: supportTickets.number,
  priority: PRIORITY_RANK,
  resolutionDueAt: supportTickets.resolutionDueAt,
} as const;

/**
 * A page of tickets matching `where`, sorted (then by id), with the total
 * counted up to `cap` (`capped` when there are more). The filter runs once:
 * the ids of the first `cap + 1` matches in order, then the page's rows.
 */
export async function listTickets(
  db: Executor,
  where: SQL | undefined,
  sort: keyof typeof SORTS,
  order: 'asc' | 'desc',
  page: number,
  pageSize: number,
  cap: number,
) {
  const by = SORTS[sort];
  const dir = order === 'asc' ? asc : desc;
  const matched = await db
    .select({ id: supportTickets.id })
    .from(supportTickets)
    .where(where)
    .orderBy(
      sort === 'priority' ? sql`${by} ${sql.raw(order)}` : dir(by as typeof supportTickets.createdAt),
      dir(supportTickets.id),
    )
    .limit(cap + 1);
  const ids = matched.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id);
  return {
    items: await ticketsInOrder(db, ids),
    total: Math.min(matched.length, cap),
    capped: matched.length > cap,
  };
}

/** The tickets of `ids` with their names, in the order of `ids`. */
async function ticketsInOrder(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await selectTickets(db).where(inArray(supportTickets.id, ids));
  const byId = new Map(rows.map((r) => [r.ticket.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many tickets match `where`, counted up to `cap` (`capped` when there are more). */
export async function countTickets(db: Executor, where: SQL | undefined, cap: number) {
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${supportTickets} where ${where ?? sql`true`} limit ${cap + 1}) s`,
  );
  const n = Number(counted.rows[0]?.n ?? 0);
  return { total: Math.min(n, cap), capped: n > cap };
}

/** Every ticket matching `where`, in batches after `afterNumber` (the export), by number. */
export function exportBatch(db: Executor, where: SQL | undefined, afterNumber: string, size: number) {
  return selectTickets(db)
    .where(and(where, sql`${supportTickets.number} > ${afterNumber}`))
    .orderBy(asc(supportTickets.number))
    .limit(size);
}

/**
 * The board's columns in three statements: each status's cards (open
 * statuses: every ticket, the oldest `limit` first; closed ones: those that
 * reached it in the last `closedWithinDays` days, the latest `closedLimit`
 * first), their rows, and the count per status over the same tickets.
 */
export async function boardColumns(
  db: Executor,
  where: SQL | undefined,
  statuses: { open: readonly string[]; closed: readonly string[] },
  limits: { open: number; closed: number; closedWithinDays: number },
) {
  const t = supportTickets;
  const filter = where ?? sql`true`;
  const recent = sql`${t.updatedAt} > now() - make_interval(days => ${limits.closedWithinDays})`;
  const parts = [
    ...statuses.open.map(
      (s) =>
        sql`(select ${t.id} as id from ${t} where ${filter} and ${t.status} = ${s} order by ${t.createdAt} asc, ${t.id} asc limit ${limits.open})`,
    ),
    ...statuses.closed.map(
      (s) =>
        sql`(select ${t.id} as id from ${t} where ${filter} and ${t.status} = ${s} and ${recent} order by ${t.updatedAt} desc, ${t.id} asc limit ${limits.closed})`,
    ),
  ];
  const picked = await db.execute<{ id: string }>(sql.join(parts, sql` union all `));
  const cards = await ticketsInOrder(
    db,
    picked.rows.map((r) => r.id),
  );
  const counted = await db
    .select({ status: t.status, n: sql<number>`count(*)::int` })
    .from(t)
    .where(
      and(
        where,
        sql`(${inArray(t.status, [...statuses.open])} or (${inArray(t.status, [...statuses.closed])} and ${recent}))`,
      ),
    )
    .groupBy(t.status);
  return { cards, counts: new Map(counted.map((c) => [c.status, c.n])) };
}

/** A ticket's comments, oldest first, internal ones only when `internal`. */
export function commentsOf(db: Executor, ticketId: string, internal: boolean) {
  return db
    .select({ comment: supportComments, authorName: users.fullName })
    .from(supportComments)
    .leftJoin(users, eq(users.id, supportComments.authorId))
    .where(and(eq(supportComments.ticketId, ticketId), internal ? undefined : eq(supportComments.internal, false)))
    .orderBy(asc(supportComments.createdAt), asc(supportComments.id));
}

/** A ticket's files, oldest first, internal ones only when `internal`. */
export function filesOf(db: Executor, ticketId: string, internal: boolean) {
  return db
    .select({ file: supportFiles, uploadedByName: users.fullName })
    .from(supportFiles)
    .leftJoin(users, eq(users.id, supportFiles.uploadedBy))
    .where(and(eq(supportFiles.ticketId, ticketId), internal ? undefined : eq(supportFiles.internal, false)))
    .orderBy(asc(supportFiles.uploadedAt), asc(supportFiles.id));
}

export async function findFile(db: Executor, fileId: string) {
  const rows = await db.select().from(supportFiles).where(eq(supportFiles.id, fileId)).limit(1);
  return rows[0] ?? null;
}

/** A ticket's history with the actors' names, oldest first. */
export function historyOf(db: Executor, ticketId: string) {
  return db
    .select({ entry: workflowHistory, actorName: users.fullName })
    .from(workflowHistory)
    .leftJoin(users, eq(users.id, workflowHistory.actorId))
    .where(and(eq(workflowHistory.workflow, 'support_ticket'), eq(workflowHistory.recordId, ticketId)))
    .orderBy(asc(workflowHistory.id));
}

/** Resolved tickets whose auto-close instant has passed, oldest first (the job's batch). */
export function dueForAutoClose(db: Executor, limit: number) {
  return db
    .select({ id: supportTickets.id, version: supportTickets.version })
    .from(supportTickets)
    .where(and(eq(supportTickets.status, 'resuelto'), sql`${supportTickets.autoCloseAt} <= now()`))
    .orderBy(asc(supportTickets.autoCloseAt))
    .limit(limit);
}

/** Open tickets by status and priority. */
export function openByStatusAndPriority(db: Executor, statuses: readonly string[]) {
  return db
    .select({ status: supportTickets.status, priority: supportTickets.priority, count: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(inArray(supportTickets.status, [...statuses]))
    .groupBy(supportTickets.status, supportTickets.priority);
}
