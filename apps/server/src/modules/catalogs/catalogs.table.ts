import { boolean, index, integer, pgTable, text, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { editableColumns } from '../../db/columns.ts';

/** Guatemala's 22 departments (INE codes). Reference data, seeded. */
export const departments = pgTable('departments', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

/** Guatemala's 340 municipalities; `code` = department code + number (INE). */
export const municipalities = pgTable(
  'municipalities',
  {
    code: text('code').primaryKey(),
    departmentCode: text('department_code')
      .notNull()
      .references(() => departments.code),
    name: text('name').notNull(),
  },
  (t) => [index('municipalities_department_idx').on(t.departmentCode)],
);

/** Editable catalogs (sex, thematic, ...). Codes are stable; labels can be renamed. */
export const catalogItems = pgTable(
  'catalog_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    catalog: text('catalog').notNull(),
    code: text('code').notNull(),
    es: text('es').notNull(),
    en: text('en').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    /** The code of the item this one sits under in the parent catalog (a program's strategic axis); null otherwise. */
    parent: text('parent'),
    ...editableColumns(),
  },
  (t) => [uniqueIndex('catalog_items_catalog_code_key').on(t.catalog, t.code)],
);
