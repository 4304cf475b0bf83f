// The sign-in page's own entry (sign-in.html, served for /sign-in). Most users' first page, on rural links: it
// carries React, Mantine and i18next, not the app's router, TanStack Query or any module, and only the Mantine
// styles its components use (issue 11 item 8). Signed in, it hands over to the app by a page load, whose files
// are cached for good once fetched.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
// The theme's colour variables and Mantine's global classes, computed at build time (app/theme-provider.tsx).
import './app/theme-variables.css';
import i18n from './shared/lib/i18n';
import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { AppInfo } from '@amparo/shared/modules/auth.schema';
import { api } from './shared/lib/api';
import { withChunkTimeout } from './shared/lib/chunks';
import { installErrorFocus } from './shared/lib/error-focus';
import { registerServiceWorker } from './shared/lib/service-worker';
import { RouteError } from './shared/ui/route-error';
import { TestBannerStrip } from './shared/ui/test-banner-strip';
import { PublicFrame } from './app/public-frame';
import { AppThemeProvider } from './app/theme-provider';
import { SignInPage, safeRedirect } from './modules/auth/pages/sign-in-page';

installErrorFocus();
// The app's files are fetched into the cache while the user types: signing in opens the app without a download.
registerServiceWorker();
const redirect = safeRedirect(new URLSearchParams(window.location.search).get('redirect'));

// A signed-in user has nothing to do here (as the app's public pages: spec section 2).
void api
  .post<object>('user-check', undefined, { quiet401: true })
  .then(() => window.location.replace(redirect))
  .catch(() => undefined);

function SignIn({ failed }: { failed: unknown }) {
  const [testBanner, setTestBanner] = useState(false);
  useEffect(() => {
    api.get<AppInfo>('app-info').then(
      (info) => setTestBanner(info.testBanner),
      () => undefined,
    );
  }, []);
  return (
    <AppThemeProvider>
      <PublicFrame banner={<TestBannerStrip show={testBanner} />}>
        {failed ? (
          // The page's translations could not be fetched (in 120 s, spec section 9): say so, offer a reload.
          <RouteError error={failed} reset={() => window.location.reload()} />
        ) : (
          <SignInPage onSignedIn={() => window.location.replace(redirect)} />
        )}
      </PublicFrame>
    </AppThemeProvider>
  );
}

// The boot screen of sign-in.html stays until the page's translations are here: no raw keys, no empty card.
const ready = withChunkTimeout(i18n.loadNamespaces(['common', 'errors', 'auth'])).then(
  () => null,
  (error: unknown) => error,
);
void ready.then((failed) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <SignIn failed={failed} />
    </StrictMode>,
  ),
);
