// Builds the web app (`npm run build -w @faktura/web`) in two passes, so that what a first visit
// downloads comes in a few files instead of some thirty-five (decision 010).
//
// Left to itself the bundler puts every module that two lazily loaded chunks share into a small
// common chunk of its own: the entry then loaded ~15 files before anything showed and the invoice
// list ~20 more, which compress worse one by one than together (~15 KiB more gzipped on /Invoices).
// Which modules a page really needs is only known after tree-shaking: the features' index.ts files
// also name what only lazy screens use, so a group drawn from the import graph (or rolldown's
// `$initial` tag) swallows screens' code too. So the first pass builds in memory and reads off the
// output: the modules of the chunks the entry loads before it runs become one group (the entry's own
// chunk); then, for each first screen, the modules of the common chunks it loads beyond those become
// one group. A screen's own chunk stays its own. The second pass, the real one, builds with these
// groups and checks that no page it groups loads anything but what it loaded before and the groups of
// the pages before it.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

/**
 * The screens a visit most often opens first: the invoice list (the main one, P5 of issue 9) and the
 * dashboard (where signing in lands). Common chunks that both load join the list's group.
 */
const FIRST_SCREENS = ['src/features/invoices/InvoiceListPage.tsx', 'src/features/dashboard/DashboardPage.tsx'];
/** Their addresses (app/pages.tsx), for the boot script below. */
const FIRST_SCREEN_PATHS = { 'src/features/invoices/InvoiceListPage.tsx': '/Invoices', 'src/features/dashboard/DashboardPage.tsx': '/' };
/** Each language's first texts (lib/i18n.ts). */
const FIRST_TEXTS = { hr: 'packages/shared/src/i18n/hr/first.ts', en: 'packages/shared/src/i18n/en/first.ts' };

/** The chunks a chunk loads before it runs: itself and its static imports, transitively. */
function staticClosure(chunks, fileName) {
  const seen = new Set();
  const stack = [fileName];
  while (stack.length > 0) {
    const name = stack.pop();
    if (seen.has(name)) continue;
    seen.add(name);
    stack.push(...chunks.get(name).imports);
  }
  return seen;
}

