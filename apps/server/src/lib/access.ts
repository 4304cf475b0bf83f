import { and, eq, inArray, isNull, or, sql, SQL, type Column, type Placeholder } from 'drizzle-orm';
import type { PersonAccess } from '@amparo/shared/modules/population.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Executor } from '../db/client.ts';
import { personGrants, persons } from '../db/schema.ts';
import { col } from '../db/sql.ts';
import { noPersonAccess, notFound } from './errors.ts';

/**
 * The per-person grant rule (spec section 6; issue 9 item 9), in one place.
 * Every module that touches persons asks here instead of reading
 * `person_grants` itself:
 * - a grant is live while `expires_on` (its last day, inclusive) is not before
 *   today's date in America/Guatemala (`liveGrant`);
 * - an administrator may read, write and grant; `can_write` implies
 *   `can_read` (`grantedTo`, `accessOf`);
 * - a deleted person is nobody's: 404 for one, absent from lists.
 * The SQL predicates are correlated subqueries on the unique
 * (person_id, user_id) index, so they cost one index probe per row.
 */

export type AccessNeed = keyof PersonAccess;

/**
 * A value of these predicates: the value itself, or a placeholder
 * (`sql.placeholder('userId')`) when the statement is prepared once and run
 * with values (db/sql.ts `preparedFor`).
 */
export type Bound = string | Placeholder;

/** Today's date (YYYY-MM-DD) in America/Guatemala: the day a grant's expiry is compared with. */
const grantToday = () => todayInGuatemala();

/** SQL on `person_grants`: the grant is live on `today` (Guatemala date; the last day is inclusive; default: now). */
export function liveGrant(today: Bound = grantToday()): SQL {
  return sql`(${personGrants.expiresOn} is null or ${personGrants.expiresOn} >= ${today})`;
}

/** The same rule for a grant row already read (JS side). */
export function isLive(grant: { expiresOn: string | null }): boolean {
  return grant.expiresOn === null || grant.expiresOn >= grantToday();
}

/** SQL on `person_grants`: the flags give `need`. */
function flagsGive(need: AccessNeed): SQL {
  if (need === 'administrator') return sql`${personGrants.administrator}`;
  if (need === 'canWrite') return sql`(${personGrants.administrator} or ${personGrants.canWrite})`;
  return sql`(${personGrants.administrator} or ${personGrants.canRead} or ${personGrants.canWrite})`;
}

/** A column of the outer query, qualified so the subquery binds it to the outer table. */
const column = (c: Column | SQL) => (c instanceof SQL ? c : col(c));

/**
 * SQL: `userId` holds a live grant giving `need` on the person whose id is in
 * `personId` (a column of the outer query). With `alive`, the person must also
 * exist and not be deleted (for tables other than `persons`; a query over
 * `persons` filters `deleted_at` itself, which keeps the hot list cheap).
 */
export function grantedTo(
  userId: Bound,
  personId: Column | SQL,
  need: AccessNeed = 'canRead',
  opts: { alive?: boolean; today?: Bound } = {},
): SQL {
  const target = column(personId);
  if (opts.alive) {
    return sql`exists (select 1 from ${personGrants} join ${persons} on ${persons.id} = ${personGrants.personId}
      where ${personGrants.personId} = ${target} and ${personGrants.userId} = ${userId} and ${persons.deletedAt} is null
      and ${flagsGive(need)} and ${liveGrant(opts.today)})`;
  }
  return sql`exists (select 1 from ${personGrants} where ${personGrants.personId} = ${target} and ${personGrants.userId} = ${userId}
    and ${flagsGive(need)} and ${liveGrant(opts.today)})`;
}

/** SQL on `persons`: the row is not deleted and `userId` may read it on `today` (lists, search, dashboard, export). */
export function visiblePersons(userId: Bound, today?: Bound): SQL {
  return and(isNull(persons.deletedAt), grantedTo(userId, persons.id, 'canRead', { today }))!;
}

/**
 * SQL column: the caller's live access level on the person in `personId`
 * ('administrator' | 'write' | 'read' | null), to read a record and the
 * caller's access in one query. Turn it into flags with `toAccess`.
 */
export function accessLevel(userId: Bound, personId: Column | SQL, today?: Bound) {
  return sql<
    string | null
  >`(select case when ${personGrants.administrator} then 'administrator' when ${personGrants.canWrite} then 'write'
    when ${personGrants.canRead} then 'read' end from ${personGrants}
    where ${personGrants.personId} = ${column(personId)} and ${personGrants.userId} = ${userId} and ${liveGrant(today)} limit 1)`;
}

/** Flags from an `accessLevel` value. */
export function toAccess(level: string | null): PersonAccess {
  return {
    administrator: level === 'administrator',
    canWrite: level === 'administrator' || level === 'write',
    canRead: level === 'administrator' || level === 'write' || level === 'read',
  };
}

/**
 * The user's live access to a person, in one query. 404 `not_found` when the
 * person does not exist or was deleted.
 */
export async function accessOf(db: Executor, personId: string, userId: string): Promise<PersonAccess> {
  const rows = await db
    .select({ level: accessLevel(userId, persons.id) })
    .from(persons)
    .where(and(eq(persons.id, personId), isNull(persons.deletedAt)))
    .limit(1);
  if (!rows[0]) throw notFound();
  return toAccess(rows[0].level);
}

/** The user's access to a person, refusing (403 `no_person_access`) without `need`; 404 when the person does not exist. */
export async function requireAccess(
  db: Executor,
  personId: string,
  userId: string,
  need: AccessNeed,
): Promise<PersonAccess> {
  const access = await accessOf(db, personId, userId);
  if (!access[need]) throw noPersonAccess();
  return access;
}

/**
 * Bulk check: of `personIds`, those (not deleted) `userId` may read, with
 * their names, in one query. Lists use it to name only readable persons.
 */
export async function readablePersons(db: Executor, personIds: string[], userId: string) {
  const ids = [...new Set(personIds)];
  if (ids.length === 0) return new Map<string, { names: string; lastNames: string }>();
  const rows = await db
    .select({ id: persons.id, names: persons.names, lastNames: persons.lastNames })
    .from(persons)
    .where(and(inArray(persons.id, ids), isNull(persons.deletedAt), grantedTo(userId, persons.id, 'canRead')));
  return new Map(rows.map((r) => [r.id, { names: r.names, lastNames: r.lastNames }]));
}

/** SQL: a row tied to a person through the nullable `personId` column is visible when untied, or tied to a live person `userId` may read. */
export function untiedOrGranted(userId: string, personId: Column): SQL {
  return or(isNull(personId), grantedTo(userId, personId, 'canRead', { alive: true }))!;
}
