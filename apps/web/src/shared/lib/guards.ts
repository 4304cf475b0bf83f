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
  return guardOf([key], ({ context }: { context: { queryClient: QueryClient; user?: UserProfile | null } }) => {
    if (!can(context.user, key)) throw redirect({ to: '/no-permission' });
  });
}

/**
 * `beforeLoad` guard for a screen open to holders of any of `keys` (a list both requesters and support staff
 * reach): none of them goes to /no-permission.
 */
export function requireAnyPermission(...keys: PermissionKey[]) {
  return guardOf(keys, ({ context }: { context: { queryClient: QueryClient; user?: UserProfile | null } }) => {
    if (!keys.some((key) => can(context.user, key))) throw redirect({ to: '/no-permission' });
  });
}

/** A guard that names its keys (`guardKeys`), so a test can hold the shared WEB_ROUTES map to the router. */
function guardOf<F extends (...args: never[]) => void>(keys: PermissionKey[], guard: F): F {
  return Object.assign(guard, { [GUARD_KEYS]: keys });
}

const GUARD_KEYS = Symbol('guardKeys');

/** The keys a route's `beforeLoad` guard takes (any of them opens it), or null when it is not a permission guard. */
export function guardKeys(beforeLoad: unknown): PermissionKey[] | null {
  return (beforeLoad as { [GUARD_KEYS]?: PermissionKey[] } | undefined)?.[GUARD_KEYS] ?? null;
}
