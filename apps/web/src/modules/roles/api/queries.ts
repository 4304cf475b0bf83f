import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Role } from '@amparo/shared/modules/roles.schema';
import { api } from '../../../shared/lib/api';

export const getRolesQueryOptions = () =>
  queryOptions({ queryKey: ['roles'], queryFn: () => api.get<Role[]>('roles') });

export function useRoles() {
  return useQuery(getRolesQueryOptions());
}

export const getRoleQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['roles', id], queryFn: () => api.get<Role>(`roles/${encodeURIComponent(id)}`) });

export function useRole(id: string) {
  return useQuery(getRoleQueryOptions(id));
}
