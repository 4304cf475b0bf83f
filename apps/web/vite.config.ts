import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyBoot } from './build/early-boot';
import { mantineLayers } from './build/mantine-layers';

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
    mantineLayers(here('src/shared/styles/first.ts')),
    earlyBoot(here('.')),
    // The service worker (issue 24 section 4, decision 0023): Workbox precaches the built pages and every hashed
    // script and stylesheet, so a repeat visit fetches none of them; navigations inside the app get the cached
    // index.html. Nothing else is cached: no runtime caching at all, and /api (every answer with personal data)
    // and the server's own pages (/sign-in) always go to the network. A new build takes over at once (skipWaiting,
    // clientsClaim) and drops the old precache; a tab still running the old build meets the chunk-load message
    // with its reload button (shared/lib/chunks.ts) if it asks for a file that is gone.
    VitePWA({
      injectRegister: false,
      manifest: false,
      filename: 'sw.js',
      workbox: {
        globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,svg,png}'],
        // Hashed names: Workbox need not add its own revision query to them.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 2 * 1024 * 1024,
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/sign-in(\?|$)/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
        skipWaiting: true,
        clientsClaim: true,
      },
    }),
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
    // The HTML preloads the scripts its entry imports; a lazy chunk's scripts are not preloaded (Vite's helper
    // would add a <link rel=modulepreload> for each of its dependencies on every navigation: 625 ms of 4×-slowed
    // DOM work for the list's 60 chunks, issue 24 section 4). Their stylesheets still load with them.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    rolldownOptions: {
      input: { index: here('index.html'), 'sign-in': here('sign-in.html') },
      // Entries export nothing anyone imports, and modules keep their source order whatever chunk they land in:
      // what inlining common chunks (below) requires.
      preserveEntrySignatures: false,
      output: {
        strictExecutionOrder: true,
        // The libraries every page runs before it draws in few files instead of a dozen small ones: fewer
        // requests, and gzip or brotli compress them together better (issue 11 item 8). React, i18next and
        // Mantine's provider (`framework`) serve the sign-in page too; the router and TanStack Query (`app`)
        // only the app. Everything else keeps its automatic chunks.
        codeSplitting: {
          // A shared module group smaller than this (source bytes, before minifying) is copied into each chunk that
          // imports it rather than being a file of its own: the person list drew 72 files, most of a few hundred
          // bytes, each a request and a <link> (issue 24 section 4). Needs the two options above (rolldown's docs).
          // Larger limits copy too much: at 60 KB the built app grew from 2.3 to 7.1 MB (the service worker's
          // precache), for 13 files on the list instead of 19.
          experimentalInlineCommonChunks: { maxSize: 20_000 },
          groups: [
            {
              name: 'framework',
              // Not react-i18next's <Trans> (with its HTML parser, about 4 KB at gzip): one hint on a few forms uses it, and
              // it loads with them.
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next(?![\\/]dist[\\/]es[\\/]Trans)|use-sync-external-store|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]/,
            },
            {
              name: 'app',
              test: /node_modules[\\/]@tanstack[\\/](history|router-core|react-router|store|react-store|query-core|react-query)[\\/]/,
            },
            {
              // The app's own code the sign-in page shares with the app (its frame, theme, i18n, API client and
              // error display): one file for both, not ten of a few hundred bytes each in the app's first load.
              name: 'common',
              test: /src[\\/](shared[\\/]lib[\\/](api|chunks|i18n|server-errors|error-focus|ui-constants)|shared[\\/]ui[\\/](route-error|theme-toggle|language-switch|segmented-radios|test-banner-strip|password-field)|app[\\/](theme|theme-provider|public-frame|tabs\.module))\.|locales[\\/]es[\\/](common|errors)\.json|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/](IconAlertCircle|IconSun|IconMoon)\./,
            },
            {
              // Mantine's basic components, on every page (the sign-in form and the shell alike): one file, not twenty
              // of a few hundred bytes each.
              name: 'ui',
              test: /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|ActionIcon|Loader|Title|Group|Paper|Stack|Anchor|Text|Button|Alert|CloseButton|Transition|Center|UnstyledButton)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](use-merged-ref|use-uncontrolled|use-id|use-reduced-motion|use-did-update|use-isomorphic-effect|use-media-query|use-mounted|utils)[\\/]|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes))/,
            },
            {
              // What the shell and every list draw at once (one copy, not one in the shell and one in a page): the
              // menu's and panels' Collapse, badges, pages, the loading overlay, the scroll button's portal, the menu
              // links' chevron, and the chevron and clear button of the selects' stand-ins (shared/ui/lazy-select).
              // Before `overlays`, which takes the rest.
              name: 'lists',
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](@mantine[\\/]hooks[\\/]esm[\\/]use-collapse[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Collapse|Badge|Pagination|LoadingOverlay|Overlay|Portal|Accordion[\\/]AccordionChevron|Combobox[\\/](ComboboxChevron[\\/]|ComboboxClearButton[\\/]|Combobox\.module)))/,
            },
            {
              // Mantine's floating and overlay parts: one file instead of eight (floating-ui, Popover, Combobox, Select,
              // Menu, Modal, ...). No list loads it before first use: the shell's user menu and the lists' selects
              // load it when first pressed (issue 24 section 4).
              name: 'overlays',
              // Last, and without the modules they import (Input, Group, Loader...): those stay in `ui`, which the
              // sign-in page loads without this file.
              includeDependenciesRecursively: false,
              test: /node_modules[\\/](@floating-ui[\\/]|react-remove-scroll|react-style-singleton|use-callback-ref|use-sidecar|aria-hidden|get-nonce|@mantine[\\/]core[\\/]esm[\\/]components[\\/](Popover|Combobox|Select|Menu|FocusTrap|Floating|ModalBase|Pill|PillsInput)[\\/])/,
            },
          ],
        },
      },
    },
  },
});
