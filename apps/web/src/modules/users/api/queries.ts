import type { z } from 'zod';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { userListQuery, userListResponse, UserItem } from '@amparo/shared/modules/users.schema';
import { useCatalog } from '../../../shared/hooks/use-catalog';
import { api } from '../../../shared/lib/api';

type UserListQuery = z.output<typeof userListQuery>;
type UserPage = z.infer<typeof userListResponse>['data'];

export const getUsersQueryOptions = (query: UserListQuery) =>
  queryOptions({
    queryKey: ['users', 'list', query],
    queryFn: () => api.get<UserPage>('users', { query }),
    // Keep the last page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UserListQuery) {
  return useQuery(getUsersQueryOptions(query));
}

export const getUserQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['users', id], queryFn: () => api.get<UserItem>(`users/${encodeURIComponent(id)}`) });

export function useUser(id: string) {
  return useQuery(getUserQueryOptions(id));
}

/**
 * Roles for the role pickers, from the generic catalog call (any signed-in
 * user may read it), so configuracion_usuarios alone is enough to fill them.
 */
export function useRoleOptions() {
  const query = useCatalog('role');
  return { ...query, options: query.data };
}
