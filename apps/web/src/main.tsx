// Mantine's styles in its cascade layer (@layer mantine): the app's own CSS, in whichever file the build puts it,
// always wins over them, whatever order the files load in (the sign-in page shares some with the app).
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
import '@mantine/dates/styles.layer.css';
import './shared/lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient, Providers, useSessionExpiry } from './app/providers';
import { createAppRouter } from './app/router';
import { installErrorFocus } from './shared/lib/error-focus';
import { registerServiceWorker } from './shared/lib/service-worker';
import { signInHref } from './shared/lib/route-roots';

installErrorFocus();
registerServiceWorker();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// The first page's code and translations start loading now, beside the session check the layouts' beforeLoad
// make (the router would fetch them only after it answers): one round trip less before the first page draws
// (issue 11 item 8). A failure here is left to the router's own load, which shows it.
const [initialRoutes] = router.getMatchedRoutes(window.location.pathname);
for (const route of initialRoutes) void router.loadRouteChunk(route)?.catch(() => undefined);

function App() {
  useSessionExpiry(() => {
    // A page load of the sign-in page (src/sign-in.tsx): nothing of this user stays in memory.
    queryClient.clear();
    window.location.assign(signInHref(router.state.location.href));
  });
  return <RouterProvider router={router} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <App />
    </Providers>
  </StrictMode>,
);
