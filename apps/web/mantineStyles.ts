import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Each Mantine component, and each part several share (the inline inputs' label layout of checkboxes,
 * radios and switches), brings its own style sheet (`@mantine/core/styles/<Name>.css`) into the chunk
 * that holds its code, instead of all of Mantine's CSS (24 KiB compressed, 19 KiB of it unused on the
 * invoice list) blocking every first paint (decision 010). A component's code imports the components
 * it is built of first, so their styles come first, as in Mantine's own styles.css. main.tsx imports
 * the three base sheets (baseline, CSS variables, global), which belong to no component.
 */

const require = createRequire(import.meta.url);

/** The folder of Mantine's per-component style sheets. */
export const MANTINE_STYLES_DIR = path.join(
  path.dirname(require.resolve('@mantine/core/styles.css')),
  'styles',
);

/** The names of Mantine's per-component style sheets (`Button` for styles/Button.css). */
export function mantineSheets(): Set<string> {
  return new Set(
    fs
      .readdirSync(MANTINE_STYLES_DIR)
      .filter((file) => file.endsWith('.css') && !file.endsWith('.layer.css'))
      .map((file) => file.slice(0, -'.css'.length)),
  );
}

const mantineModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:.+[\\/])?([A-Za-z]+)\.mjs$/;

/** The style sheet of a Mantine module (components/Button/Button.mjs → Button), if it has one. */
export function mantineSheetOf(id: string, sheets: Set<string>): string | null {
  const name = mantineModule.exec(id)?.[1];
  return name && sheets.has(name) ? name : null;
}

export function mantineStylesWithComponents(): Plugin[] {
  const sheets = mantineSheets();
  return [
    {
      name: 'faktura:mantine-styles-with-components',
      apply: 'build',
      transform(code, id) {
        const sheet = mantineSheetOf(id, sheets);
        // At the end of the module: imports are hoisted all the same, the source map's lines stay, and
        // Mantine's 'use client' stays the first line.
        return sheet ? { code: `${code}\nimport '@mantine/core/styles/${sheet}.css';\n`, map: null } : null;
      },
    },
    {
      // The dev server (`npm run dev:web`) pre-bundles Mantine instead of transforming its modules one
      // by one, so there the app takes all of Mantine's CSS, before anything else main.tsx imports
      // (on its first line, so no line moves).
      name: 'faktura:mantine-styles-in-dev',
      apply: 'serve',
      transform(code, id) {
        return /[\\/]src[\\/]main\.tsx$/.test(id) ? { code: `import '@mantine/core/styles.css';${code}`, map: null } : null;
      },
    },
  ];
}
