import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role, roleInput, roleUpdate } from '@amparo/shared/modules/roles.schema';
import { api } from '../../../shared/lib/api';

/** Roles change what users may open: drop every cached role and the session's permisos. */
function useInvalidateRoles() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['roles'] }),
      queryClient.invalidateQueries({ queryKey: ['session'] }),
    ]);
}

export function useCreateRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: z.input<typeof roleInput>) => api.post<Role>('roles', body),
    onSuccess: invalidate,
  });
}

export function useUpdateRole(id: string) {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (body: z.input<typeof roleUpdate>) => api.put<Role>(`roles/${encodeURIComponent(id)}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteRole() {
  const invalidate = useInvalidateRoles();
  return useMutation({
    mutationFn: (id: string) => api.delete<object>(`roles/${encodeURIComponent(id)}`),
    onSuccess: invalidate,
  });
}
