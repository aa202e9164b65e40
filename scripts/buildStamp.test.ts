import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { inputsHash, upToDate, writeStamp } from './buildStamp.mjs';

/**
 * Issue 33 item 4: `npm start` skips the build only when the last build was made of exactly what is
 * here now. A checkout in miniature: the files the build reads, a test, and the build's outputs.
 */
let dir: string;
const write = (file: string, content: string) => {
  fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
  fs.writeFileSync(path.join(dir, file), content);
};
const fresh = () => upToDate(inputsHash(dir), dir);

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-stamp-'));
  write('package.json', '{"name":"faktura"}');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('packages/shared/src/money.ts', 'export const cents = 100;');
  write('apps/api/src/main.ts', 'console.log(1);');
  write('apps/api/test/api.test.ts', 'it("a", () => {});');
  write('apps/web/src/App.tsx', 'export const App = () => null;');
  write('apps/web/src/App.test.tsx', 'it("b", () => {});');
  write('apps/api/dist/main.js', 'built');
  write('apps/web/dist/index.html', '<html></html>');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('builds when there is no stamp, and not again once the build wrote one', () => {
  expect(fresh()).toBe(false);
  writeStamp(inputsHash(dir), dir);
  expect(fresh()).toBe(true);
});

it('builds again after a source, a package file or the lockfile changed (a git pull), not after a test or an output did', () => {
  writeStamp(inputsHash(dir), dir);
  write('apps/api/test/api.test.ts', 'it("a changed test", () => {});');
  write('apps/web/src/App.test.tsx', 'it("another", () => {});');
  write('apps/api/dist/main.js', 'rebuilt by hand');
  expect(fresh()).toBe(true);

  for (const [file, content] of [
    ['packages/shared/src/money.ts', 'export const cents = 101;'],
    ['apps/web/src/New.tsx', 'export const New = 1;'],
    ['package-lock.json', '{"lockfileVersion":3,"packages":{}}'],
    ['apps/api/package.json', '{"name":"@faktura/api"}'],
  ] as const) {
    write(file, content);
    expect(fresh(), file).toBe(false);
    writeStamp(inputsHash(dir), dir);
    expect(fresh(), file).toBe(true);
  }
});

it('builds again when an output is missing, even with a matching stamp', () => {
  writeStamp(inputsHash(dir), dir);
  fs.rmSync(path.join(dir, 'apps/web/dist'), { recursive: true });
  expect(fresh()).toBe(false);
});
