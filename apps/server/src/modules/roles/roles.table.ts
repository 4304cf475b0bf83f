import { pgTable, text, uuid, uniqueIndex } from 'drizzle-orm/pg-core';
import { editableColumns } from '../../db/columns.ts';

/** Roles: a slug and a saveable permission set (spec section 6). */
export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    permissions: text('permissions').array().notNull().default([]),
    ...editableColumns(),
  },
  (t) => [uniqueIndex('roles_slug_key').on(t.slug)],
);
