import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

// `npm run dev:web` serves the app with hot reload on :5173 and forwards API calls to the API
// started with `npm run dev:api` on :3000. In production the API serves the built files itself.
export default defineConfig({
  plugins: [
    react(),
    // Every text asset also as .br and .gz beside it, compressed once at build at the highest levels;
    // the server sends the one the browser accepts (apps/api/src/http/web.ts, decision 010).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(html|js|css|svg|json|txt)$/,
    }),
  ],
  // Screens, dialogs and each language's texts are chunks of their own, loaded on demand (app/pages.tsx,
  // components/lazy.tsx, lib/i18n.ts); the first screen downloads only what it shows.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 500 },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/screen': 'http://127.0.0.1:3000' },
  },
});
