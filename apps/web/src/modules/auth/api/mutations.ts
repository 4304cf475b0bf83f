import type { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  emailConfirmBody,
  emailCancelResponse,
  emailConfirmResponse,
  forgotBody,
  registerBody,
  resetBody,
} from '@amparo/shared/modules/auth.schema';
import { api } from '../../../shared/lib/api';
import { sessionQueryOptions } from '../../../shared/lib/session';

/** Signs out on the server, then forgets everything cached for this user. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<object>('logout', undefined, { quiet401: true }),
    // Even when the call fails (expired session, network), the local session ends.
    onSettled: () => queryClient.clear(),
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: z.input<typeof forgotBody>) => api.post<object>('forgot', body) });
}

export function useResetPassword() {
  return useMutation({ mutationFn: (body: z.input<typeof resetBody>) => api.post<object>('reset', body) });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: z.input<typeof registerBody>) => api.post<object>('register', body) });
}

/** Applies an own e-mail change from the link mailed to the new address (public: the link is the credential, issue 9 item 1). */
/** Undoes an e-mail change from the old address's link (issue 23 item 1): restores it and locks the account. */
export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof emailConfirmBody>) =>
      api.post<z.infer<typeof emailCancelResponse>['data']>('account/email/cancel', body, { quiet401: true }),
    // Every session of the account was closed, this tab's too if it had one.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey }),
  });
}

export function useConfirmEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: z.input<typeof emailConfirmBody>) =>
      api.post<z.infer<typeof emailConfirmResponse>['data']>('account/email/confirm', body, { quiet401: true }),
    // A signed-in tab shows the new address (other sessions were closed).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey }),
  });
}
