import { and, desc, eq, lte, sql } from 'drizzle-orm';
import {
  SETTING_VALUE_SCHEMAS,
  settingDefinition,
  type SettingKey,
  type SettingValue,
} from '@amparo/shared/modules/settings.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../errors.ts';
import { settingValues } from './settings.table.ts';

/**
 * Reading dated settings (issue 25 section 3, decision 0025): what a module calls to know a rate, a threshold or
 * a band on a date, instead of a literal. `valueAt(db, 'iva_rate', '2027-03-15')` is the value whose `valid_from`
 * is the latest on or before that date (America/Guatemala), parsed with its key's schema, so the caller gets the
 * typed value ('0.12', bands with decimal strings, …). Writes go through the settings module (audited).
 */

/**
 * A value's JSON as text, parsed by the caller: drizzle's jsonb reader parses a string the driver already parsed
 * once more, so the JSON string "0.0483" would come back as the number 0.0483 (a float).
 */
export const jsonText = sql<string>`${settingValues.value}::text`;

/**
 * The value of `key` in force on `date` ('YYYY-MM-DD', America/Guatemala; default today there). 409
 * `setting_missing` (field `key`, params key, date) when no value is in force on that date: a computation that
 * needs a rate never goes on without one. A stored value that no longer fits its schema (a key's type changed
 * without a migration) is a fault, not a user error.
 */
export async function valueAt<K extends SettingKey>(
  db: Executor,
  key: K,
  date: string = todayInGuatemala(),
): Promise<SettingValue<K>> {
  const definition = settingDefinition(key);
  if (!definition) throw new TypeError(`valueAt(): no setting ${key}`);
  const [row] = await db
    .select({ value: jsonText })
    .from(settingValues)
    .where(and(eq(settingValues.key, key), lte(settingValues.validFrom, date)))
    .orderBy(desc(settingValues.validFrom))
    .limit(1);
  if (!row)
    throw new AppError(409, 'setting_missing', [{ field: 'key', code: 'setting_missing', params: { key, date } }]);
  return SETTING_VALUE_SCHEMAS[definition.type].parse(JSON.parse(row.value)) as SettingValue<K>;
}

/** Every stored value of `key`, oldest first, with its author's name (null: seeded). */
export async function valuesOf(db: Executor, key: string) {
  const result = await db.execute<{
    id: string;
    valid_from: string;
    value: unknown;
    source: string;
    note: string | null;
    created_by_name: string | null;
    created_at: Date | string;
    version: number;
  }>(sql`
    select v.id, v.valid_from::text as valid_from, v.value, v.source, v.note, u.full_name as created_by_name,
           v.created_at, v.version
      from ${settingValues} v left join users u on u.id = v.created_by
     where v.key = ${key}
     order by v.valid_from`);
  return result.rows.map((r) => ({
    id: r.id,
    validFrom: r.valid_from,
    value: r.value,
    source: r.source,
    note: r.note,
    createdByName: r.created_by_name,
    createdAt: new Date(r.created_at).toISOString(),
    version: Number(r.version),
  }));
}
