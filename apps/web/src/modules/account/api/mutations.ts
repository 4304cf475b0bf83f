import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  changePasswordBody,
  emailChangeBody,
  emailChangeResponse,
  updateProfileBody,
  UserProfile,
} from '@amparo/shared/modules/auth.schema';
import { api } from '../../../shared/lib/api';
import { photoFormData } from '../../../shared/lib/photo';
import { sessionQueryOptions } from '../../../shared/lib/session';

/** The profile endpoints answer the fresh profile: it replaces the cached session user. */
function useStoreProfile() {
  const queryClient = useQueryClient();
  return ({ user }: { user: UserProfile }) => queryClient.setQueryData(sessionQueryOptions().queryKey, user);
}

export function useUpdateProfile() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (body: z.input<typeof updateProfileBody>) => api.post<{ user: UserProfile }>('update_user', body),
    onSuccess: store,
  });
}

export function useUploadAccountPhoto() {
  const store = useStoreProfile();
  return useMutation({
    mutationFn: (file: File) => api.put<{ user: UserProfile }>('account/photo', photoFormData(file)),
    onSuccess: store,
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof changePasswordBody>) => api.post<object>('account/password', body),
  });
}

/** Asks for an own e-mail change: a link goes to the new address (issue 9 item 1). */
export function useRequestEmailChange() {
  return useMutation({
    mutationFn: (body: z.input<typeof emailChangeBody>) =>
      api.post<z.infer<typeof emailChangeResponse>['data']>('account/email', body),
  });
}
