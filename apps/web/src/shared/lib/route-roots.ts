import { createRootRouteWithContext, createRoute, Outlet, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { verifySession } from './session';
import { drawnWithFirstStyles, restStyles } from '../styles/load';

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

/**
 * A page drawn with Mantine's components beyond the first styles (every page but the lists) waits for the rest of
 * them (shared/styles/load.ts), so it never draws unstyled; on a later navigation they are long there.
 */
function stylesFor(pathname: string): Promise<unknown> | undefined {
  return drawnWithFirstStyles(pathname) ? undefined : restStyles.load();
}

/** Public pages (forgot password, register, ...): a signed-in user is sent to /dashboard. */
export const publicLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'public',
  beforeLoad: async ({ context, location }) => {
    const [user] = await Promise.all([
      verifySession(context.queryClient).catch(() => null),
      stylesFor(location.pathname),
    ]);
    if (user) throw redirect({ to: '/dashboard' });
  },
});

/** Pages anyone may see, signed in or not (app/router.tsx gives it its main landmark). */
export const openLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'open',
  beforeLoad: ({ location }) => stylesFor(location.pathname),
});

/**
 * The signed-in area. The session is verified with the server on every
 * navigation (spec section 2); a failed check logs out and goes to /sign-in.
 */
export const appLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ context, location }) => {
    const [user] = await Promise.all([
      verifySession(context.queryClient).catch(() => null),
      stylesFor(location.pathname),
    ]);
    if (!user) {
      context.queryClient.clear();
      // /sign-in is its own page outside the router (src/sign-in.tsx): reached by a page load.
      throw redirect({ href: signInHref(location.href), reloadDocument: true });
    }
    return { user };
  },
});
