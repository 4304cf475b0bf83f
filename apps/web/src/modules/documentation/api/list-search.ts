import { z } from 'zod';
import { documentListQuery } from '@amparo/shared/modules/documentation.schema';
import { LIST_SEARCH_DEFAULTS as D, PAGE_SIZES } from './list-url';

const q = documentListQuery.shape;

/**
 * The list's state as URL search params (reload and back keep it), built from
 * the `documentListQuery` contract. Every field falls back to its default
 * instead of failing, so a hand-edited URL still opens the list. The page
 * reads its route's raw search through it (`useContractSearch`).
 */
export const documentListSearch = z.object({
  page: q.page.default(D.page).catch(D.page),
  pageSize: z.coerce
    .number()
    .int()
    .refine((v) => (PAGE_SIZES as readonly number[]).includes(v))
    .default(D.pageSize)
    .catch(D.pageSize),
  q: q.q.catch(undefined),
  documentType: q.documentType.catch(undefined),
  sort: q.sort.default(D.sort).catch(D.sort),
  order: q.order.default(D.order).catch(D.order),
  age: q.age.catch(undefined),
});
export type DocumentListSearch = z.output<typeof documentListSearch>;
/** What a link to the list may pass. */
export type DocumentListSearchInput = z.input<typeof documentListSearch>;

/** /documentation/add?personId=…: a new document for that person (from the person's file). */
export const documentAddSearch = z.object({ personId: z.uuid().optional().catch(undefined) });
export type DocumentAddSearchInput = z.input<typeof documentAddSearch>;
