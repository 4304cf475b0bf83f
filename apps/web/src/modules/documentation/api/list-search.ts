import { z } from 'zod';
import { documentListQuery } from '@amparo/shared/modules/documentation.schema';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DOCUMENT_SORTS = ['documentDate', 'title', 'updatedAt'] as const;

const q = documentListQuery.shape;

/**
 * The list's state as URL search params (reload and back keep it), built from
 * the `documentListQuery` contract. Every field falls back to its default
 * instead of failing, so a hand-edited URL still opens the list.
 */
export const documentListSearch = z.object({
  page: q.page.default(1).catch(1),
  pageSize: z.coerce
    .number()
    .int()
    .refine((v) => (PAGE_SIZES as readonly number[]).includes(v))
    .default(25)
    .catch(25),
  q: q.q.catch(undefined),
  documentType: q.documentType.catch(undefined),
  sort: q.sort.default('documentDate').catch('documentDate'),
  order: q.order.default('desc').catch('desc'),
  age: q.age.catch(undefined),
});
export type DocumentListSearch = z.output<typeof documentListSearch>;

/** Defaults left out of the URL to keep it short. */
export const LIST_SEARCH_DEFAULTS = { page: 1, pageSize: 25, sort: 'documentDate', order: 'desc' } as const;

/** /documentation/add?personId=…: a new document for that person (from the person's file). */
export const documentAddSearch = z.object({ personId: z.uuid().optional().catch(undefined) });
