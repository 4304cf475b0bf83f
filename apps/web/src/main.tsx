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
