import { useEffect, useState, type ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApiError, SESSION_EXPIRED_EVENT } from '../shared/lib/api';
import { cssVariablesResolver, useAppTheme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'amparo.color-scheme' });

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
  const theme = useAppTheme();
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
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
