import type { z } from 'zod';
import type {
  Agreement,
  AgreementState,
  AgreementUse,
  agreementInput,
  agreementUpdate,
} from '@amparo/shared/modules/framework-agreements.schema';
import { todayInGuatemala } from '@amparo/shared/format';
import type { Db, Executor } from '../../db/client.ts';
import type { UserActor } from '../../lib/actor.ts';
import { diff, writeAudit } from '../../lib/audit.ts';
import { agreementUses, type AgreementUsesReader } from '../../lib/agreement-uses.ts';
import { AppError, invalidFields, notFound } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/transaction.ts';
import * as repo from './agreements.repository.ts';
import { findProvider } from './providers.repository.ts';

/**
 * Framework agreements (blanket orders; issue 26 section 1, key `configuracion_proveedores`): a provider's prices
 * per item for a period. While valid and active they count as the quotes for their items in the expense requests
 * (issue 26 section 4). Changes are audited (entity `provider_agreement`, before and after, items
 * included).
 */

const ENTITY = 'provider_agreement';

/** An agreement's state on `today` (America/Guatemala). */
export function agreementState(
  a: { active: boolean; validFrom: string; validUntil: string },
  today: string,
): AgreementState {
  if (!a.active) return 'inactive';
  if (today < a.validFrom) return 'scheduled';
  if (today > a.validUntil) return 'expired';
  return 'valid';
}

function toAgreements(
  rows: repo.ProviderAgreementRow[],
  items: repo.ProviderAgreementItemRow[],
  providerName: string,
): Agreement[] {
  const today = todayInGuatemala();
  return rows.map((r) => ({
    id: r.id,
    providerId: r.providerId,
    providerName,
    reference: r.reference,
    description: r.description,
    validFrom: r.validFrom,
    validUntil: r.validUntil,
    active: r.active,
    state: agreementState(r, today),
    items: items
      .filter((i) => i.agreementId === r.id)
      .map((i) => ({ id: i.id, description: i.description, unit: i.unit, unitPrice: i.unitPrice })),
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  }));
}

const pick = (a: Agreement) => ({
  reference: a.reference,
  description: a.description,
  validFrom: a.validFrom,
  validUntil: a.validUntil,
  active: a.active,
  items: a.items,
});

/** The provider, or 404 `not_found`. */
async function providerOf(db: Executor, providerId: string) {
  const provider = await findProvider(db, providerId);
  if (!provider) throw notFound();
  return provider;
}

/** A provider's agreements, latest validity first (`GET /api/providers/:id/agreements`). 404 for an unknown provider. */
export async function listAgreements(db: Db, providerId: string): Promise<Agreement[]> {
  const provider = await providerOf(db, providerId);
  const rows = await repo.listAgreements(db, providerId);
  return toAgreements(
    rows,
    await repo.itemsOf(
      db,
      rows.map((r) => r.id),
    ),
    provider.name,
  );
}

/** One agreement of the provider with its items. 404 `not_found` (also for another provider's agreement). */
export async function getAgreement(db: Executor, providerId: string, id: string): Promise<Agreement> {
  const provider = await providerOf(db, providerId);
  const row = await repo.findAgreement(db, providerId, id);
  if (!row) throw notFound();
  return toAgreements([row], await repo.itemsOf(db, [id]), provider.name)[0]!;
}

/**
 * Where one agreement of the provider was used (`GET /api/providers/:id/agreements/:agreement/uses`, issue 26
 * section 1): the requests whose quote took its prices, as the contributors to `agreementUsesPoint` read them
 * (execution), newest first: number, status, creation instant, whether that quote was selected, its total (Q).
 * 404 `not_found` for an unknown provider or another provider's agreement.
 */
export async function listAgreementUses(
  db: Executor,
  readers: readonly { name: string; read: AgreementUsesReader }[],
  providerId: string,
  id: string,
): Promise<AgreementUse[]> {
  await providerOf(db, providerId);
  if (!(await repo.findAgreement(db, providerId, id))) throw notFound();
  return agreementUses(readers, db, id);
}

/**
 * Adds an agreement to a provider (`POST /api/providers/:id/agreements`): the schema's checks (dates in order,
 * items without repeats, prices over zero); 404 for an unknown provider; 409 `provider_inactive` for a deactivated
 * one; item ids are ignored (every item is new). Audited (`create`).
 */
export async function createAgreement(
  db: Db,
  actor: UserActor,
  providerId: string,
  body: z.output<typeof agreementInput>,
): Promise<Agreement> {
  return inTransaction(db, async (tx) => {
    const provider = await providerOf(tx, providerId);
    if (!provider.active) throw new AppError(409, 'provider_inactive');
    const { items, ...values } = body;
    const id = await repo.insertAgreement(tx, {
      ...values,
      providerId,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    });
    await repo.replaceItems(
      tx,
      id,
      items.map(({ id: _ignored, ...item }) => item),
    );
    const created = await getAgreement(tx, providerId, id);
    await writeAudit(tx, actor, { action: 'create', entity: ENTITY, entityId: id, changes: diff(null, pick(created)) });
    return created;
  });
}

/**
 * Edits an agreement at the version the editor saw (`PUT /api/providers/:id/agreements/:agreement`): 409
 * `version_conflict`, 404; items listed with their `id` are kept and updated, those without are added, those not
 * listed are removed; an `id` that is not one of this agreement's items is 400 `unknown_code` on `items.N.id`.
 * Audited (before and after).
 */
export async function updateAgreement(
  db: Db,
  actor: UserActor,
  providerId: string,
  id: string,
  body: z.output<typeof agreementUpdate>,
): Promise<Agreement> {
  return inTransaction(db, async (tx) => {
    const before = await getAgreement(tx, providerId, id);
    const own = new Set(before.items.map((i) => i.id));
    const unknown = body.items.flatMap((item, i) =>
      item.id && !own.has(item.id) ? [{ field: `items.${i}.id`, code: 'unknown_code' as const }] : [],
    );
    if (unknown.length) throw invalidFields(unknown);
    const { version, items, ...values } = body;
    await repo.updateAgreement(tx, id, version, { ...values, updatedBy: actor.userId });
    await repo.replaceItems(tx, id, items);
    const after = await getAgreement(tx, providerId, id);
    await writeAudit(tx, actor, {
      action: 'update',
      entity: ENTITY,
      entityId: id,
      changes: diff(pick(before), pick(after)),
    });
    return after;
  });
}
