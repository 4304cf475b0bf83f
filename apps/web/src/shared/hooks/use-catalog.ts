import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { optionLabel, type CatalogOption } from '@amparo/shared/modules/catalogs.schema';
import { api } from '../lib/api';

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
  const lang = i18n.language.startsWith('en') ? 'en' : 'es';
  const query = useQuery({ ...getCatalogQueryOptions(name, lang, parent), enabled });
  const data = (query.data ?? []).map((o) => ({ value: o.value, label: optionLabel(o), disabled: !o.active }));
  const labelOf = (code: string | null | undefined) => {
    if (!code) return null;
    const found = query.data?.find((o) => o.value === code);
    return found ? found.cname : code;
  };
  return { ...query, data, labelOf };
}
