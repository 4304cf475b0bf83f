import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { editableColumns } from '../../db/columns.ts';
import { providers } from './providers.table.ts';

/**
 * Framework agreements (blanket orders; issue 26 section 1): a provider's prices per item, valid from
 * `valid_from` to `valid_until` (America/Guatemala, both inclusive). While valid and active they count as the
 * quotes for their items. Deactivated, never deleted: the requests that used them keep pointing at them.
 */
export const providerAgreements = pgTable(
  'provider_agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => providers.id),
    reference: text('reference').notNull(),
    description: text('description'),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until').notNull(),
    active: boolean('active').notNull().default(true),
    ...editableColumns(),
  },
  (t) => [
    check('provider_agreements_dates_check', sql`${t.validUntil} >= ${t.validFrom}`),
    index('provider_agreements_provider_idx').on(t.providerId, t.validUntil),
  ],
);
export type ProviderAgreementRow = typeof providerAgreements.$inferSelect;

/** An agreement's items: a unit price in Q with IVA, in the order written (`position`). */
export const providerAgreementItems = pgTable(
  'provider_agreement_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => providerAgreements.id),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    unit: text('unit').notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    check('provider_agreement_items_price_check', sql`${t.unitPrice} > 0`),
    index('provider_agreement_items_agreement_idx').on(t.agreementId, t.position),
  ],
);
export type ProviderAgreementItemRow = typeof providerAgreementItems.$inferSelect;
