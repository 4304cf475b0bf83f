import type { ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { cssVariablesResolver, useAppTheme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'amparo.color-scheme' });

/** Mantine with the app's theme and the user's light/dark choice (kept in localStorage), for the app and the sign-in page alike. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const theme = useAppTheme();
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      {children}
    </MantineProvider>
  );
}
