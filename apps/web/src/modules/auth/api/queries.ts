import type { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { invitationInfo, usernameAvailableResponse } from '@amparo/shared/modules/auth.schema';
import { api } from '../../../shared/lib/api';

type Invitation = z.infer<typeof invitationInfo>['data'];
type UsernameAvailable = z.infer<typeof usernameAvailableResponse>['data'];

export const getInvitationQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['invitation', id],
    queryFn: () => api.get<Invitation>(`register/${encodeURIComponent(id)}`),
    staleTime: Infinity,
  });

export function useInvitation(id: string | undefined) {
  return useQuery({ ...getInvitationQueryOptions(id ?? ''), enabled: !!id });
}

/** Asked on blur of the username field (register). */
export const getUsernameAvailableQueryOptions = (username: string) =>
  queryOptions({
    queryKey: ['username-available', username],
    queryFn: () => api.get<UsernameAvailable>('register/username-available', { query: { username } }),
    staleTime: 10_000,
  });

/**
 * Whether a reset link is still good, asked once when its page opens (issue 11
 * item 6); an error (400 invalid_token) means the form would be refused.
 */
export function useResetTokenCheck(token: string) {
  return useQuery({
    queryKey: ['reset-check', token],
    queryFn: () => api.post<object>('reset/check', { token }),
    staleTime: Infinity,
    retry: false,
  });
}
