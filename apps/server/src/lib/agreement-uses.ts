import type { AgreementUse } from '@amparo/shared/modules/framework-agreements.schema';
import type { Executor } from '../db/client.ts';
import { extensionPoint } from './extension-points.ts';

/** The uses one module knows of a framework agreement, newest first (shape: `AgreementUse`, totals in Q). */
export type AgreementUsesReader = (db: Executor, agreementId: string) => Promise<AgreementUse[]>;

/**
 * Where a provider's framework agreement was used (issue 26 section 1: "its use is listed against it"). The
 * module that quotes from agreements (execution: a request's quote taking the agreement's prices) contributes its
 * reader in its manifest, so providers, which execution depends on, never imports it. Read through
 * `app.extensions.all(agreementUsesPoint)` by `GET /api/providers/:id/agreements/:agreement/uses`.
 */
export const agreementUsesPoint = extensionPoint<{ name: string; read: AgreementUsesReader }>('agreement-uses', {
  key: (c) => c.name,
});

/** Every contributor's uses of the agreement, newest first (by `createdAt`). */
export async function agreementUses(
  readers: readonly { name: string; read: AgreementUsesReader }[],
  db: Executor,
  agreementId: string,
): Promise<AgreementUse[]> {
  const uses = (await Promise.all(readers.map((r) => r.read(db, agreementId)))).flat();
  return uses.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.number.localeCompare(a.number));
}
