import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { jsonText } from '../../lib/settings/settings.ts';
import { settingValues } from '../../lib/settings/settings.table.ts';

/** Stored values of the settings screen (issue 25 section 3); reads for computations are `lib/settings` `valueAt`. */

/**
 * A value as jsonb, written as JSON text PostgreSQL parses: a bare string handed to a jsonb parameter is cast by
 * its text, so '0.0483' would be stored as the JSON number 0.0483 (a float when read back) on PGlite.
 */
const asJson = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;

export type SettingRow = typeof settingValues.$inferSelect;

/** One value of `key` by id, locked for the transaction, or null. */
export async function lockValue(tx: Executor, key: string, id: string): Promise<SettingRow | null> {
  const { value: _value, ...columns } = getTableColumns(settingValues);
  const rows = await tx
    .select({ ...columns, json: jsonText })
    .from(settingValues)
    .where(and(eq(settingValues.key, key), eq(settingValues.id, id)))
    .for('update');
  const [row] = rows;
  return row ? { ...row, value: JSON.parse(row.json) } : null;
}

export async function insertValue(tx: Executor, values: typeof settingValues.$inferInsert): Promise<SettingRow> {
  const [row] = await tx
    .insert(settingValues)
    .values({ ...values, value: asJson(values.value) })
    .returning();
  return row!;
}

export async function updateValue(
  tx: Executor,
  id: string,
  values: { value: unknown; source: string; note: string | null },
): Promise<void> {
  await tx
    .update(settingValues)
    .set({ ...values, value: asJson(values.value), version: sql`${settingValues.version} + 1`, updatedAt: sql`now()` })
    .where(eq(settingValues.id, id));
}

export async function deleteValue(tx: Executor, id: string): Promise<void> {
  await tx.delete(settingValues).where(eq(settingValues.id, id));
}

/** Seeds values that are absent (by key and date): an administrator's own values and edits are kept. */
export async function insertMissing(tx: Executor, rows: (typeof settingValues.$inferInsert)[]): Promise<void> {
  if (rows.length)
    await tx
      .insert(settingValues)
      .values(rows.map((r) => ({ ...r, value: asJson(r.value) })))
      .onConflictDoNothing();
}
