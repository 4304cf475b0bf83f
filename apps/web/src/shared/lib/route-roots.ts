import { createRootRouteWithContext, createRoute, Outlet, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { verifySession } from './session';

/**
 * The roots every module's routes hang from (issue 10 item 2). They live in
 * shared/ so a module can name its parent (`getParentRoute: () => appLayout`)
 * without importing app/, and TanStack Router infers the whole tree: a wrong
 * link, param or search fails `npm run typecheck`. app/router.tsx gives the
 * layouts their components and composes the modules' trees.
 */
export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({ component: Outlet });

/** The sign-in page's address; `redirect` is the page to return to once signed in. */
export function signInHref(redirect?: string): string {
  return redirect ? `/sign-in?${new URLSearchParams({ redirect }).toString()}` : '/sign-in';
}

/** Public pages (forgot password, register, ...): a signed-in user is sent to /dashboard. */
export const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  beforeLoad: async ({ context }) => {
    const user = await verifySession(context.queryClient).catch(() => null);
    if (user) throw redirect({ to: '/dashboard' });
  },
});

/** Pages anyone may see, signed in or not (app/router.tsx gives it its main landmark). */
export const openLayout = createRoute({ getParentRoute: () => rootRoute, id: 'open' });

/**
 * The signed-in area. The session is verified with the server on every
 * navigation (spec section 2); a failed check logs out and goes to /sign-in.
 */
export const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    const user = await verifySession(context.queryClient).catch(() => null);
    if (!user) {
      context.queryClient.clear();
      // /sign-in is its own page outside the router (src/sign-in.tsx): reached by a page load.
      throw redirect({ href: signInHref(location.href), reloadDocument: true });
    }
    return { user };
  },
});
