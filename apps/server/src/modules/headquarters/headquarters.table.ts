import { boolean, pgTable, text, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editableColumns } from '../../db/columns.ts';

/** Headquarters (sedes), spec section 3: code, name, country, state. */
export const headquarters = pgTable(
  'headquarters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    country: text('country').notNull().default('GT'),
    /** Department INE code. */
    state: text('state').notNull(),
    address: text('address'),
    active: boolean('active').notNull().default(true),
    ...editableColumns(),
  },
  (t) => [uniqueIndex('headquarters_code_key').on(sql`upper(${t.code})`)],
);
