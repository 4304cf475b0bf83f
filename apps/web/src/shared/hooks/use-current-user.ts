import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from '../lib/session';

/**
 * The signed-in user from the session cache. The router verifies the session
 * on every navigation, so screens read the cached answer instead of asking again.
 */
export function useCurrentUser() {
  const { data } = useQuery({ ...sessionQueryOptions(), staleTime: 60_000, refetchOnWindowFocus: false });
  return data ?? null;
}

/**
 * The permission keys the signed-in user holds, for forms that hand keys out:
 * the server refuses granting a key one lacks (issue 9 item 1), the forms
 * show those keys disabled.
 */
export function useEditorKeys(): ReadonlySet<string> {
  const user = useCurrentUser();
  return useMemo(() => new Set(user?.permisos ?? []), [user?.permisos]);
}
