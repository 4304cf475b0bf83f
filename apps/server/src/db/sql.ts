import { getTableName, sql, type Column } from 'drizzle-orm';

/**
 * A column as `"table"."column"`. Drizzle writes columns without their table
 * inside `sql` fields of a single-table select, so in a correlated subquery
 * `"id"` would bind to the inner table; every column of such a subquery goes
 * through this.
 */
export function col(column: Column) {
  return sql.raw(`"${getTableName(column.table)}"."${column.name}"`);
}
