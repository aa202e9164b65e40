// Bundles the API (and the shared package it imports) into dist/main.js (and its validation worker); npm packages stay
// external and are loaded from node_modules at run time.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@faktura/'));

await build({
  // the validation worker is a file of its own: a worker thread loads it by name (decision 036)
  entryPoints: { main: 'src/main.ts', validationWorker: 'src/modules/validation/validation.worker.mjs' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: [...external, 'zod'],
  conditions: ['source'],
  logLevel: 'warning',
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
});
console.log('api: built dist/main.js');
