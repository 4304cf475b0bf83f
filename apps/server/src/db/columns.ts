import { integer, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Bookkeeping columns of every editable table (architecture rule 4). */
export function editableColumns() {
  return {
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
  };
}
