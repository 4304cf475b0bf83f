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
