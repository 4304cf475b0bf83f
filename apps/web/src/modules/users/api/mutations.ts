import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  invitationCreate,
  invitationResponse,
  userCreate,
  UserItem,
  userUnlock,
  userUpdate,
} from '@amparo/shared/modules/users.schema';
import { api } from '../../../shared/lib/api';
import { photoFormData } from '../../../shared/lib/photo';

type Invitation = z.infer<typeof invitationResponse>['data'];

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['users'] });
}

export function useCreateUser() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: z.input<typeof userCreate>) => api.post<UserItem>('users', body),
    onSuccess: invalidate,
  });
}

export function useUpdateUser(id: string) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: z.input<typeof userUpdate>) => api.put<UserItem>(`users/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

/** Lifts the user's sign-in lock (issue 23 item 1): `{ reason, version }`. */
export function useUnlockUser(id: string) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (body: z.input<typeof userUnlock>) =>
      api.post<UserItem>(`users/${encodeURIComponent(id)}/unlock`, body),
    onSuccess: invalidate,
  });
}

export function useUploadUserPhoto(id: string) {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (file: File) => api.put<UserItem>(`users/${encodeURIComponent(id)}/photo`, photoFormData(file)),
    onSuccess: invalidate,
  });
}

export function useCreateInvitation() {
  return useMutation({
    mutationFn: (body: z.input<typeof invitationCreate>) => api.post<Invitation>('users/invitations', body),
  });
}
