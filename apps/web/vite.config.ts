import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `npm run dev:web` serves the app with hot reload on :5173 and forwards API calls to the API
// started with `npm run dev:api` on :3000. In production the API serves the built files itself.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 1500 },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/screen': 'http://127.0.0.1:3000' },
  },
});
