import { useMemo } from 'react';
import type { SearchSchemaInput } from '@tanstack/react-router';

/**
 * A route's `validateSearch` that keeps the URL's values as they came, typed as
 * what a link may pass (`T`, a list contract's input). The route tree is part
 * of every page's first load, the sign-in page's too; checking search params
 * there would put zod (27 KB gzipped) and every list contract in it (issue 11
 * item 8). The page checks them instead, in its own chunk, with
 * `useContractSearch`: one contract, read where it is used.
 */
export function urlSearch<T extends object>() {
  return (search: Partial<T> & SearchSchemaInput): Partial<T> => search;
}

/**
 * The route's raw search read through its contract (defaults filled, a
 * hand-edited value that does not fit falls back to its default rather than
 * failing): a zod schema, or a `urlParser` (url-fields.ts) that reads the same
 * without zod. Recomputed only when the URL changes: the router keeps the raw
 * object's identity between renders.
 */
export function useContractSearch<T>(schema: { parse: (raw: object) => T }, raw: object): T {
  return useMemo(() => schema.parse(raw), [schema, raw]);
}
