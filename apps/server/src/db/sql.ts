import { getTableName, sql, WithSubquery, type Column, type SQL, type WithSubqueryWithoutSelection } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * A column as `"table"."column"`. Drizzle writes columns without their table
 * inside `sql` fields of a single-table select, so in a correlated subquery
 * `"id"` would bind to the inner table; every column of such a subquery goes
 * through this.
 */
export function col(column: Column) {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}

/**
 * Runs independent reads side by side on the pool, and one after the other
 * inside a transaction: a transaction is one connection, where node-postgres
 * queues parallel queries (with a deprecation warning; pg 9 refuses them).
 * Returns the results in order, like `Promise.all`.
 */
export async function allOf<const T extends readonly unknown[]>(
  db: Executor,
  work: { [K in keyof T]: () => Promise<T[K]> },
): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(work.map((w) => w()))) as unknown as T;
  const out: unknown[] = [];
  for (const w of work) out.push(await w());
  return out as unknown as T;
}

/**
 * A CTE of plain SQL for `db.with(...)`, such as a data-modifying
 * `insert ... select` beside a read (PostgreSQL runs it exactly once, whether
 * or not the main query reads it). Drizzle's `$with` takes only query builders.
 */
export function sqlCte<TAlias extends string>(alias: TAlias, query: SQL): WithSubqueryWithoutSelection<TAlias> {
  return new WithSubquery(query, {}, alias, true);
}

const statements = new WeakMap<object, Map<string, unknown>>();
/** Distinct statements kept per database before the cache starts over (shapes are few; this bounds a surprise). */
const MAX_STATEMENTS = 500;

/**
 * A statement built once per database and `key`, then only executed with
 * values (drizzle placeholders, `sql.placeholder(name)`): the hottest reads
 * skip drizzle's query building on every call, and on PostgreSQL a named one
 * (`prepare(name)`) also skips parsing and planning (issue 10 item 9). `key`
 * must name everything that changes the statement's text (its shape), never a
 * value. Inside a transaction the statement is built afresh (it belongs to the
 * pool's session, not to the transaction's connection).
 */
export function preparedFor<T>(db: Executor, key: string, build: () => T): T {
  if (db instanceof PgTransaction) return build();
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map()));
  let statement = byKey.get(key) as T | undefined;
  if (statement === undefined) {
    if (byKey.size >= MAX_STATEMENTS) byKey.clear();
    statement = build();
    byKey.set(key, statement);
  }
  return statement;
}

/**
 * A short, stable name for a PostgreSQL prepared statement from its shape key
 * (names are limited to 63 bytes, and one name must always mean one text).
 */
export function statementName(prefix: string, key: string): string {
  return `${prefix}_${createHash('sha1').update(key).digest('hex').slice(0, 16)}`;
}

/** Whether the database answers a trivial statement (the liveness check); throws the driver's error otherwise. */
export async function pingDatabase(db: Executor): Promise<void> {
  await db.execute(sql`select 1`);
}
