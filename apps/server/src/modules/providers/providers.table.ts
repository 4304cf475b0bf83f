import { type AnyPgColumn, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editableColumns } from '../../db/columns.ts';
import { textVector } from '../../lib/search.ts';

/**
 * What a provider's search reads (issue 26 section 1): its name and trade name as words (`lib/search.ts`), the
 * same expression as the GIN index below so the index serves it.
 */
export const providerSearchVector = (t: { name: AnyPgColumn; tradeName: AnyPgColumn }) =>
  textVector(sql`${t.name}`, sql`${t.tradeName}`);

/**
 * Providers (issue 26 section 1): whom the charity buys from, identified by the NIT (normalised, unique). In
 * Guatemala `state` and `town` are INE codes; abroad `city` is free text. Deactivated, never deleted: the expense
 * requests keep pointing at them.
 */
export const providers = pgTable(
  'providers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tradeName: text('trade_name'),
    nit: text('nit').notNull(),
    taxRegime: text('tax_regime').notNull(),
    hasRetention: boolean('has_retention').notNull().default(false),
    country: text('country').notNull().default('GT'),
    state: text('state'),
    town: text('town'),
    city: text('city'),
    address: text('address'),
    contactName: text('contact_name'),
    phones: text('phones').array().notNull().default([]),
    email: text('email'),
    bankName: text('bank_name'),
    bankAccount: text('bank_account'),
    active: boolean('active').notNull().default(true),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('providers_nit_key').on(t.nit),
    index('providers_name_idx').on(t.name, t.id),
    index('providers_search_idx').using('gin', providerSearchVector(t)),
  ],
);
export type ProviderRow = typeof providers.$inferSelect;
