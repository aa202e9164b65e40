import fs from 'node:fs';
import path from 'node:path';
import { createServer } from 'vite';
import { describe, expect, it } from 'vitest';
import { MANTINE_STYLES_DIR, mantineSheetOf, mantineSheets } from '../apps/web/mantineStyles';

/** Every module file of @mantine/core's ES build. */
function mantineModules(): string[] {
  const esm = path.join(path.dirname(MANTINE_STYLES_DIR), 'esm');
  return (fs.readdirSync(esm, { recursive: true }) as string[]).filter((file) => file.endsWith('.mjs')).map((file) => path.join(esm, file));
}

// The web build gives each Mantine component's code its own style sheet (apps/web/mantineStyles.ts,
// decision 010) instead of all of Mantine's CSS. A sheet no module brings would leave its component
// unstyled: a checkbox's label fell below its box when the shared inline-input part was missed.
describe("Mantine's style sheets come with their components", () => {
  const sheets = mantineSheets();
  const modules = mantineModules();

  it('every module named like a sheet brings that sheet, wherever it lives in the package', () => {
    const named = modules.filter((file) => sheets.has(path.basename(file, '.mjs')));
    expect(named.length).toBeGreaterThan(80);
    for (const file of named) expect(mantineSheetOf(file, sheets), file).toBe(path.basename(file, '.mjs'));
    // the shared inline-input part lives under utils/, not components/
    expect(named.some((file) => file.includes(`${path.sep}utils${path.sep}`))).toBe(true);
  });

  it('every sheet but the three base ones (main.tsx imports those) is brought by some module', () => {
    const brought = new Set(modules.map((file) => mantineSheetOf(file, sheets)).filter((sheet) => sheet !== null));
    const left = [...sheets].filter((sheet) => !brought.has(sheet)).sort();
    expect(left).toEqual(['baseline', 'default-css-variables', 'global']);
  });

  it('only what a sheet is named after: other modules bring nothing', () => {
    expect(mantineSheetOf('/x/node_modules/@mantine/core/esm/core/Box/Box.mjs', sheets)).toBeNull();
    expect(mantineSheetOf('/x/node_modules/@mantine/dates/esm/components/Calendar/Calendar.mjs', sheets)).toBeNull();
    expect(mantineSheetOf('/x/apps/web/src/components/Button.mjs', sheets)).toBeNull();
  });

  it("the dev server, which pre-bundles Mantine, takes all of Mantine's CSS before the app's own", async () => {
    const root = path.resolve(import.meta.dirname, '../apps/web');
    const server = await createServer({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'silent', server: { middlewareMode: true, hmr: false, ws: false } });
    try {
      const main = await server.transformRequest('/src/main.tsx');
      const imports = [...(main?.code ?? '').matchAll(/import\s+["']([^"']+)["']/g)].map((match) => match[1]);
      expect(imports[0]).toMatch(/@mantine\/core\/styles\.css$/);
    } finally {
      await server.close();
    }
  });
});

