import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The two pages: the app (index.html) and the sign-in page (sign-in.html, src/sign-in.tsx), which the server
 * sends for /sign-in (issue 11 item 8). Both get the loading state inlined from src/boot.css and src/boot.html, and
 * `npm run dev` serves sign-in.html for /sign-in as the server does.
 */
function pages(): Plugin {
  return {
    name: 'amparo-pages',
    transformIndexHtml: (html) =>
      html
        .replace('<!--boot-style-->', `<style>\n${readFileSync(here('src/boot.css'), 'utf8')}</style>`)
        .replace('<!--boot-markup-->', readFileSync(here('src/boot.html'), 'utf8').trim()),
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        if (req.url && /^\/sign-in(\?|$)/.test(req.url)) req.url = req.url.replace('/sign-in', '/sign-in.html');
        next();
      });
    },
  };
}

// The API runs on PORT (3000); in `npm run dev` Vite serves the web on 5173 and proxies /api.
// The build writes a .br and a .gz beside every text asset over 1 KB; the server sends the one the
// browser accepts (@fastify/static preCompressed), so rural links get a third of the bytes (issue 11).
export default defineConfig({
  plugins: [
    react(),
    pages(),
    compression({
      include: /\.(js|css|html|json|svg|txt)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
    }),
  ],
  server: { port: 5173, proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser the charity uses knows <link rel=modulepreload> (Chromium 66, Firefox 115, Safari 17): no
    // polyfill file in each page's first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      input: { index: here('index.html'), 'sign-in': here('sign-in.html') },
      output: {
        // The libraries every page runs before it draws in few files instead of a dozen small ones: fewer
        // requests, and gzip or brotli compress them together better (issue 11 item 8). React, i18next and
        // Mantine's provider (`framework`) serve the sign-in page too; the router and TanStack Query (`app`)
        // only the app. Everything else keeps its automatic chunks.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]/,
            },
            {
              name: 'app',
              test: /node_modules[\\/]@tanstack[\\/](history|router-core|react-router|store|react-store|query-core|react-query)[\\/]/,
            },
            {
              // The app's own code the sign-in page shares with the app (its frame, theme, i18n, API client and
              // error display): one file for both, not ten of a few hundred bytes each in the app's first load.
              name: 'common',
              test: /src[\\/](shared[\\/]lib[\\/](api|chunks|i18n|server-errors|error-focus|ui-constants)|shared[\\/]ui[\\/](route-error|theme-toggle|language-switch|test-banner-strip|password-field)|app[\\/](theme|theme-provider|public-frame|tabs\.module))\.|locales[\\/]es[\\/](common|errors)\.json|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](IconAlertCircle|IconSun|IconMoon)\./,
            },
            {
              // Mantine's basic components, on every page (the sign-in form and the shell alike): one file, not twenty
              // of a few hundred bytes each.
              name: 'ui',
              test: /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|ActionIcon|Loader|Title|Group|Paper|Stack|Anchor|Text|Button|Alert|CloseButton|Transition|Center|UnstyledButton)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](use-merged-ref|use-uncontrolled|use-id|use-reduced-motion|use-did-update|use-isomorphic-effect|use-media-query|use-mounted|utils)[\\/]|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes))/,
            },
          ],
        },
      },
    },
  },
});
