import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { hasPermission, type PermissionKey } from '@amparo/shared/permissions';
import type { UserProfile } from '@amparo/shared/modules/auth.schema';
import { api, ApiError } from './api';

/** The session check (spec: 'user-check'); null when signed out. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: ['session'],
    queryFn: async (): Promise<UserProfile | null> => {
      try {
        const data = await api.post<{ user: UserProfile }>('user-check', undefined, { quiet401: true });
        return data.user;
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) return null;
        throw err;
      }
    },
    staleTime: 0,
    retry: false,
  });

/** Verifies the session with the server (called on every navigation). */
export function verifySession(queryClient: QueryClient) {
  return queryClient.fetchQuery(sessionQueryOptions());
}

/** UI convenience only: the server enforces every permission itself. */
export function can(user: UserProfile | null | undefined, key: PermissionKey): boolean {
  return !!user && hasPermission(user.permisos, key);
}
