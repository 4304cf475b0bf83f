import { sql, type SQL } from 'drizzle-orm';
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
