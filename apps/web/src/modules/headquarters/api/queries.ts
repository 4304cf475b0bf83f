import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Headquarter } from '@amparo/shared/modules/headquarters.schema';
import { api } from '../../../shared/lib/api';

export const getHeadquartersQueryOptions = () =>
  queryOptions({ queryKey: ['headquarters'], queryFn: () => api.get<Headquarter[]>('headquarters') });

export function useHeadquarters() {
  return useQuery(getHeadquartersQueryOptions());
}

export const getHeadquarterQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['headquarters', id],
    queryFn: () => api.get<Headquarter>(`headquarters/${encodeURIComponent(id)}`),
  });

export function useHeadquarter(id: string) {
  return useQuery(getHeadquarterQueryOptions(id));
}
