import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { CatalogOption } from '@amparo/shared/modules/catalogs.schema';
import { optionLabel } from '@amparo/shared/modules/catalogs.labels';
import { api } from '../lib/api';
import i18n from '../lib/i18n';

/** Options of the generic catalog call (spec section 7), in the UI language. */
export const getCatalogQueryOptions = (name: string, lang: string, parent?: string) =>
  queryOptions({
    queryKey: ['catalog', name, lang, parent ?? null],
    queryFn: () => api.post<CatalogOption[]>(`catalog/${name}`, { lang, parent }),
    staleTime: 5 * 60_000,
  });

/**
 * A catalog as Mantine Select data, labelled 'code - cname' (spec section 3).
 * `parent` filters children (a department code for `municipality`);
 * `enabled` false skips the call (e.g. no department chosen yet).
 */
export function useCatalog(name: string, { parent, enabled = true }: { parent?: string; enabled?: boolean } = {}) {
  const { i18n } = useTranslation();
  const lang = catalogLanguage(i18n.language);
  const query = useQuery({ ...getCatalogQueryOptions(name, lang, parent), enabled });
  const data = (query.data ?? []).map((o) => ({ value: o.value, label: optionLabel(o), disabled: !o.active }));
  const labelOf = (code: string | null | undefined) => {
    if (!code) return null;
    const found = query.data?.find((o) => o.value === code);
    return found ? found.cname : code;
  };
  return { ...query, data, labelOf };
}

/** The language catalogs are asked in: English for an English interface, else Spanish. */
export const catalogLanguage = (language: string) => (language.startsWith('en') ? 'en' : 'es');

/**
 * Starts reading the catalogs a page's first render needs (a list's filters and cells), in the UI language, from
 * the route's loader: they then arrive beside the page's code, not one by one after its first render, each drawing
 * the page's rows again (issue 24 section 4). A failure is left to the page's own `useCatalog`, which shows it.
 */
export function prefetchCatalogs(queryClient: QueryClient, names: readonly string[]): Promise<void>[] {
  const lang = catalogLanguage(i18n.language);
  return names.map((name) => queryClient.prefetchQuery(getCatalogQueryOptions(name, lang)));
}
