import { constants } from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API runs on PORT (3000); in `npm run dev` Vite serves the web on 5173 and proxies /api.
// The build writes a .br and a .gz beside every text asset over 1 KB; the server sends the one the
// browser accepts (@fastify/static preCompressed), so rural links get a third of the bytes (issue 11).
export default defineConfig({
  plugins: [
    react(),
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
    rolldownOptions: {
      output: {
        // The libraries every page runs before it draws (React, the router, TanStack Query, i18next, Mantine's
        // provider and styles core) in one file instead of a dozen small ones: fewer requests, and gzip or brotli
        // compress them together better (issue 11 item 8). Everything else keeps its automatic chunks.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|use-sync-external-store|@tanstack[\\/](history|router-core|react-router|store|react-store|query-core|react-query)|@mantine[\\/]core[\\/]esm[\\/]core)[\\/]/,
            },
            {
              // Mantine's basic components, on every page (the sign-in form and the shell alike): one file, not twenty
              // of a few hundred bytes each.
              name: 'ui',
              test: /node_modules[\\/](@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput|SegmentedControl|FloatingIndicator|ActionIcon|Loader|Title|Group|Paper|Stack|Anchor|Text|Button|Alert|CloseButton|Transition|Center|UnstyledButton)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](use-merged-ref|use-uncontrolled|use-id|use-reduced-motion|use-did-update|use-isomorphic-effect|use-media-query|use-mounted|utils)[\\/]|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](createReactComponent|defaultAttributes))/,
            },
          ],
        },
      },
    },
  },
});
