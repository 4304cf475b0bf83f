import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './shared/lib/i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createQueryClient, Providers, useSessionExpiry } from './app/providers';
import { createAppRouter } from './app/router';
import { installErrorFocus } from './shared/lib/error-focus';

installErrorFocus();
const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// The first page's code and translations start loading now, beside the session check the layouts' beforeLoad
// make (the router would fetch them only after it answers): one round trip less before the first page draws
// (issue 11 item 8). A failure here is left to the router's own load, which shows it.
const [initialRoutes] = router.getMatchedRoutes(window.location.pathname);
for (const route of initialRoutes) void router.loadRouteChunk(route)?.catch(() => undefined);

function App() {
  useSessionExpiry(() => {
    queryClient.setQueryData(['session'], null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'session' });
    void router.navigate({ to: '/sign-in' });
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
