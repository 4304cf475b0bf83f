import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { requiredKeys, type PermissionKey } from '@amparo/shared/permissions';

/**
 * The users a workflow's rules choose among, as SQL the module supplies (issue 25 section 1, decision 0026):
 * lib imports no module, so it never names the users or roles tables itself. `relation` is a parenthesised
 * select with the columns `user_id` (uuid), `name` (text), `active` (boolean), `permissions` (text[]: the
 * role's keys and the user's extra keys) and `grp` (text: the workgroup, or null), one row per user, inactive ones included (their names still show in a
 * history). The users module gives it (`users.service.ts`, `workflowPeople`).
 */
export interface WorkflowPeople {
  relation: SQL;
}

/** A user id as SQL: a column or expression as it is, a string as a uuid parameter. */
export const userSql = (userId: SQL | string): SQL => (typeof userId === 'string' ? sql`${userId}::uuid` : userId);

let aliases = 0;
/** A fresh table alias, so nested subqueries over the same relation never shadow one another. */
export const freshAlias = (prefix = 'wfp'): SQL => sql.raw(`${prefix}${(aliases = (aliases + 1) % 1_000_000)}`);

/** `keys` as a text[] literal. */
export const keysArray = (keys: readonly string[]): SQL =>
  sql`array[${sql.join(
    keys.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;

/**
 * SQL: whether `userId` is an active user holding `key` with every parent key (`hasPermission`'s rule, spec
 * section 6, in SQL), read from `people`.
 */
export function holdsSql(people: WorkflowPeople, userId: SQL | string, key: PermissionKey): SQL {
  const p = freshAlias();
  return sql`exists (select 1 from ${people.relation} ${p} where ${p}.user_id = ${userSql(userId)} and ${p}.active and ${p}.permissions @> ${keysArray(requiredKeys(key))})`;
}

/** SQL: the name of `userId` (null when unknown), read from `people`. */
export function nameSql(people: WorkflowPeople, userId: SQL): SQL<string | null> {
  const p = freshAlias();
  return sql<string | null>`(select ${p}.name from ${people.relation} ${p} where ${p}.user_id = ${userId})`;
}

/**
 * The keys `userId` holds (empty when the user is inactive or unknown) and, for each `{ key, when }` given, the
 * ids of the active users holding `key` with every parent key, read only when `userId` holds `when` (a
 * fallback's key: the holders matter only to who may take the fallback; undefined otherwise): one statement.
 */
export async function keysAndHolders(
  db: Executor,
  people: WorkflowPeople,
  userId: string,
  asked: readonly ({ key: PermissionKey; when: PermissionKey } | undefined)[],
): Promise<{ keys: ReadonlySet<string>; holders: (string[] | undefined)[] }> {
  const p = freshAlias();
  const u = freshAlias();
  const columns = asked.flatMap((a, i) =>
    a
      ? [
          sql`, case when ${u}.permissions @> ${keysArray(requiredKeys(a.when))} then (select
            coalesce(array_agg(${p}.user_id::text), '{}') from ${people.relation} ${p} where ${p}.active
            and ${p}.permissions @> ${keysArray(requiredKeys(a.key))}) end as ${sql.raw(`h${i}`)}`,
        ]
      : [],
  );
  const rows = await db.execute<Record<string, string[] | null>>(
    sql`select ${u}.permissions as keys${sql.join(columns, sql``)} from ${people.relation} ${u}
      where ${u}.user_id = ${userSql(userId)} and ${u}.active`,
  );
  const row = rows.rows[0] ?? {};
  return { keys: new Set(row.keys ?? []), holders: asked.map((_, i) => row[`h${i}`] ?? undefined) };
}
