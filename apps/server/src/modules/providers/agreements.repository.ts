import { and, asc, desc, eq, inArray, notInArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { updateVersioned } from '../../lib/versioned.ts';
import {
  providerAgreementItems,
  providerAgreements,
  type ProviderAgreementItemRow,
  type ProviderAgreementRow,
} from './agreements.table.ts';

export type { ProviderAgreementItemRow, ProviderAgreementRow };

/** A provider's agreements, latest validity first. */
export function listAgreements(db: Executor, providerId: string) {
  return db
    .select()
    .from(providerAgreements)
    .where(eq(providerAgreements.providerId, providerId))
    .orderBy(desc(providerAgreements.validUntil), desc(providerAgreements.validFrom), asc(providerAgreements.id));
}

/** One agreement of the provider, or null. */
export async function findAgreement(db: Executor, providerId: string, id: string) {
  const [row] = await db
    .select()
    .from(providerAgreements)
    .where(and(eq(providerAgreements.id, id), eq(providerAgreements.providerId, providerId)))
    .limit(1);
  return row ?? null;
}

/** The items of the given agreements, in their order. */
export async function itemsOf(db: Executor, agreementIds: string[]): Promise<ProviderAgreementItemRow[]> {
  if (!agreementIds.length) return [];
  return db
    .select()
    .from(providerAgreementItems)
    .where(inArray(providerAgreementItems.agreementId, agreementIds))
    .orderBy(asc(providerAgreementItems.agreementId), asc(providerAgreementItems.position));
}

export async function insertAgreement(db: Executor, values: typeof providerAgreements.$inferInsert) {
  const [row] = await db.insert(providerAgreements).values(values).returning({ id: providerAgreements.id });
  return row!.id;
}

/** Updates an agreement at `version` (409 `version_conflict` when stale, 404 when gone). */
export function updateAgreement(
  db: Executor,
  id: string,
  version: number,
  values: Omit<Partial<typeof providerAgreements.$inferInsert>, 'version' | 'updatedAt'>,
) {
  return updateVersioned(db, providerAgreements, id, version, values);
}

type ItemValues = { id?: string; description: string; unit: string; unitPrice: string };

/**
 * Writes an agreement's items as listed: those with an id are updated in place (what was linked to them stays
 * linked), the others inserted, and the ones no longer listed removed; `position` follows the list.
 */
export async function replaceItems(db: Executor, agreementId: string, items: ItemValues[]) {
  const kept = items.flatMap((i) => (i.id ? [i.id] : []));
  await db
    .delete(providerAgreementItems)
    .where(
      and(
        eq(providerAgreementItems.agreementId, agreementId),
        kept.length ? notInArray(providerAgreementItems.id, kept) : undefined,
      ),
    );
  for (const [position, item] of items.entries()) {
    const values = { description: item.description, unit: item.unit, unitPrice: item.unitPrice, position };
    if (item.id)
      await db
        .update(providerAgreementItems)
        .set(values)
        .where(and(eq(providerAgreementItems.id, item.id), eq(providerAgreementItems.agreementId, agreementId)));
    else await db.insert(providerAgreementItems).values({ ...values, agreementId });
  }
}
