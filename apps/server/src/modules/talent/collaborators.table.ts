import { type AnyPgColumn, boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editableColumns } from '../../db/columns.ts';
import { textVector } from '../../lib/search.ts';
import { headquarters } from '../headquarters/headquarters.table.ts';

/**
 * What a collaborator's word search reads (issue 27 section 4): the first and last names (`lib/search.ts`), the
 * same expression as the GIN index below so the index serves it.
 */
export const collaboratorSearchVector = (t: { firstNames: AnyPgColumn; lastNames: AnyPgColumn }) =>
  textVector(sql`${t.firstNames}`, sql`${t.lastNames}`);

/**
 * Collaborators (issue 27 section 4; issue 28 adds the talent file): whom the charity employs, as a payroll row
 * names them, by `code` (upper case) or by `dpi` (RENAP's CUI, 13 digits, Decreto 90-2005), each unique. Both are
 * stored normalised, so the unique indexes are the duplicate check. Deactivated, never deleted: executed payroll
 * keeps pointing at them.
 */
export const collaborators = pgTable(
  'collaborators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    dpi: text('dpi').notNull(),
    firstNames: text('first_names').notNull(),
    lastNames: text('last_names').notNull(),
    headquarterId: uuid('headquarter_id')
      .notNull()
      .references(() => headquarters.id),
    active: boolean('active').notNull().default(true),
    ...editableColumns(),
  },
  (t) => [
    uniqueIndex('collaborators_code_key').on(t.code),
    uniqueIndex('collaborators_dpi_key').on(t.dpi),
    index('collaborators_name_idx').on(t.lastNames, t.firstNames, t.id),
    index('collaborators_headquarter_idx').on(t.headquarterId),
    index('collaborators_search_idx').using('gin', collaboratorSearchVector(t)),
  ],
);
export type CollaboratorRow = typeof collaborators.$inferSelect;
