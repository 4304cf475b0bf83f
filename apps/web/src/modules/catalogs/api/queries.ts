import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogItem, CatalogName } from '@amparo/shared/modules/catalogs.schema';
import { api } from '../../../shared/lib/api';

/** Every item of one catalog, inactive ones included (administration view). */
export const getCatalogItemsQueryOptions = (catalog: CatalogName) =>
  queryOptions({
    queryKey: ['catalog-items', catalog],
    queryFn: () => api.get<CatalogItem[]>(`catalogs/${catalog}/items`),
  });

export function useCatalogItems(catalog: CatalogName) {
  return useQuery(getCatalogItemsQueryOptions(catalog));
}