function chunksOf(result) {
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((o) => o.output);
  return new Map(outputs.filter((o) => o.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
}

const modulesOf = (chunks, files) => new Set([...files].flatMap((name) => Object.keys(chunks.get(name).modules)));

/** The entry's chunk and each first screen's chunk, by the module that starts it. */
function pages(chunks) {
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  const screens = FIRST_SCREENS.map((path) => {
    const chunk = [...chunks.values()].find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/apps/web/${path}`));
    if (!chunk) throw new Error(`no chunk of its own for the first screen ${path} (build.mjs names it)`);
    return { name: path, chunk };
  });
  return [{ name: 'entry', chunk: entries[0] }, ...screens];
}

const first = chunksOf(await build({ logLevel: 'warn', build: { write: false } }));
const taken = new Set();
/** What each page may load after the grouping: what it loaded before, and the groups of the pages before it. */
const allowed = new Map();
const grouped = new Set();
const groups = pages(first).map(({ name, chunk }, index) => {
  const closure = staticClosure(first, chunk.fileName);
  const files = [...closure].filter((file) => !taken.has(file) && (name === 'entry' || file !== chunk.fileName));
  files.forEach((file) => taken.add(file));
  const modules = modulesOf(first, files);
  allowed.set(name, new Set([...modulesOf(first, closure), ...grouped]));
  modules.forEach((id) => grouped.add(id));
  return {
    // the entry's group becomes the entry's chunk itself
    name: name === 'entry' ? 'index' : `common-${index}`,
    test: (id) => modules.has(id),
    // Each set is already closed: every module of the chunks it replaces. Following imports again
    // would follow the index.ts files into lazy screens (see above).
    includeDependenciesRecursively: false,
  };
});

const result = await build({ build: { rolldownOptions: { output: { codeSplitting: { groups } } } } });

const after = chunksOf(result);
for (const { name, chunk } of pages(after)) {
  const files = staticClosure(after, chunk.fileName);
  const added = [...modulesOf(after, files)].filter((id) => !allowed.get(name).has(id));
  if (added.length > 0) throw new Error(`${name} would load modules it did not need:\n${added.join('\n')}`);
  console.log(`web: ${name} loads ${files.size} files before it runs`);
}

// The boot script (decision 010). The entry asks for the first screen's code and the first texts
// only once it has downloaded and run; on a slow connection that is one more round trip before the
// screen. A tiny module script, loaded beside the entry and run before it, asks for them at once
// (modulepreload): the language and whether someone is signed in are in the browser's storage (the
// keys of lib/i18n.ts and lib/profileStore.ts), so it fetches exactly what the entry will ask for.
// It is a file, not inline, because the server's CSP allows scripts from 'self' only; a module script
// placed before the entry, so it runs first (module scripts run in the order of the page).
const outDir = path.resolve(import.meta.dirname, 'dist');
/** A storage key as the app declares it (`export const NAME = '…'`), so the two never drift apart. */
function storageKey(file, name) {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, file), 'utf8');
  const value = source.match(new RegExp(`export const ${name} = '([^']+)'`))?.[1];
  if (!value) throw new Error(`${file} declares no ${name}; the boot script reads it`);
  return value;
}
const LANGUAGE_KEY = storageKey('src/lib/i18n.ts', 'LANGUAGE_STORAGE_KEY');
const PROFILE_KEY = storageKey('src/lib/profileStore.ts', 'PROFILE_STORAGE_KEY');
const assetOf = (chunk) => `/${chunk.fileName}`;
const firstScreenFiles = {};
const entryFiles = staticClosure(after, pages(after)[0].chunk.fileName);
for (const { name, chunk } of pages(after).slice(1)) {
  const files = [...staticClosure(after, chunk.fileName)].filter((file) => !entryFiles.has(file)).map((file) => after.get(file));
  firstScreenFiles[FIRST_SCREEN_PATHS[name]] = {
    js: files.map(assetOf),
    css: files.flatMap((file) => [...(file.viteMetadata?.importedCss ?? [])]).map((css) => `/${css}`),
  };
}
const textFiles = Object.fromEntries(
  Object.entries(FIRST_TEXTS).map(([language, module]) => {
    const chunk = [...after.values()].find((c) => Object.keys(c.modules).some((id) => id.replaceAll('\\', '/').endsWith(`/${module}`)));
    if (!chunk) throw new Error(`no chunk of its own for ${module}`);
    return [language, assetOf(chunk)];
  }),
);
const boot = `// Generated by apps/web/build.mjs: asks for the first screen's code and texts while the entry downloads.
const screens = ${JSON.stringify(firstScreenFiles)};
const texts = ${JSON.stringify(textFiles)};
try {
  const language = localStorage.getItem(${JSON.stringify(LANGUAGE_KEY)}) === 'en' ? 'en' : 'hr';
  const screen = localStorage.getItem(${JSON.stringify(PROFILE_KEY)}) === null ? undefined : screens[location.pathname];
  const hint = (rel, href, as) => {
    const link = document.createElement('link');
    link.rel = rel;
    link.href = href;
    if (as) link.as = as;
    link.crossOrigin = '';
    document.head.append(link);
  };
  for (const href of [texts[language], ...(screen?.js ?? [])]) hint('modulepreload', href);
  for (const href of screen?.css ?? []) hint('preload', href, 'style');
} catch {
  // no storage (a privacy mode): the entry asks for them itself, a little later
}
`;
const bootFile = `assets/boot-${createHash('sha256').update(boot).digest('base64url').slice(0, 8)}.js`;
/** Writes a text asset with its .br and .gz copies, as the compression plugin does for the rest. */
function writeAsset(file, text) {
  const target = path.join(outDir, file);
  fs.writeFileSync(target, text);
  fs.writeFileSync(`${target}.br`, brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${target}.gz`, gzipSync(text, { level: 9 }));
}
writeAsset(bootFile, boot);
const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
const entryTag = html.match(/<script type="module" crossorigin src="[^"]+"><\/script>/);
if (!entryTag) throw new Error('index.html: the entry script tag was not found');
writeAsset('index.html', html.replace(entryTag[0], `<script type="module" crossorigin src="/${bootFile}"></script>\n    ${entryTag[0]}`));
console.log(`web: ${bootFile} preloads ${Object.keys(firstScreenFiles).join(' and ')} and the first texts`);
