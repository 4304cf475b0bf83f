import { redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { PermissionKey } from '@amparo/shared/permissions';
import type { UserProfile } from '@amparo/shared/modules/auth.schema';
import { can } from './session';

/**
 * `beforeLoad` guard for a screen key: a missing key goes to /no-permission
 * (spec section 2). Convenience only; the server refuses the calls anyway.
 * Usage: `createRoute({ ..., beforeLoad: requirePermission('configuracion_roles') })`.
 */
export function requirePermission(key: PermissionKey) {
  return ({ context }: { context: { queryClient: QueryClient; user?: UserProfile | null } }) => {
    if (!can(context.user, key)) throw redirect({ to: '/no-permission' });
  };
}

/**
 * `beforeLoad` guard for a screen open to holders of any of `keys` (a list both requesters and support staff
 * reach): none of them goes to /no-permission.
 */
export function requireAnyPermission(...keys: PermissionKey[]) {
  return ({ context }: { context: { queryClient: QueryClient; user?: UserProfile | null } }) => {
    if (!keys.some((key) => can(context.user, key))) throw redirect({ to: '/no-permission' });
  };
}
