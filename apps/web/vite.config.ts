import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API runs on PORT (3000); in `npm run dev` Vite serves the web on 5173 and proxies /api.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': `http://localhost:${process.env.PORT ?? 3000}` } },
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 800 },
});
