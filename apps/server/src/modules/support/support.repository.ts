import { and, asc, eq, inArray, sql, type Column, type Placeholder, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { allOf, col, preparedFor, sqlCte, statementName } from '../../db/sql.ts';
import { headquarters, roles, users } from '../../db/schema.ts';
import {
  foldedQuery,
  headline,
  onlyShortWords,
  prefixQuery,
  toSegments,
  wordsText,
  type Segment,
} from '../../lib/search.ts';
import { createdWithin } from '../../lib/item-age.ts';
import type { z } from 'zod';
import {
  CLOSED_TICKET_STATUSES,
  OPEN_TICKET_STATUSES,
  type SupportSettings,
  type ticketListQuery,
} from '@amparo/shared/modules/support.schema';
import {
  supportComments,
  supportFiles,
  supportSettings,
  supportTargets,
  supportTicketCounters,
  supportTicketSearch,
  supportTickets,
} from './support.table.ts';

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

const nameOf = (id: Column) =>
  sql<string | null>`(select ${col(users.fullName)} from ${users} where ${col(users.id)} = ${col(id)})`;
/** A ticket with its headquarter's, requester's and assignee's names as per-row subqueries (for prepared reads). */
const namedRow = {
  ticket: supportTickets,
  headquarterName: sql<
    string | null
  >`(select ${col(headquarters.name)} from ${headquarters} where ${col(headquarters.id)} = ${col(supportTickets.headquarterId)})`.as(
    'headquarter_name',
  ),
  requesterName: nameOf(supportTickets.requesterId).as('requester_name'),
  assigneeName: nameOf(supportTickets.assigneeId).as('assignee_name'),
};

/**
 * A ticket search (issue 24 section 2, decision 0021): the typed words (`wordsText`, or its placeholder) and, when
 * the text is a ticket number, that number (exact, or a LIKE pattern for its digits in any year); internal
 * comments count only when `internal` (support staff).
 */
export interface TicketSearch {
  words: string | Placeholder;
  number: { exact: boolean; value: string | Placeholder } | null;
  internal: boolean;
  /** Only words of SHORT_WORD_CHARS or fewer letters (`onlyShortWords`): a beginning most tickets share. */
  common: boolean;
}

/** The document a search reads: with internal comments (support staff) or without (requesters). */
const docOf = (internal: boolean) => sql`${internal ? supportTicketSearch.allDoc : supportTicketSearch.publicDoc}`;

/**
 * SQL: a searched ticket's matched words (issue 24 section 2), in the page's own statement: `D` and a headline of its
 * description (`lib/search.ts` markers) when its subject and description hold every word (read from the kept
 * document's weights A and B, not parsed again), else `C` and one of the latest comment the reader may see
 * (`internal`) that holds every word, else `D` and the description's (the words spread over several texts); null
 * without words. Read it with `readHighlight`. Computed for the page's rows only.
 */
function highlightColumn(search: TicketSearch): SQL<string | null> {
  const t = supportTickets;
  const c = supportComments;
  const s2 = supportTicketSearch;
  const q = prefixQuery(search.words);
  const described = sql`(select ts_filter(${col(s2.publicDoc)}, '{a,b}') @@ ${q} from ${s2} where ${col(s2.ticketId)} = ${col(t.id)})`;
  const comment = sql`(select ${col(c.body)} from ${c} where ${col(c.ticketId)} = ${col(t.id)}${search.internal ? sql`` : sql` and not ${col(c.internal)}`}
    and to_tsvector('amparo_es'::regconfig, ${col(c.body)}) @@ ${q} order by ${col(c.createdAt)} desc, ${col(c.id)} desc limit 1)`;
  const ofDescription = sql`'D' || ${headline(col(t.description), search.words)}`;
  return sql<string | null>`case when ${described} then ${ofDescription}
    else coalesce('C' || ${headline(comment, search.words)}, ${ofDescription}) end`;
}

/** A `highlightColumn` as its source and segments; null for none. */
export function readHighlight(
  marked: string | null,
): { source: 'description' | 'comment'; segments: Segment[] } | null {
  if (!marked) return null;
  return { source: marked.startsWith('C') ? 'comment' : 'description', segments: toSegments(marked.slice(1)) };
}

/** SQL: the ticket is the one whose number `search` names (exact, or its digits in any year); false without one. */
function numberMatch(search: TicketSearch): SQL {
  const n = search.number;
  if (!n) return sql`false`;
  return n.exact ? sql`${supportTickets.number} = ${n.value}` : sql`${supportTickets.number} like ${n.value}`;
}

/**
 * SQL: the ticket matches `search`: every word in its document (GIN index), or it is the ticket whose number it
 * is. `query` builds the tsquery: `prefixQuery` (safe in any statement: the board, the export, a count) or
 * `foldedQuery` (statements planned for their values: the list).
 */
function ticketMatches(search: TicketSearch, query = prefixQuery): SQL {
  const s = supportTicketSearch;
  const byWords = sql`${supportTickets.id} in (select ${s.ticketId} from ${s} where ${docOf(search.internal)} @@ ${query(search.words)})`;
  return search.number ? sql`(${byWords} or ${numberMatch(search)})` : byWords;
}

/**
 * How the list's statements (unnamed, planned for their values) build a search's tsquery: folded for a common
 * beginning (`common`), so the planner may walk the newest tickets and stop at the page; in a sub-select
 * otherwise, which the planner cannot see into and so reads the GIN index (a folded rare word was estimated as
 * common as "re": 4 % of the tickets, and the walk read all 100,000 to find 1,000 "impresora").
 */
const queryOf = (search: TicketSearch) => (search.common ? foldedQuery : prefixQuery);

/** SQL: the ticket matches `search` (the board, the export, a count). */
export function searchWhere(search: TicketSearch): SQL {
  return ticketMatches(search);
}

/**
 * How many of the newest matches a search ranks by relevance, at least (issue 24 section 2, decision 0021 as
 * amended): ranking every match of a 2-letter beginning (most of 100,000 tickets) cost 1.9 s. With more matches,
 * the best of the newest ones come first; one more word narrows the matches to find an older ticket.
 */
export const RANKED_MATCHES = 200;

const PRIORITY_RANK = sql`case ${supportTickets.priority} when 'alta' then 1 when 'media' then 2 else 3 end`;
const SORTS = {
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  number: supportTickets.number,
  priority: PRIORITY_RANK,
  resolutionDueAt: supportTickets.resolutionDueAt,
} as const;
/** A list's sort: a column's, or `relevance` (a search's rank, then the newest; without a search, the newest). */
export type TicketSort = keyof typeof SORTS | 'relevance';

/**
 * A page of tickets matching `list` (built with placeholders), sorted (then by
 * id), with their headquarter's, requester's and assignee's names and, on
 * every row, the number of matches counted up to `cap` + 1 (`total`): one
 * statement, prepared once per shape (filters used, sort) and then only run
 * with values (issue 12 benchmark). The count's subquery reads
 * `support_tickets` again; its conditions bind to that inner reference.
 *
 * A search is prepared unnamed, so PostgreSQL plans each one for its values
 * with the tsquery folded to a constant (`foldedQuery`): it sees how many
 * tickets the words match and reads the GIN index for a rare word, or walks
 * the newest tickets for a common beginning. Sorted by a column, no rank is
 * computed. `relevance` ranks the newest RANKED_MATCHES matches (and the
 * numbered ticket), kept in a CTE that both the page and the count read, so
 * only the page's 25 tickets are fetched whole: best rank first, then the
 * newest (issue 24 section 2, decision 0021 as amended).
 */
export async function listTickets(
  db: Executor,
  list: {
    where: SQL | undefined;
    values: Record<string, unknown>;
    shape: string;
    search: TicketSearch | null;
    filters: SQL | undefined;
  },
  sort: TicketSort,
  order: 'asc' | 'desc',
  page: number,
  pageSize: number,
  cap: number,
  ranked = Math.max(RANKED_MATCHES, cap + 1),
) {
  const key = `tickets_list:${list.shape}:${sort}:${order}`;
  const statement = preparedFor(db, key, () => {
    const t = supportTickets;
    const dir = sql.raw(order);
    const sortKey = SORTS[sort === 'relevance' ? 'createdAt' : sort];
    const limit = sql`limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}`;
    const ordered =
      sort === 'relevance'
        ? [sql`${t.createdAt} desc`, sql`${t.id} desc`]
        : [sql`${sortKey} ${dir}`, sql`${t.id} ${dir}`];
    if (list.search) {
      const search = list.search;
      const also = list.filters ? sql` and ${list.filters}` : sql``;
      const total = (from: SQL) =>
        sql<number>`(select count(*)::int from (select 1 from ${from} limit ${sql.placeholder('countLimit')}) c)`.as(
          'total',
        );
      if (sort !== 'relevance') {
        // A column's order: the matches read in that order (a common beginning walks the index of the order and
        // stops at the page; a rare word reads the GIN index), counted up to the cap; no rank is computed.
        const where = sql`${ticketMatches(search, queryOf(search))}${also}`;
        return db
          .select({
            ...namedRow,
            total: total(sql`${t} where ${where}`),
            highlight: highlightColumn(search).as('highlight'),
          })
          .from(t)
          .where(where)
          .orderBy(...ordered)
          .limit(sql.placeholder('limit'))
          .offset(sql.placeholder('offset'))
          .prepare('');
      }
      // Relevance: the newest `ranked` word matches (at least RANKED_MATCHES and past the page and the count's
      // cap) and the numbered ticket are ranked; the page is the best of them, then the newest.
      const s2 = supportTicketSearch;
      const doc = docOf(search.internal);
      const q = queryOf(search)(search.words);
      const byNumber = search.number ? sql` union select ${t.id} from ${t} where ${numberMatch(search)}${also}` : sql``;
      // The search table keeps each ticket's creation time (migration 0034): without filters, the newest matches are
      // ordered from the GIN index's rows alone; a filter on the ticket's columns joins the ticket.
      const joined = list.filters ? sql` join ${t} on ${t.id} = ${s2.ticketId}` : sql``;
      const candidates = sqlCte(
        'candidates',
        sql`(select ${s2.ticketId} as id from ${s2}${joined} where ${doc} @@ ${q}${also}
          order by ${s2.createdAt} desc, ${s2.ticketId} desc limit ${sql.placeholder('ranked')})${byNumber}`,
      );
      const matched = sqlCte(
        'matched',
        search.number
          ? sql`select ${t.id} as id, ${t.createdAt} as created_at,
              case when ${numberMatch(search)} then 1000::real else ts_rank(${doc}, ${q}) end as rank
            from candidates c join ${t} on ${t.id} = c.id left join ${s2} on ${s2.ticketId} = c.id`
          : sql`select c.id, ${s2.createdAt} as created_at, ts_rank(${doc}, ${q}) as rank
            from candidates c join ${s2} on ${s2.ticketId} = c.id`,
      );
      const byRank = sql`rank desc, created_at desc, id desc`;
      const pageIds = sqlCte(
        'page_ids',
        sql`select id, row_number() over (order by ${byRank}) as ord from matched order by ${byRank} ${limit}`,
      );
      return (
        db
          .with(candidates, matched, pageIds)
          .select({ ...namedRow, total: total(sql`matched`), highlight: highlightColumn(search).as('highlight') })
          .from(t)
          .where(sql`${t.id} in (select id from page_ids)`)
          .orderBy(sql`(select ord from page_ids p where p.id = ${t.id})`)
          // A word search hides its tsquery in a sub-select, so one plan serves every word (named: parsed once, its
          // generic plan reused); a common beginning's folded query is planned for its value (unnamed).
          .prepare(search.common ? '' : statementName('tickets_list', key))
      );
    }
    const where = list.where ?? sql`true`;
    return db
      .select({
        ...namedRow,
        total: sql<number>`(select count(*)::int from (select 1 from ${t} where ${where}
          limit ${sql.placeholder('countLimit')}) c)`.as('total'),
      })
      .from(t)
      .where(where)
      .orderBy(...ordered)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(statementName('tickets_list', key));
  });
  return statement.execute({
    ...list.values,
    countLimit: cap + 1,
    ranked,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
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

/** The ticket columns a board card is drawn, targeted and moved with (`BoardCard`, `slaLeftOf`, the workflow's rules). */
const CARD_COLUMNS = {
  id: supportTickets.id,
  number: supportTickets.number,
  subject: supportTickets.subject,
  status: supportTickets.status,
  priority: supportTickets.priority,
  version: supportTickets.version,
  headquarterId: supportTickets.headquarterId,
  requesterId: supportTickets.requesterId,
  assigneeId: supportTickets.assigneeId,
  responseDueAt: supportTickets.responseDueAt,
  respondedAt: supportTickets.respondedAt,
  resolutionDueAt: supportTickets.resolutionDueAt,
  pausedAt: supportTickets.pausedAt,
  resolvedAt: supportTickets.resolvedAt,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
};
type CardColumns = typeof CARD_COLUMNS;
export type BoardCardRow = {
  [K in keyof CardColumns]: CardColumns[K]['_']['notNull'] extends true
    ? CardColumns[K]['_']['data']
    : CardColumns[K]['_']['data'] | null;
} & {
  descriptionPreview: string;
  assigneeName: string | null;
};

/**
 * The board's columns in two statements, each prepared once per filter shape
 * (`list` built with placeholders; issue 12 benchmark): each status's cards
 * (open statuses: every ticket, the oldest `limits.open` first; closed ones:
 * those that reached it in the last `closedWithinDays` days, the latest
 * `limits.closed` first), with only the columns a card needs and its
 * assignee's name, and the count per status over the same tickets. Cards come
 * column by column (`statuses` order), each column in its own order.
 *
 * Each column's part reads its cards' columns from the status index's rows
 * (no second lookup by id), and the statuses, limits and window are the code's
 * constants written into the statement: with no parameters but the filters',
 * PostgreSQL keeps one plan instead of planning every run (1.5 ms of the
 * board's 6 ms in the database before).
 */
export async function boardColumns(
  db: Executor,
  list: { where: SQL | undefined; values: Record<string, unknown>; shape: string },
  statuses: { open: readonly string[]; closed: readonly string[] },
  limits: { open: number; closed: number; closedWithinDays: number; preview: number },
) {
  const t = supportTickets;
  const key = `tickets_board:${list.shape}:${statuses.open.join('|')}:${statuses.closed.join('|')}:${Object.values(limits).join('|')}`;
  // A search is planned for its words (unnamed), as in the list.
  const name = (what: string) => (list.shape.includes('words') ? '' : statementName(what, key));
  const filter = list.where ?? sql`true`;
  // Code constants only (statuses, whole numbers), never a caller's value: safe to write into the text.
  const literal = (s: string) => sql.raw(`'${s.replace(/'/g, "''")}'`);
  const whole = (n: number) => sql.raw(String(Math.trunc(n)));
  const recent = sql`${t.updatedAt} > now() - interval '${whole(limits.closedWithinDays)} days'`;
  const statusIn = (list: readonly string[]) =>
    sql`${t.status} in (${sql.join(
      list.map((s) => literal(s)),
      sql`, `,
    )})`;
  const isClosed = statusIn(statuses.closed);
  const cardsOf = preparedFor(db, `${key}:cards`, () => {
    const keys = Object.keys(CARD_COLUMNS) as (keyof CardColumns)[];
    const picked = sql.join(
      [
        ...keys.map((k) => sql`${CARD_COLUMNS[k]} as ${sql.identifier(k)}`),
        sql`left(${t.description}, ${whole(limits.preview)}) as "descriptionPreview"`,
      ],
      sql`, `,
    );
    const part = (status: string, index: number, closed: boolean) =>
      sql`(select ${picked}, ${whole(index)} as "column" from ${t} where ${filter} and ${t.status} = ${literal(status)}${
        closed
          ? sql` and ${recent} order by ${t.updatedAt} desc, ${t.id} asc limit ${whole(limits.closed)}`
          : sql` order by ${t.createdAt} asc, ${t.id} asc limit ${whole(limits.open)}`
      })`;
    const cards = sqlCte(
      'cards',
      sql.join(
        [
          ...statuses.open.map((s, i) => part(s, i, false)),
          ...statuses.closed.map((s, i) => part(s, statuses.open.length + i, true)),
        ],
        sql` union all `,
      ),
    );
    const c = (k: string) => sql.raw(`"cards"."${k}"`);
    // Each card column read back from the CTE, mapped as its table column (timestamps to Dates).
    const fields = Object.fromEntries(keys.map((k) => [k, sql`${c(k)}`.mapWith(CARD_COLUMNS[k])])) as {
      [K in keyof CardColumns]: SQL<BoardCardRow[K]>;
    };
    const closedCard = sql`"cards"."column" >= ${whole(statuses.open.length)}`;
    return db
      .with(cards)
      .select({
        ...fields,
        descriptionPreview: sql<string>`${c('descriptionPreview')}`,
        assigneeName: sql<
          string | null
        >`(select ${col(users.fullName)} from ${users} where ${col(users.id)} = ${c('assigneeId')})`,
      })
      .from(sql`cards`)
      .orderBy(
        sql`"cards"."column"`,
        sql`case when ${closedCard} then null else ${c('createdAt')} end asc`,
        sql`case when ${closedCard} then ${c('updatedAt')} end desc`,
        sql`${c('id')} asc`,
      )
      .prepare(name('tickets_board'));
  });
  const countsOf = preparedFor(db, `${key}:counts`, () =>
    db
      .select({ status: t.status, n: sql<number>`count(*)::int` })
      .from(t)
      // Positive on both sides so each uses the status indexes (a negation reads the whole table).
      .where(and(list.where, sql`(${statusIn(statuses.open)} or (${isClosed} and ${recent}))`))
      .groupBy(t.status)
      .prepare(name('tickets_board_counts')),
  );
  const [cards, counted] = await allOf(db, [() => cardsOf.execute(list.values), () => countsOf.execute(list.values)]);
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

/** Writes `set`'s columns of a ticket (the service targets a transition keeps; the caller holds the row lock). */
export async function updateTicketColumns(tx: Executor, id: string, set: Partial<typeof supportTickets.$inferInsert>) {
  await tx.update(supportTickets).set(set).where(eq(supportTickets.id, id));
}

/** The configured targets per priority and the settings row (auto-close delay), for `loadTargets`. */
export async function targetsAndSettings(db: Executor) {
  const rows = await db.select().from(supportTargets);
  const [settings] = await db.select().from(supportSettings).where(eq(supportSettings.id, 1));
  return { rows, settings };
}

const open = sql.raw(`(${OPEN_TICKET_STATUSES.map((s) => `'${s}'`).join(', ')})`);

/**
 * SQL: the ticket missed a target, met late or still running late (the same
 * rule as `slaOf`'s `breached`; a paused resolution clock does not run).
 */
export function breachedSql(): SQL {
  const t = supportTickets;
  return sql`(
    (${t.respondedAt} is null and ${t.status} in ${open} and ${t.responseDueAt} < now())
    or ${t.respondedAt} > ${t.responseDueAt}
    or ${t.resolvedAt} > ${t.resolutionDueAt}
    or (${t.resolvedAt} is null and ${t.pausedAt} is null and ${t.status} in ${open} and ${t.resolutionDueAt} < now())
  )`;
}

/** Whether a headquarter exists (undefined otherwise) and is active: where a ticket may be raised. */
export async function headquarterState(db: Executor, id: string): Promise<{ active: boolean } | undefined> {
  const [hq] = await db.select({ active: headquarters.active }).from(headquarters).where(eq(headquarters.id, id));
  return hq;
}

/** The ticket's status under a row lock until the transaction ends (undefined when it does not exist). */
export async function lockedStatus(tx: Executor, id: string): Promise<{ status: string } | undefined> {
  const [r] = await tx
    .select({ status: supportTickets.status })
    .from(supportTickets)
    .where(eq(supportTickets.id, id))
    .for('update');
  return r;
}

/** Writes a comment; returns its id. */
export async function insertComment(tx: Executor, values: typeof supportComments.$inferInsert): Promise<string> {
  const [row] = await tx.insert(supportComments).values(values).returning({ id: supportComments.id });
  return row!.id;
}

/** Writes a file's row (its bytes are in the store already); returns its id. */
export async function insertFile(tx: Executor, values: typeof supportFiles.$inferInsert): Promise<string> {
  const [row] = await tx.insert(supportFiles).values(values).returning({ id: supportFiles.id });
  return row!.id;
}

/** Marks a ticket changed now; `responded` also sets its first response now, unless it had one. */
export async function touchTicket(tx: Executor, id: string, opts: { responded?: boolean } = {}) {
  await tx
    .update(supportTickets)
    .set({
      updatedAt: sql`now()`,
      ...(opts.responded ? { respondedAt: sql`coalesce(${supportTickets.respondedAt}, now())` } : {}),
    })
    .where(eq(supportTickets.id, id));
}

type TicketFilters = Omit<z.output<typeof ticketListQuery>, 'page' | 'pageSize' | 'sort' | 'order'>;

/**
 * The ticket number `typed` is, if it is one (issue 24 section 2): `TK-2026-000123` (any case; fewer digits are
 * padded) exactly, or `123` (1 to 6 digits) as the number's end in any year (a LIKE pattern). Null otherwise.
 */
export function ticketNumberOf(typed: string): { exact: boolean; value: string } | null {
  const full = /^\s*tk-(\d{4})-(\d{1,6})\s*$/i.exec(typed);
  if (full) return { exact: true, value: `TK-${full[1]}-${full[2]!.padStart(6, '0')}` };
  const digits = /^\s*#?(\d{1,6})\s*$/.exec(typed);
  return digits ? { exact: false, value: `%-${digits[1]!.padStart(6, '0')}` } : null;
}

/** A list's WHERE, the values of its placeholders, and its shape (everything that changes the statement's text). */
export interface TicketListWhere {
  where: SQL | undefined;
  values: Record<string, unknown>;
  shape: string;
  /** The search alone (its pattern and whether internal comments count) and the other filters, for the list's search path. */
  search: TicketSearch | null;
  filters: SQL | undefined;
}

/**
 * The WHERE of a ticket list (the service checks who may ask for which scope): `scope` mine (`who.userId`'s own
 * tickets) or queue (every ticket), search (internal comments only when `who.internal`: support staff) and the
 * filters. With `bind = 'placeholders'` every value is a named placeholder filled from `values`, so one prepared
 * statement serves every list of the same `shape`; with 'values' the values are in the SQL (the board, the
 * export, a count).
 */
export function listWhere(
  q: Partial<TicketFilters> & { scope: TicketFilters['scope'] },
  who: { userId: string; internal: boolean },
  bind: 'values' | 'placeholders' = 'values',
): TicketListWhere {
  const values: Record<string, unknown> = {};
  const shape: string[] = [q.scope];
  const v = <T>(name: string, value: T): T | Placeholder => {
    values[name] = value;
    shape.push(name);
    return bind === 'placeholders' ? sql.placeholder(name) : value;
  };
  const t = supportTickets;
  const where: (SQL | undefined)[] = [];
  if (q.scope === 'mine') where.push(eq(t.requesterId, v('requesterId', who.userId)));
  let search: TicketSearch | null = null;
  if (q.q) {
    const number = ticketNumberOf(q.q);
    if (number) shape.push(number.exact ? 'number:exact' : 'number:digits');
    const common = onlyShortWords(q.q);
    if (common) shape.push('common');
    search = {
      words: v('words', wordsText(q.q)),
      number: number && { exact: number.exact, value: v('number', number.value) },
      internal: who.internal,
      common,
    };
  }
  if (q.status === 'open') where.push(inArray(t.status, [...OPEN_TICKET_STATUSES, 'resuelto']));
  else if (q.status === 'closed') where.push(inArray(t.status, [...CLOSED_TICKET_STATUSES]));
  else if (q.status) where.push(eq(t.status, v('status', q.status)));
  if (q.type) where.push(eq(t.type, v('type', q.type)));
  if (q.priority) where.push(eq(t.priority, v('priority', q.priority)));
  if (q.criticality) where.push(eq(t.criticality, v('criticality', q.criticality)));
  if (q.assigneeId === 'none') where.push(sql`${t.assigneeId} is null`);
  else if (q.assigneeId) where.push(eq(t.assigneeId, v('assigneeId', q.assigneeId)));
  if (q.headquarterId) where.push(eq(t.headquarterId, v('headquarterId', q.headquarterId)));
  // Constant SQL per value (no placeholder): the value is part of the shape.
  if (q.status === 'open' || q.status === 'closed' || q.assigneeId === 'none')
    shape.push(`${q.status}:${q.assigneeId}`);
  if (q.age) {
    where.push(createdWithin(t.createdAt, q.age));
    shape.push(`age:${q.age}`);
  }
  if (q.breached) {
    where.push(breachedSql());
    shape.push('breached');
  }
  const filters = where.length ? and(...where) : undefined;
  return {
    where: search ? and(searchWhere(search), filters) : filters,
    values,
    shape: shape.join(','),
    search,
    filters,
  };
}

/** How many tickets in `statuses` breached a target (`breachedSql`). */
export async function countBreached(db: Executor, statuses: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(and(inArray(supportTickets.status, [...statuses]), breachedSql()));
  return row?.n ?? 0;
}

/** The median working minutes to resolve (null when none) and how many tickets were resolved, in the last 90 days. */
export async function medianResolution(db: Executor) {
  const [median] = await db
    .select({
      minutes: sql<
        number | null
      >`percentile_cont(0.5) within group (order by ${supportTickets.resolutionWorkingMinutes})`,
      n: sql<number>`count(*)::int`,
    })
    .from(supportTickets)
    .where(
      and(
        sql`${supportTickets.resolutionWorkingMinutes} is not null`,
        sql`${supportTickets.resolvedAt} > now() - interval '90 days'`,
      ),
    );
  return median;
}

/** Writes the service targets of the priorities given and the auto-close delay (the settings row). */
export async function writeSettings(tx: Executor, settings: SupportSettings) {
  for (const t of settings.targets)
    await tx
      .update(supportTargets)
      .set({ responseHours: t.responseHours, resolutionHours: t.resolutionHours })
      .where(eq(supportTargets.priority, t.priority));
  await tx.update(supportSettings).set({ autoCloseDays: settings.autoCloseDays }).where(eq(supportSettings.id, 1));
}
