import { z } from 'zod';
import {
  catalogCode,
  envelope,
  isoDate,
  itemAge,
  optionalText,
  paged,
  pageQuery,
  searchTerm,
  text,
  uuid,
  version,
} from '../validation.ts';

/**
 * Documentation (issue 4, permissions `documentacion` and
 * `documentacion_documentacion`): documents with metadata and files. A
 * document tied to a person obeys that person's grants.
 */

/** Accepted file types, checked by content (spec section 5: JPG, JPEG, PNG, PDF). */
export const DOCUMENT_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export const documentInput = z.object({
  title: text(200, 3),
  /** document_type catalog. */
  documentType: catalogCode,
  description: optionalText(2000),
  documentDate: isoDate,
  /** The institutional area the document belongs to (free text), optional. */
  area: optionalText(120),
  /** A person of the registry; the document then follows that person's grants. */
  personId: z.preprocess((v) => (v === '' ? null : v), uuid.nullable().optional()).transform((v) => v ?? null),
  tags: z.array(text(40)).max(20, 'too_big::20').default([]),
});
export const documentUpdate = documentInput.extend({ version });
export type DocumentInput = z.input<typeof documentInput>;

export const documentFile = z.object({
  id: uuid,
  name: z.string(),
  mime: z.enum(DOCUMENT_TYPES),
  sizeBytes: z.number().int(),
  /** 1 for the first upload; each replacement adds one and keeps the previous. */
  revision: z.number().int(),
  current: z.boolean(),
  /** The file this one replaced, if any. */
  replacesId: uuid.nullable(),
  /**
   * An image too large to preview as is (over 16.8 megapixels; issue 23 section 4): its content's `?size=preview`
   * is a reduced JPEG, and the preview shows that; the original is the download. False for a PDF or a smaller image.
   */
  hasPreview: z.boolean(),
  uploadedByName: z.string().nullable(),
  uploadedAt: z.string(),
});
export type DocumentFile = z.infer<typeof documentFile>;

export const documentSummary = z.object({
  id: uuid,
  title: z.string(),
  documentType: z.string(),
  documentDate: z.string(),
  area: z.string().nullable(),
  personId: uuid.nullable(),
  personName: z.string().nullable(),
  tags: z.array(z.string()),
  fileCount: z.number().int(),
  updatedAt: z.string(),
});
export const document = documentSummary.extend({
  description: z.string().nullable(),
  files: z.array(documentFile),
  version: z.number().int(),
  createdAt: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummary>;
export type Document = z.infer<typeof document>;

export const documentListQuery = pageQuery.extend({
  q: searchTerm(100),
  documentType: catalogCode.optional(),
  personId: uuid.optional(),
  sort: z.enum(['documentDate', 'title', 'updatedAt']).default('documentDate'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** Age of the record (spec section 9), on `created_at` in America/Guatemala (not the document date). */
  age: itemAge.optional(),
});

/**
 * GET a document file's content: `download=1` the original as an attachment; otherwise inline, `size=preview`
 * giving an image's reduced JPEG when it has one (`hasPreview`), the original when it has none.
 */
export const documentFileQuery = z.object({
  download: z.enum(['0', '1']).optional(),
  size: z.enum(['full', 'preview']).default('full'),
});

export const documentResponse = envelope(document);
/** A person's documents with their files (the 'Documents' tab of the person's file). */
export const personDocumentsQuery = pageQuery.pick({ page: true, pageSize: true });
export const personDocumentsResponse = envelope(paged(document));
export const documentListResponse = envelope(paged(documentSummary));
