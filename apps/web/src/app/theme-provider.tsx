import type { ReactNode } from 'react';
import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { useAppTheme } from './theme';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'amparo.color-scheme' });

/**
 * Mantine with the app's theme and the user's light/dark choice (kept in localStorage), for the app and the sign-in
 * page alike. The theme's CSS variables and Mantine's global classes come from the static theme-variables.css, which
 * both pages import (written from this theme by theme-variables.test.ts), not from styles Mantine computes and
 * injects on every start and language change (issue 24 section 4).
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const theme = useAppTheme();
  return (
    <MantineProvider
      theme={theme}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      withCssVariables={false}
      withGlobalClasses={false}
    >
      {children}
    </MantineProvider>
  );
}
