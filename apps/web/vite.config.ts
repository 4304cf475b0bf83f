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
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 800 },
});
