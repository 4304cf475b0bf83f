import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CatalogItem,
  catalogItemCreate,
  catalogItemUpdate,
  CatalogName,
} from '@amparo/shared/modules/catalogs.schema';
import { api } from '../../../shared/lib/api';

/** An edit shows in this table and in every dropdown fed by the generic catalog call. */
function useInvalidateCatalog(catalog: CatalogName) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['catalog-items', catalog] }),
      queryClient.invalidateQueries({ queryKey: ['catalog', catalog] }),
    ]);
}

export function useCreateCatalogItem(catalog: CatalogName) {
  const invalidate = useInvalidateCatalog(catalog);
  return useMutation({
    mutationFn: (body: z.input<typeof catalogItemCreate>) => api.post<CatalogItem>('catalogs/items', body),
    onSuccess: invalidate,
  });
}

export function useUpdateCatalogItem(catalog: CatalogName) {
  const invalidate = useInvalidateCatalog(catalog);
  return useMutation({
    mutationFn: ({ id, ...body }: z.input<typeof catalogItemUpdate> & { id: string }) =>
      api.put<CatalogItem>(`catalogs/items/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteCatalogItem(catalog: CatalogName) {
  const invalidate = useInvalidateCatalog(catalog);
  return useMutation({
    mutationFn: (id: string) => api.delete<object>(`catalogs/items/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
