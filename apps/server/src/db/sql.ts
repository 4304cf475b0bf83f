import { getTableName, sql, type Column } from 'drizzle-orm';
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
