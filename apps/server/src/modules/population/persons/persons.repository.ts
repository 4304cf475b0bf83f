import { col, preparedFor, sqlCte, statementName } from '../../../db/sql.ts';
import { and, asc, desc, eq, getTableColumns, isNull, lte, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import type { Actor } from '../../../lib/actor.ts';
import { auditPlaceholders, auditPlaceholderValues, auditRowsSql, type ReadPart } from '../../../lib/read-audit.ts';
import { todayInGuatemala } from '@amparo/shared/format';
import type { ItemAge } from '@amparo/shared/validation';
import { createdWithin } from '../../../lib/item-age.ts';
import { birthWindow, type AgeGroup } from './persons.rules.ts';
import { accessLevel, grantedTo, liveGrant, toAccess, visiblePersons } from '../../../lib/access.ts';
import { auditLog, headquarters, personAccessRequests, personGrants, persons, users } from '../../../db/schema.ts';

/** SQL: the person row is visible to `userId` (a live grant with any flag), and not deleted (the rule lives in lib/access.ts). */
export const visibleTo = (userId: string): SQL => visiblePersons(userId);

/**
 * A person who is not deleted, by id (the whole row), or null.
 */
export async function findPerson(db: Executor, id: string) {
  const rows = await db
    .select()
    .from(persons)
    .where(and(eq(persons.id, id), isNull(persons.deletedAt)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * A person, the caller's live grant flags and the headquarter's name in one
 * statement (null: no such person). With `audit`, the same statement writes a
 * `view` entry when, and only when, the caller may read the person (a
 * data-modifying CTE): opening a record is one round trip, prepared once.
 */
export async function findPersonForUser(db: Executor, id: string, userId: string, audit: ReadAuditOf | null) {
  const statement = preparedFor(db, `person_for_user:${audit ? 'audited' : 'plain'}`, () => {
    const query = db
      .select({
        ...getTableColumns(persons),
        level: accessLevel(sql.placeholder('userId'), persons.id, sql.placeholder('today')).as('level'),
        headquarterName: sql<
          string | null
        >`(select ${col(headquarters.name)} from ${headquarters} where ${col(headquarters.id)} = ${col(persons.headquarterId)})`.as(
          'headquarter_name',
        ),
      })
      .from(persons)
      .where(and(eq(persons.id, sql.placeholder('id')), isNull(persons.deletedAt)))
      .limit(1);
    if (!audit) return query.prepare('person_for_user');
    const found = db.$with('found').as(query);
    const audited = sqlCte(
      'audited',
      auditRowsSql(
        sql`(select ${found.id} as person_id from ${found} where ${found.level} is not null)`,
        auditPlaceholders,
      ),
    );
    return db.with(found, audited).select().from(found).prepare('person_for_user_audited');
  });
  const rows = await statement.execute({
    id,
    userId,
    today: todayInGuatemala(),
    ...(audit ? auditPlaceholderValues(audit.actor, audit.part) : {}),
  });
  const row = rows[0];
  if (!row) return null;
  const { level, headquarterName, ...person } = row;
  return { person, headquarterName, ...toAccess(level) };
}
export type PersonRow = NonNullable<Awaited<ReturnType<typeof findPerson>>>;

/**
 * Inserts a person; returns the id and the file number the sequence gave (the file code is built from it).
 */
export async function insertPerson(db: Executor, values: typeof persons.$inferInsert) {
  const [row] = await db.insert(persons).values(values).returning({ id: persons.id, fileNumber: persons.fileNumber });
  return row!;
}

/**
 * Stores the accent-free search text of names, last names, alias and file numbers (trigram index).
 */
export async function setSearchText(db: Executor, id: string, searchText: string) {
  await db.update(persons).set({ searchText }).where(eq(persons.id, id));
}

/**
 * Marks a person deleted (who and when); the row and its history stay.
 */
export async function softDeletePerson(db: Executor, id: string, userId: string) {
  await db
    .update(persons)
    .set({ deletedAt: sql`now()`, deletedBy: userId })
    .where(eq(persons.id, id));
}

export interface ListFilters {
  userId: string;
  today: string;
  terms: string[];
  sex?: string;
  thematic?: string;
  state?: string;
  headquarterId?: string;
  status: 'all' | 'admitted' | 'departed';
  /** Birth-date window of an age group: born after `bornAfter` and on or before `bornOnOrBefore`. */
  birth?: { bornAfter: string | null; bornOnOrBefore: string };
  /** Age of the record (spec section 9, `lib/item-age.ts`). */
  age?: ItemAge;
}

/** A list's WHERE, the values of its placeholders, and its shape (what changes the statement's text). */
export interface ListWhere {
  where: SQL;
  values: Record<string, unknown>;
  shape: string;
}

/**
 * The WHERE of the persons list: live grant of `f.userId` (lib/access.ts), search terms on the search text, and the
 * filters (sex, thematic, department, headquarter, birth window of an age group, admitted/departed on `f.today`,
 * age of the record).
 * With `bind = 'placeholders'` every value is a named placeholder (filled from `values`) so that one prepared
 * statement serves every list of the same `shape`; with 'values' the values are in the SQL (exports, counts).
 */
export function listWhere(f: ListFilters, bind: 'values' | 'placeholders' = 'values'): ListWhere {
  const values: Record<string, unknown> = {};
  const shape: string[] = [];
  const v = <T extends string>(name: string, value: T): T | Placeholder => {
    values[name] = value;
    return bind === 'placeholders' ? sql.placeholder(name) : value;
  };
  const userId = v('userId', f.userId);
  const today = v('today', f.today);
  const parts: (SQL | undefined)[] = [visiblePersons(userId, today)];
  f.terms.forEach((term, i) => {
    parts.push(sql`${persons.searchText} like ${v(`term${i}`, `%${term.replace(/[\\%_]/g, '\\$&')}%`)}`);
    shape.push('term');
  });
  if (f.sex) parts.push(eq(persons.sex, v('sex', f.sex)));
  if (f.thematic) parts.push(sql`${persons.thematic} @> array[${v('thematic', f.thematic)}]::text[]`);
  if (f.state) parts.push(eq(persons.state, v('state', f.state)));
  if (f.headquarterId) parts.push(eq(persons.headquarterId, v('headquarterId', f.headquarterId)));
  if (f.status === 'admitted') parts.push(or(isNull(persons.departureDate), sql`${persons.departureDate} > ${today}`));
  if (f.status === 'departed') parts.push(lte(persons.departureDate, today));
  if (f.birth) {
    parts.push(lte(persons.birthDate, v('bornOnOrBefore', f.birth.bornOnOrBefore)));
    if (f.birth.bornAfter) parts.push(sql`${persons.birthDate} > ${v('bornAfter', f.birth.bornAfter)}`);
  }
  if (f.age) {
    // Constant SQL per age value (no placeholder), so the value is part of the statement's shape.
    parts.push(createdWithin(persons.createdAt, f.age));
    shape.push(`age:${f.age}`);
  }
  shape.push(...Object.keys(values), f.status);
  return { where: and(...parts)!, values, shape: shape.join(',') };
}

const SORTS = {
  names: persons.names,
  lastNames: persons.lastNames,
  admissionDate: persons.admissionDate,
  createdAt: persons.createdAt,
  fileCode: persons.fileNumber,
} as const;

/** Who reads a list, and as what, for the audit written in the list's own statement. */
export interface ReadAuditOf {
  actor: Actor;
  /** What was read; none for the record itself (an entry with empty changes, as before). */
  part: ReadPart | null;
}

/**
 * A page of persons and, in the same statement, the number of matching rows
 * up to `cap` + 1 and, when `audit` is given, one `view` audit entry per row
 * returned (a data-modifying CTE: one round trip, and no row without its
 * audit). This is the hottest query: `list` must be built with placeholders
 * (`listWhere(f, 'placeholders')`); the statement is prepared once per shape
 * (filters used, sort, audited or not) and only run with values afterwards.
 * A search is prepared unnamed, so PostgreSQL plans each one for its terms
 * (a generic plan cannot tell a rare surname from a common syllable). The
 * count's subquery reads `persons` again; its conditions bind to that inner
 * reference. Headquarter names come from a per-row subquery.
 */
export async function listPersons(
  db: Executor,
  list: ListWhere,
  sort: keyof typeof SORTS,
  order: 'asc' | 'desc',
  page: number,
  pageSize: number,
  cap: number,
  audit: ReadAuditOf | null,
) {
  const key = `persons_list:${list.shape}:${sort}:${order}:${audit ? 'audited' : 'plain'}`;
  const statement = preparedFor(db, key, () => {
    const direction = order === 'asc' ? asc : desc;
    const where = list.where;
    const query = db
      .select({
        id: persons.id,
        fileNumber: persons.fileNumber,
        names: persons.names,
        lastNames: persons.lastNames,
        alias: persons.alias,
        birthDate: persons.birthDate,
        sex: persons.sex,
        state: persons.state,
        town: persons.town,
        thematic: persons.thematic,
        admissionDate: persons.admissionDate,
        departureDate: persons.departureDate,
        externalFileNumber: persons.externalFileNumber,
        createdAt: persons.createdAt,
        headquarterName: sql<
          string | null
        >`(select ${col(headquarters.name)} from ${headquarters} where ${col(headquarters.id)} = ${col(persons.headquarterId)})`.as(
          'headquarter_name',
        ),
        total: sql<number>`(select count(*)::int from (select 1 from ${persons} where ${where}
          limit ${sql.placeholder('countLimit')}) c)`.as('total'),
      })
      .from(persons)
      .where(where)
      .orderBy(direction(SORTS[sort]), direction(persons.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    const name = list.shape.includes('term') ? '' : statementName('persons_list', key);
    if (!audit) return query.prepare(name);
    const rows = db.$with('page').as(query);
    const audited = sqlCte(
      'audited',
      auditRowsSql(sql`(select ${rows.id} as person_id from ${rows})`, auditPlaceholders),
    );
    const sortKey = sort === 'fileCode' ? 'fileNumber' : sort;
    return db
      .with(rows, audited)
      .select()
      .from(rows)
      .orderBy(direction(rows[sortKey]), direction(rows.id))
      .prepare(name);
  });
  return statement.execute({
    ...list.values,
    countLimit: cap + 1,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    ...(audit ? auditPlaceholderValues(audit.actor, audit.part) : {}),
  });
}

/** Counts matching rows up to `cap` + 1, so a page never pays for an exact count over the whole registry. */
export async function countPersons(db: Executor, where: SQL, cap: number) {
  const result = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (select 1 from ${persons} where ${where} limit ${cap + 1}) t`,
  );
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * Grants (or changes) one user's access to a person: one row per person and user.
 */
export async function upsertGrant(db: Executor, values: typeof personGrants.$inferInsert) {
  await db
    .insert(personGrants)
    .values(values)
    .onConflictDoUpdate({
      target: [personGrants.personId, personGrants.userId],
      set: {
        administrator: values.administrator,
        canRead: values.canRead,
        canWrite: values.canWrite,
        reason: values.reason,
        expiresOn: values.expiresOn ?? null,
        grantedBy: values.grantedBy,
        grantedAt: sql`now()`,
      },
    });
}

/**
 * One grant of the person by id, or null.
 */
export async function findGrant(db: Executor, personId: string, grantId: string) {
  const rows = await db
    .select()
    .from(personGrants)
    .where(and(eq(personGrants.id, grantId), eq(personGrants.personId, personId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The grant `userId` holds on the person (live or not), or null.
 */
export async function findGrantOf(db: Executor, personId: string, userId: string) {
  const rows = await db
    .select()
    .from(personGrants)
    .where(and(eq(personGrants.personId, personId), eq(personGrants.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * Deletes a grant by id.
 */
export async function deleteGrant(db: Executor, id: string) {
  await db.delete(personGrants).where(eq(personGrants.id, id));
}

/**
 * How many live grants with the administrator role the person has (expiry by the Guatemala date).
 */
export async function countLiveAdministrators(db: Executor, personId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(personGrants)
    .where(and(eq(personGrants.personId, personId), eq(personGrants.administrator, true), liveGrant()));
  return row?.n ?? 0;
}

/**
 * The person's grants with the grantee's and the granter's names: administrators first, then by grantee's name.
 */
export function listGrants(db: Executor, personId: string) {
  const grantee = sql<string>`(select ${col(users.fullName)} from ${users} where ${col(users.id)} = ${col(personGrants.userId)})`;
  const granter = sql<
    string | null
  >`(select ${col(users.fullName)} from ${users} where ${col(users.id)} = ${col(personGrants.grantedBy)})`;
  return db
    .select({ grant: personGrants, userName: grantee, grantedByName: granter })
    .from(personGrants)
    .where(eq(personGrants.personId, personId))
    .orderBy(desc(personGrants.administrator), asc(grantee));
}

const requester = sql<string>`(select ${col(users.fullName)} from ${users} where ${col(users.id)} = ${col(personAccessRequests.userId)})`;
const decider = sql<
  string | null
>`(select ${col(users.fullName)} from ${users} where ${col(users.id)} = ${col(personAccessRequests.decidedBy)})`;

/**
 * Inserts an access request; returns its id (23505 for a second pending one of the same user).
 */
export async function insertAccessRequest(db: Executor, values: typeof personAccessRequests.$inferInsert) {
  const [row] = await db.insert(personAccessRequests).values(values).returning({ id: personAccessRequests.id });
  return row!.id;
}

/**
 * One access request with the requester's and the decider's names, or null.
 */
export async function findAccessRequest(db: Executor, id: string) {
  const rows = await db
    .select({ request: personAccessRequests, userName: requester, decidedByName: decider })
    .from(personAccessRequests)
    .where(eq(personAccessRequests.id, id))
    .limit(1);
  return rows[0] ?? null;
}

/**
 * The person's access requests with names, newest first.
 */
export function listAccessRequests(db: Executor, personId: string) {
  return db
    .select({ request: personAccessRequests, userName: requester, decidedByName: decider })
    .from(personAccessRequests)
    .where(eq(personAccessRequests.personId, personId))
    .orderBy(desc(personAccessRequests.createdAt))
    .limit(200);
}

/** Pending requests on persons `userId` administers (live administrator grant). */
export function listPendingForAdministrator(db: Executor, userId: string) {
  return db
    .select({ request: personAccessRequests, userName: requester, decidedByName: decider })
    .from(personAccessRequests)
    .innerJoin(persons, and(eq(persons.id, personAccessRequests.personId), isNull(persons.deletedAt)))
    .where(
      and(
        eq(personAccessRequests.status, 'pending'),
        grantedTo(userId, personAccessRequests.personId, 'administrator'),
      ),
    )
    .orderBy(asc(personAccessRequests.createdAt))
    .limit(200);
}

/**
 * Records the decision on a pending request; returns false when it was decided already (concurrent decisions).
 */
export async function decideAccessRequest(
  db: Executor,
  id: string,
  values: Partial<typeof personAccessRequests.$inferInsert>,
) {
  const rows = await db
    .update(personAccessRequests)
    .set(values)
    .where(and(eq(personAccessRequests.id, id), eq(personAccessRequests.status, 'pending')))
    .returning({ id: personAccessRequests.id });
  return rows.length === 1;
}

/**
 * A page of the person's audit entries (changes and reads), newest first, with the user's name, and the exact total.
 */
export async function history(db: Executor, personId: string, page: number, pageSize: number) {
  const where = and(eq(auditLog.entity, 'person'), eq(auditLog.entityId, personId));
  const items = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      action: auditLog.action,
      changes: auditLog.changes,
      userName: users.fullName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  return { items, total: count?.n ?? 0 };
}

/** Counts for the dashboard over the persons visible to the user. */
export async function dashboardCounts(db: Executor, userId: string, today: string, ageCase: SQL) {
  const where = visibleTo(userId);
  const result = await db.execute<{ kind: string; code: string | null; n: number }>(sql`
    with visible as (select ${persons.sex} as sex, ${persons.thematic} as thematic, ${persons.departureDate} as departure_date, ${ageCase} as age_group
                     from ${persons} where ${where})
    select 'total' as kind, null as code, count(*)::int as n from visible
    union all select 'departed', null, count(*)::int from visible where departure_date <= ${today}
    union all select 'sex', sex, count(*)::int from visible group by sex
    union all select 'age', age_group, count(*)::int from visible group by age_group
    union all select 'thematic', t, count(*)::int from visible, unnest(thematic) t group by t
    union all select 'grants', null, count(*)::int from ${personGrants} where ${personGrants.userId} = ${userId} and ${liveGrant(today)}`);
  return result.rows.map((r) => ({ kind: r.kind, code: r.code, n: Number(r.n) }));
}

/** Rows for an export, in file-number order after `afterFileNumber` (keyset batches, nothing held whole). */
export function exportBatch(db: Executor, where: SQL, afterFileNumber: number, limit: number) {
  return db
    .select()
    .from(persons)
    .where(and(where, sql`${persons.fileNumber} > ${afterFileNumber}`))
    .orderBy(asc(persons.fileNumber))
    .limit(limit);
}

/** The users holding a live administrator grant on a person, and its file number (who hears of an access request). */
export async function administratorsOf(db: Executor, personId: string) {
  const rows = await db
    .select({ userId: personGrants.userId, fileNumber: persons.fileNumber })
    .from(personGrants)
    .innerJoin(persons, eq(persons.id, personGrants.personId))
    .where(and(eq(personGrants.personId, personId), eq(personGrants.administrator, true), liveGrant()));
  return rows;
}

/** A user's full name (who asked for access, named in the notice to the person's administrators). */
export async function fullNameOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.fullName }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** A person's file number (deleted or not). */
export async function fileNumberOf(db: Executor, personId: string): Promise<number | null> {
  const [row] = await db.select({ n: persons.fileNumber }).from(persons).where(eq(persons.id, personId));
  return row?.n ?? null;
}

/** SQL CASE giving the age group code of `persons.birth_date` on `today`. */
export function ageGroupCase(groups: AgeGroup[], today: string): SQL {
  if (groups.length === 0) return sql`null::text`;
  const whens = groups.map((g) => {
    const w = birthWindow(g, today);
    return w.bornAfter
      ? sql`when ${persons.birthDate} <= ${w.bornOnOrBefore} and ${persons.birthDate} > ${w.bornAfter} then ${g.code}`
      : sql`when ${persons.birthDate} <= ${w.bornOnOrBefore} then ${g.code}`;
  });
  return sql`(case ${sql.join(whens, sql` `)} else null end)`;
}
