import { getTableName, sql, type AnyColumn, type Table } from 'drizzle-orm';
import type { CatalogName } from '@amparo/shared/modules/catalogs.schema';
import type { Executor } from '../db/client.ts';
import { extensionPoint } from './extension-points.ts';

/**
 * Which columns hold which catalog's codes (issue 9 item 9; architecture rule
 * 6b). Each module contributes its own columns to `catalogColumnsPoint` in its
 * manifest; the catalogs module asks whether an item is in use, so a new
 * module never edits the catalogs module to protect its codes.
 */
export interface CatalogColumn {
  catalog: CatalogName;
  table: Table;
  column: AnyColumn;
  /** A `text[]` column holding several codes. */
  array?: boolean;
}

const columnKey = (c: CatalogColumn) => `${c.catalog}:${getTableName(c.table)}.${c.column.name}`;

/** The columns holding catalog codes, one contribution per column (issue 25 section 4). */
export const catalogColumnsPoint = extensionPoint<CatalogColumn>('catalog-columns', { key: columnKey });

/** The contributed catalog columns, asked whether an item is in use. */
export class CatalogColumns {
  private readonly entries: CatalogColumn[];

  constructor(columns: readonly CatalogColumn[]) {
    this.entries = [...columns];
  }

  /** Every registered column, as `{ catalog, table, column, array }` with SQL names (tests, docs). */
  list() {
    return this.entries.map((c) => ({
      catalog: c.catalog,
      table: getTableName(c.table),
      column: c.column.name,
      array: !!c.array,
    }));
  }

  /**
   * Whether any row (deleted persons included: their history still points at
   * the code) of any registered column uses `code` of `catalog`. One query,
   * each branch stopping at its first match.
   */
  async inUse(db: Executor, catalog: string, code: string): Promise<boolean> {
    const columns = this.entries.filter((c) => c.catalog === catalog);
    if (columns.length === 0) return false;
    const branches = columns.map((c) => {
      const target = sql.raw(`"${getTableName(c.table)}"."${c.column.name}"`);
      const match = c.array ? sql`${target} @> array[${code}]::text[]` : sql`${target} = ${code}`;
      return sql`exists (select 1 from ${c.table} where ${match})`;
    });
    const result = await db.execute<{ used: boolean }>(sql`select (${sql.join(branches, sql` or `)}) as used`);
    return result.rows[0]?.used === true;
  }
}
