import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PermissionItem } from '@amparo/shared/modules/permissions.schema';
import { api } from '../../../shared/lib/api';

export const getPermissionsQueryOptions = () =>
  queryOptions({ queryKey: ['permissions'], queryFn: () => api.get<PermissionItem[]>('permissions') });

export function usePermissions() {
  return useQuery(getPermissionsQueryOptions());
}
