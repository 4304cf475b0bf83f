import type { z } from 'zod';
import type {
  Provider,
  providerInput,
  providerListQuery,
  providerUpdate,
} from '@amparo/shared/modules/providers.schema';
import type { FieldError } from '@amparo/shared/errors';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { AppError, invalidFields, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import { departmentExists, findMunicipality, geographyNames } from '../catalogs/catalogs.service.ts';
import * as repo from './providers.repository.ts';

/**
 * Providers (issue 26 section 1, key `configuracion_proveedores`): whom the charity buys from. The NIT is the
 * provider's identity (normalised, SAT check digit, unique); in Guatemala the department and municipality are INE
 * codes that must exist and agree. Every change is audited (entity `provider`) with before and after.
 */

const ENTITY = 'provider';
type Input = z.output<typeof providerInput>;

/** The written fields, for the audit's before/after. */
const pick = (p: Provider) => {
  const { id: _i, stateName: _s, townName: _t, version: _v, createdAt: _c, updatedAt: _u, ...fields } = p;
  return fields;
};

async function toProvider(db: Executor, r: repo.ProviderRow): Promise<Provider> {
  const names = await geographyNames(db);
  return {
    id: r.id,
    name: r.name,
    tradeName: r.tradeName,
    nit: r.nit,
    taxRegime: r.taxRegime as Provider['taxRegime'],
    hasRetention: r.hasRetention,
    country: r.country,
    state: r.state,
    stateName: r.state ? (names.departments.get(r.state) ?? null) : null,
    town: r.town,
    townName: r.town ? (names.municipalities.get(r.town) ?? null) : null,
    city: r.city,
    address: r.address,
    contactName: r.contactName,
    phones: r.phones,
    email: r.email,
    bankName: r.bankName,
    bankAccount: r.bankAccount,
    active: r.active,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * The INE codes exist and agree (the schema has checked their shape and the GT-only rule): 400 `state`
 * `unknown_code`; `town` `unknown_code` or `municipality_not_in_department`.
 */
async function checkPlace(db: Executor, body: Input) {
  const errors: FieldError[] = [];
  if (body.state && !(await departmentExists(db, body.state))) errors.push({ field: 'state', code: 'unknown_code' });
  if (body.town) {
    const town = await findMunicipality(db, body.town);
    if (!town) errors.push({ field: 'town', code: 'unknown_code' });
    else if (town.departmentCode !== body.state) errors.push({ field: 'town', code: 'municipality_not_in_department' });
  }
  if (errors.length) throw invalidFields(errors);
}

/** A NIT taken by another provider: 409 `duplicate` on `nit`. */
function mapDbError(err: unknown): never {
  if (isUniqueViolation(err, 'providers_nit_key'))
    throw new AppError(409, 'duplicate', [{ field: 'nit', code: 'duplicate' }]);
  throw err;
}

/** The written columns of a body (abroad, no department or municipality; in Guatemala, no free-text city). */
const columnsOf = (body: Input) => ({
  ...body,
  city: body.country === 'GT' ? null : body.city,
});

/**
 * A page of providers by name (`GET /api/providers`): `q` by words over the name and trade name, or a NIT
 * exactly; `active` all, active or inactive.
 */
export async function listProviders(db: Db, query: z.output<typeof providerListQuery>) {
  const { items, total } = await repo.listProviders(db, query);
  return {
    items: await Promise.all(items.map((r) => toProvider(db, r))),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalCapped: false,
  };
}

/** One provider. 404 `not_found`. */
export async function getProvider(db: Executor, id: string): Promise<Provider> {
  const row = await repo.findProvider(db, id);
  if (!row) throw notFound();
  return toProvider(db, row);
}

/**
 * Creates a provider (`POST /api/providers`): the schema's checks (NIT check digit `nit_invalid`, a department
 * in Guatemala, the municipality in it), then the INE codes exist (`unknown_code`); 409 `duplicate` on `nit` for
 * a NIT taken. Audited (`create`).
 */
export async function createProvider(db: Db, actor: UserActor, body: Input): Promise<Provider> {
  try {
    return await inTransaction(db, async (tx) => {
      await checkPlace(tx, body);
      const id = await repo.insertProvider(tx, {
        ...columnsOf(body),
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      const created = await getProvider(tx, id);
      await writeAudit(tx, actor, {
        action: 'create',
        entity: ENTITY,
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
 * Edits a provider (`PUT /api/providers/:id`) at the version the editor saw: 409 `version_conflict` when it
 * changed since, 404 `not_found`, and the checks of `createProvider`. Deactivating is an edit (`active`
 * false): a provider is never deleted, as requests point at it. Audited (`update`, before and after).
 */
export async function updateProvider(
  db: Db,
  actor: UserActor,
  id: string,
  body: z.output<typeof providerUpdate>,
): Promise<Provider> {
  try {
    return await inTransaction(db, async (tx) => {
      const before = await getProvider(tx, id);
      await checkPlace(tx, body);
      const { version, ...values } = body;
      await repo.updateProvider(tx, id, version, { ...columnsOf(values), updatedBy: actor.userId });
      const after = await getProvider(tx, id);
      await writeAudit(tx, actor, {
        action: 'update',
        entity: ENTITY,
        entityId: id,
        changes: diff(pick(before), pick(after)),
      });
      return after;
    });
  } catch (err) {
    mapDbError(err);
  }
}
