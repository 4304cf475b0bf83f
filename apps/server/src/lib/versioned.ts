import { and, eq, sql, type InferInsertModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client.ts';
import { notFound, versionConflict } from './errors.ts';

type VersionedTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

/**
 * Optimistic locking: updates the row only when its `version` still equals
 * the one the client loaded, bumping it. A stale version answers 409
 * `version_conflict`, a missing row 404; nothing is written in either case.
 * `values` is typed by the table (issue 25 section 1): a column that does not exist fails to compile instead of
 * being dropped silently; `version` and `updated_at` are this function's.
 */
export async function updateVersioned<T extends VersionedTable>(
  db: Executor,
  table: T,
  id: string,
  version: number,
  values: Omit<Partial<InferInsertModel<T>>, 'version' | 'updatedAt'>,
  extraWhere?: SQL,
): Promise<void> {
  const rows = await db
    .update(table)
    .set({ ...values, version: sql`${table.version} + 1`, updatedAt: sql`now()` } as never)
    .where(and(eq(table.id, id), eq(table.version, version), extraWhere))
    .returning({ id: table.id });
  if (rows.length === 1) return;
  const exists = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.id, id), extraWhere))
    .limit(1);
  throw exists.length ? versionConflict() : notFound();
}
