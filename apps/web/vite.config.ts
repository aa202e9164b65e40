import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { mantineStylesWithComponents } from './mantineStyles';

/**
 * A few Mantine modules import one small thing from a large module, which then came into every first
 * download (decision 010); their imports are pointed at files of ours offering the same:
 * - ScrollArea (a table's scroll container, every dialog) takes one hook from `@floating-ui/react`, a
 *   single module with all of Floating UI's React layer and its positioning (~13 KiB gzipped): the
 *   same hook on Mantine's own (src/lib/scrollAreaRefs.ts). Menus, tooltips and selects still get
 *   Floating UI, when they load.
 * - AppShell's header, footer and aside take a class name from `react-remove-scroll`, the dialogs'
 *   scroll lock (~3.5 KiB), and Mantine's index re-exports the lock, which kept it in the entry: both
 *   get the same class names instead (src/lib/appShellRemoveScroll.ts; so `RemoveScroll` from
 *   '@mantine/core' is only those names here, and the lint forbids importing it). Dialogs import the
 *   lock themselves and still lock the page, with the lock now in their chunk.
 * - NavLink renders its children (nested links) in a Collapse with an AccordionChevron, and imports both
 *   with or without children (~1 KiB gzipped): ours have none, so both point at a file that fails
 *   loudly if one ever has (src/lib/navLinkChildless.tsx).
 * - Table carries `Table.ScrollContainer`, whose ScrollArea (~5 KiB gzipped) so came with every list:
 *   the container gets a plain sideways-scrolling box instead (src/lib/tableScrollArea.tsx); our
 *   tables scroll in components/TableScroll.tsx and the lint forbids `Table.ScrollContainer`.
 */
const SLIMMER_IMPORTS = [
  {
    importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]ScrollArea\.mjs$/,
    source: '@floating-ui/react',
    file: './src/lib/scrollAreaRefs.ts',
  },
  {
    importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]Table[\\/]TableScrollContainer\.mjs$/,
    source: '../ScrollArea/ScrollArea.mjs',
    file: './src/lib/tableScrollArea.tsx',
  },
  {
    importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]NavLink[\\/]NavLink\.mjs$/,
    source: '../Collapse/Collapse.mjs',
    file: './src/lib/navLinkChildless.tsx',
  },
  {
    importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]NavLink[\\/]NavLink\.mjs$/,
    source: '../Accordion/AccordionChevron.mjs',
    file: './src/lib/navLinkChildless.tsx',
  },
  {
    importer: /[\\/]@mantine[\\/]core[\\/]esm[\\/](components[\\/]AppShell[\\/]AppShell(Header|Footer|Aside)[\\/]AppShell\2|index)\.mjs$/,
    source: 'react-remove-scroll',
    file: './src/lib/appShellRemoveScroll.ts',
  },
];

/**
 * React Router 7's package points every bundler at its development build (dev warnings and checks
 * included; remix-run/react-router#12532, #14753), whatever the mode; a production build takes the
 * production build it ships beside it. The dev server keeps the warnings.
 */
function reactRouterProductionBuild(): Plugin {
  const development = fileURLToPath(import.meta.resolve('react-router'));
  const production = development.replace(/([\\/])development([\\/]index\.mjs)$/, '$1production$2');
  if (production === development || !existsSync(production)) {
    throw new Error(`react-router: no production build beside ${development}; see vite.config.ts`);
  }
  return {
    name: 'faktura:react-router-production',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === 'react-router' ? production : null;
    },
  };
}

function slimmerImports(): Plugin {
  const rules = SLIMMER_IMPORTS.map((rule) => ({ ...rule, file: fileURLToPath(new URL(rule.file, import.meta.url)) }));
  return {
    name: 'faktura:slimmer-imports',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      return rules.find((rule) => rule.source === source && rule.importer.test(importer))?.file ?? null;
    },
  };
}

// `npm run dev:web` serves the app with hot reload on :5173 and forwards API calls to the API
// started with `npm run dev:api` on :3000. In production the API serves the built files itself.
export default defineConfig({
  plugins: [
    react(),
    slimmerImports(),
    reactRouterProductionBuild(),
    mantineStylesWithComponents(),
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
