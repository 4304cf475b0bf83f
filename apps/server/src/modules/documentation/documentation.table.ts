import { type AnyPgColumn, boolean, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { editableColumns } from '../../db/columns.ts';
import { users } from '../users/users.table.ts';
import { persons } from '../population/persons/persons.table.ts';
import { textVector } from '../../lib/search.ts';

/**
 * What a document's search reads (issue 24 section 2): its title and description (notes) as words
 * (`lib/search.ts`), the same expression as the GIN index below so the index serves it.
 */
export const documentSearchVector = (t: { title: AnyPgColumn; description: AnyPgColumn }) =>
  textVector(sql`${t.title}`, sql`${t.description}`);

/** Institutional documents (issue 4); `person_id` ties one to a person of the registry and their grants. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    documentType: text('document_type').notNull(),
    description: text('description'),
    documentDate: date('document_date', { mode: 'string' }).notNull(),
    area: text('area'),
    personId: uuid('person_id').references(() => persons.id, { onDelete: 'restrict' }),
    tags: text('tags').array().notNull().default([]),
    ...editableColumns(),
  },
  (t) => [
    index('documents_date_idx').on(t.documentDate, t.id),
    index('documents_person_idx').on(t.personId),
    index('documents_search_idx').using('gin', documentSearchVector(t)),
  ],
);

/**
 * A document's files. A replacement is a new row (`replaces_id`, revision + 1)
 * and the old one stays with `current = false`. `storage_key` is the content
 * hash in the file store; equal content is stored once; `preview_key` likewise, for a huge image's preview.
 */
export const documentFiles = pgTable(
  'document_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull(),
    /** A reduced JPEG the preview shows for an image over PREVIEW_OVER_PIXELS (lib/images.ts); null otherwise. */
    previewKey: text('preview_key'),
    revision: integer('revision').notNull().default(1),
    current: boolean('current').notNull().default(true),
    replacesId: uuid('replaces_id'),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('document_files_document_idx').on(t.documentId),
    index('document_files_key_idx').on(t.storageKey),
    // File collection counts references by key (lib/file-gc.ts); most files have no preview.
    index('document_files_preview_key_idx')
      .on(t.previewKey)
      .where(sql`${t.previewKey} is not null`),
  ],
);
