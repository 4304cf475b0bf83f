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
