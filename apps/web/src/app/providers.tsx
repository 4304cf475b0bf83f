import { lazy, Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import { notificationsStore } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, SESSION_EXPIRED_EVENT } from '../shared/lib/api';
import { AppThemeProvider } from './theme-provider';
import notificationClasses from './notifications.module.css';
import { withRestStyles } from '../shared/styles/load';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // 4xx answers are final; retry only network and server errors, once.
        retry: (count, error) => count < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
      },
    },
  });
}

export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <AppThemeProvider>
      <LazyNotifications />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </AppThemeProvider>
  );
}

const Notifications = lazy(() => withRestStyles(import('./notifications')).then((m) => ({ default: m.Notifications })));

/**
 * Mantine's notification list, mounted (and its code loaded) once the first
 * notification is shown: most pages, the sign-in page among them, never show
 * one, so its code (transitions, portal, scroll lock) stays out of their first
 * load (issue 11 item 8). A notification shown before the list's code arrives
 * waits in the store and appears with it.
 */
function LazyNotifications() {
  const shown = useSyncExternalStore(
    notificationsStore.subscribe,
    () => notificationsStore.getState().notifications.length > 0,
  );
  const [needed, setNeeded] = useState(false);
  if (shown && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      {/* Top toasts below the app shell's header (issue 24 section 6, item 11): notifications.module.css. */}
      <Notifications position="top-right" classNames={{ root: notificationClasses.root }} />
    </Suspense>
  );
}

/** Logs the user out locally when any call answers 401 (spec section 8: a failed session check logs out). */
export function useSessionExpiry(onExpired: () => void) {
  const [handler] = useState(() => onExpired);
  useEffect(() => {
    window.addEventListener(SESSION_EXPIRED_EVENT, handler);
    return () => window.removeEventListener(SESSION_EXPIRED_EVENT, handler);
  }, [handler]);
}
