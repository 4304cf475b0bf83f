import type { z } from 'zod';
import {
  SETTING_DEFINITIONS,
  SETTING_VALUE_SCHEMAS,
  settingDefinition,
  type SettingHistory,
  type SettingSummary,
  type SettingValueRow,
  type settingValueInput,
  type settingValueUpdate,
} from '@amparo/shared/modules/settings.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import { toFieldErrors } from '@amparo/shared/validation';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { writeAudit } from '../../lib/audit.ts';
import { AppError, invalidFields, isUniqueViolation, notFound, versionConflict } from '../../lib/errors.ts';
import { valuesOf } from '../../lib/settings/settings.ts';
import { inTransaction } from '../../lib/transaction.ts';
import * as repo from './settings.repository.ts';

/*
 * Configuración › Parámetros legales (issue 25 section 3, key configuracion_parametros): every dated setting, its
 * value in force today, what is scheduled, its history and its source. A new value is added from a date; only a
 * value not yet in force may be corrected or removed (one in force or past is what computations used). Every
 * change is audited (entity `setting`, id the key, before and after).
 */

const ENTITY = 'setting';
type Stored = Awaited<ReturnType<typeof valuesOf>>[number];

/** Each value with its state on `today`: the latest on or before it is `current`, earlier ones `past`. */
function withStates(values: Stored[], today: string): SettingValueRow[] {
  const current = values.filter((v) => v.validFrom <= today).at(-1);
  return values.map((v) => ({
    ...v,
    state: v.validFrom > today ? 'scheduled' : v === current ? 'current' : 'past',
  }));
}

function summaryOf(definition: (typeof SETTING_DEFINITIONS)[number], values: SettingValueRow[]): SettingSummary {
  return {
    key: definition.key,
    group: definition.group,
    type: definition.type,
    source: definition.source,
    current: values.find((v) => v.state === 'current') ?? null,
    scheduled: values.find((v) => v.state === 'scheduled') ?? null,
  };
}

const definitionOr404 = (key: string) => settingDefinition(key) ?? notFoundError();
const notFoundError = (): never => {
  throw notFound();
};

/** Every setting (`GET /api/settings`), in the definitions' order, with its value in force today and the next one. */
export async function listSettings(db: Executor): Promise<SettingSummary[]> {
  const today = todayInGuatemala();
  const out: SettingSummary[] = [];
  for (const d of SETTING_DEFINITIONS) out.push(summaryOf(d, withStates(await valuesOf(db, d.key), today)));
  return out;
}

/** One setting with every value, oldest first (`GET /api/settings/:key`); 404 for a key nobody defined. */
export async function settingHistory(db: Executor, key: string): Promise<SettingHistory> {
  const definition = definitionOr404(key);
  const values = withStates(await valuesOf(db, key), todayInGuatemala());
  return { ...summaryOf(definition, values), values };
}

/** The value checked against the key's schema, normalised ('12.5' → '12.50'); 400 with fields `value.…`. */
function checkedValue(key: string, value: unknown): unknown {
  const parsed = SETTING_VALUE_SCHEMAS[definitionOr404(key).type].safeParse(value);
  if (!parsed.success)
    throw invalidFields(
      toFieldErrors(parsed.error).map((e) => ({ ...e, field: e.field ? `value.${e.field}` : 'value' })),
    );
  return parsed.data;
}

/**
 * Adds a value of `key` in force from `validFrom` (`POST /api/settings/:key/values`). A date before today is
 * allowed (a law published after it took effect) and audited like any other. 400 when the value does not fit the
 * key's type (fields `value.…`); 409 `duplicate` (field `validFrom`) when the key already has a value from that
 * date; 404 for an unknown key.
 */
export async function addValue(db: Db, actor: UserActor, key: string, body: z.output<typeof settingValueInput>) {
  const value = checkedValue(key, body.value);
  try {
    await inTransaction(db, async (tx) => {
      const row = await repo.insertValue(tx, {
        key,
        validFrom: body.validFrom,
        value,
        source: body.source,
        note: body.note,
        createdBy: actor.userId,
      });
      await writeAudit(tx, actor, {
        action: 'create',
        entity: ENTITY,
        entityId: key,
        changes: { [row.validFrom]: { before: null, after: { value, source: body.source, note: body.note } } },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'duplicate', [{ field: 'validFrom', code: 'duplicate' }]);
    throw err;
  }
  return settingHistory(db, key);
}

/** The value, locked, if it is not yet in force (409 `setting_in_force` otherwise; 404 when absent). */
async function scheduledValue(tx: Executor, key: string, id: string) {
  const row = await repo.lockValue(tx, key, id);
  if (!row) throw notFound();
  if (row.validFrom <= todayInGuatemala()) throw new AppError(409, 'setting_in_force');
  return row;
}

/**
 * Corrects a value not yet in force (`PUT /api/settings/:key/values/:id`): 409 `setting_in_force` for one in force
 * or past, 409 `version_conflict` on a stale version, 400 as `addValue`. Audited with before and after.
 */
export async function updateValue(
  db: Db,
  actor: UserActor,
  key: string,
  id: string,
  body: z.output<typeof settingValueUpdate>,
) {
  const value = checkedValue(key, body.value);
  await inTransaction(db, async (tx) => {
    const row = await scheduledValue(tx, key, id);
    if (row.version !== body.version) throw versionConflict();
    await repo.updateValue(tx, id, { value, source: body.source, note: body.note });
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: key,
      changes: {
        [row.validFrom]: {
          before: { value: row.value, source: row.source, note: row.note },
          after: { value, source: body.source, note: body.note },
        },
      },
    });
  });
  return settingHistory(db, key);
}

/** Removes a value not yet in force (`DELETE /api/settings/:key/values/:id`); 409 `setting_in_force` otherwise. Audited. */
export async function deleteValue(db: Db, actor: UserActor, key: string, id: string) {
  definitionOr404(key);
  await inTransaction(db, async (tx) => {
    const row = await scheduledValue(tx, key, id);
    await repo.deleteValue(tx, id);
    await writeAudit(tx, actor, {
      action: 'delete',
      entity: ENTITY,
      entityId: key,
      changes: { [row.validFrom]: { before: { value: row.value, source: row.source, note: row.note }, after: null } },
    });
  });
  return settingHistory(db, key);
}
