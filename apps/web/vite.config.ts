import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';

/**
 * Mantine's ScrollArea (a table's scroll container, every dialog) imports one small hook from
 * `@floating-ui/react`, a single module with all of Floating UI's React layer, which in turn imports
 * Floating UI's positioning: any screen with a table downloaded it although nothing floats there. Its
 * import is pointed at the same hook built on Mantine's own (src/lib/scrollAreaRefs.ts); menus,
 * tooltips and selects still get Floating UI, when they load (decision 010).
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const shim = fileURLToPath(new URL('./src/lib/scrollAreaRefs.ts', import.meta.url));
  const scrollArea = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/;
  return {
    name: 'faktura:scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === '@floating-ui/react' && importer && scrollArea.test(importer)) return shim;
      return null;
    },
  };
}

// `npm run dev:web` serves the app with hot reload on :5173 and forwards API calls to the API
// started with `npm run dev:api` on :3000. In production the API serves the built files itself.
export default defineConfig({
  plugins: [
    react(),
    scrollAreaWithoutFloatingUi(),
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
