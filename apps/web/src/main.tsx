// Mantine's styles in its cascade layer (@layer mantine): the app's own CSS, in whichever file the build puts it,
// always wins over them, whatever order the files load in (the sign-in page shares some with the app). Only what the
// shell and the lists draw at first; the rest loads once the first page has drawn (shared/styles/load.ts).
import './shared/styles/first';
// The theme's colour variables and Mantine's global classes, computed at build time (app/theme-provider.tsx).
import './app/theme-variables.css';
import './shared/lib/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient, Providers, useSessionExpiry } from './app/providers';
import type { QueryClient } from '@tanstack/react-query';
import { createAppRouter, type AppRouter } from './app/router';
import { installErrorFocus } from './shared/lib/error-focus';
import { registerServiceWorker } from './shared/lib/service-worker';
import { signInHref } from './shared/lib/route-roots';
import { loadRestStylesWhenIdle } from './shared/styles/load';
import { endFirstLoad } from './shared/lib/first-load';

installErrorFocus();
registerServiceWorker();

/**
 * The start-up in three tasks instead of one: the modules' evaluation (this one), then the router (its route tree,
 * about 120 ms of a phone's 4x-slowed CPU) with the first page's code started, then the first render, as a
 * transition that React draws in slices between which the browser paints and answers input. A phone's main thread
 * is then never blocked for the whole start at once (issue 24 section 4: total blocking time).
 */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  useSessionExpiry(() => {
    // A page load of the sign-in page (src/sign-in.tsx): nothing of this user stays in memory.
    queryClient.clear();
    window.location.assign(signInHref(router.state.location.href));
  });
  return <RouterProvider router={router} />;
}

async function start() {
  const queryClient = createQueryClient();
  await nextTask();
  const router = createAppRouter(queryClient);
  // The first page's code and translations start loading now, beside the session check the layouts' beforeLoad
  // make (the router would fetch them only after it answers): one round trip less before the first page draws
  // (issue 11 item 8). A failure here is left to the router's own load, which shows it.
  const [initialRoutes] = router.getMatchedRoutes(window.location.pathname);
  for (const route of initialRoutes) void router.loadRouteChunk(route)?.catch(() => undefined);
  await nextTask();

  // Once the first page has drawn: the rest of Mantine's styles (a page that needs them sooner waits for them), and
  // the end of the answers the inline boot script asked for (shared/lib/first-load.ts).
  const stop = router.subscribe('onRendered', () => {
    stop();
    endFirstLoad();
    loadRestStylesWhenIdle();
  });

  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <Providers queryClient={queryClient}>
          <App router={router} queryClient={queryClient} />
        </Providers>
      </StrictMode>,
    ),
  );
}

void start();
