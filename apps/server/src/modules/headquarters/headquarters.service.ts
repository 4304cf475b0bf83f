import type { UserActor } from '../../lib/actor.ts';
import type { z } from 'zod';
import type { Headquarter, headquarterInput, headquarterUpdate } from '@amparo/shared/modules/headquarters.schema';
import type { Db, Executor } from '../../db/client.ts';
import { AppError, invalidField, isForeignKeyViolation, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import { headquarters } from '../../db/schema.ts';
import { departmentExists } from '../catalogs/catalogs.service.ts';
import * as repo from './headquarters.repository.ts';

type Input = z.output<typeof headquarterInput>;
const pick = (h: Headquarter) => ({
  code: h.code,
  name: h.name,
  country: h.country,
  state: h.state,
  address: h.address,
  active: h.active,
});

/** Guatemalan headquarters need a real department (INE code). */
async function checkState(db: Executor, body: Input) {
  if (body.country === 'GT' && !(await departmentExists(db, body.state))) throw invalidField('state', 'unknown_code');
}

function mapDbError(err: unknown): never {
  if (isUniqueViolation(err)) throw new AppError(409, 'duplicate', [{ field: 'code', code: 'duplicate' }]);
  throw err;
}

/**
 * Every headquarter, active or not, by code (Configuración › Sede, spec section 5).
 */
export async function listHeadquarters(db: Db): Promise<Headquarter[]> {
  return repo.listHeadquarters(db);
}

/**
 * One headquarter. 404 `not_found`.
 */
export async function getHeadquarter(db: Executor, id: string): Promise<Headquarter> {
  const row = await repo.findHeadquarter(db, id);
  if (!row) throw notFound();
  return row;
}

/** Spec section 5: code, name, country and state are required (the schema checks them). */
export async function createHeadquarter(db: Db, actor: UserActor, body: Input): Promise<Headquarter> {
  try {
    return await db.transaction(async (tx) => {
      await checkState(tx, body);
      const id = await repo.insertHeadquarter(tx, {
        ...body,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      const created = await getHeadquarter(tx, id);
      await writeAudit(tx, actor, {
        action: 'create',
        entity: 'headquarter',
        entityId: id,
        changes: diff(null, pick(created)),
      });
      return created;
    });
  } catch (err) {
    mapDbError(err);
  }
}

/**
 * Edits a headquarter (409 `stale` on an old `version`, 409 `duplicate` code, a Guatemalan one needs a real
 * department); audited with before/after.
 */
export async function updateHeadquarter(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof headquarterUpdate>,
): Promise<Headquarter> {
  try {
    return await db.transaction(async (tx) => {
      const before = await getHeadquarter(tx, id);
      await checkState(tx, body);
      const { version, ...values } = body;
      await updateVersioned(tx, headquarters, id, version, { ...values, updatedBy: actor.userId });
      const after = await getHeadquarter(tx, id);
      await writeAudit(tx, actor, {
        action: 'update',
        entity: 'headquarter',
        entityId: id,
        changes: diff(pick(before), pick(after)),
      });
      return after;
    });
  } catch (err) {
    mapDbError(err);
  }
}

/** Deletes a headquarter no person belongs to (409 `in_use` otherwise; deactivate it instead). */
export async function deleteHeadquarter(db: Db, actor: UserActor, id: string): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const before = await getHeadquarter(tx, id);
      await repo.deleteHeadquarter(tx, id);
      await writeAudit(tx, actor, {
        action: 'delete',
        entity: 'headquarter',
        entityId: id,
        changes: diff(pick(before), null),
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError(409, 'in_use');
    throw err;
  }
}

/** Names of the given headquarters (for lists that show them). */
export async function headquarterNames(db: Executor, ids: (string | null)[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => !!id))];
  if (unique.length === 0) return new Map();
  return new Map((await repo.headquarterNames(db, unique)).map((h) => [h.id, h.name]));
}

/** Headquarters as dropdown options (generic catalog call; value = id). */
export function headquarterOptions(db: Executor) {
  return repo.headquarterOptions(db);
}
