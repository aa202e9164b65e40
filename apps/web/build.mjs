// Builds the web app (`npm run build -w @faktura/web`) in two passes, so that what a first visit
// downloads comes in a few files instead of some thirty-five (decision 010).
//
// Left to itself the bundler puts every module that two lazily loaded chunks share into a small
// common chunk of its own: the entry then loaded ~15 files before anything showed and the invoice
// list ~20 more, which compress worse one by one than together (~15 KiB more gzipped on /Invoices).
// Which modules a page really needs is only known after tree-shaking: the features' index.ts files
// also name what only lazy screens use, so a group drawn from the import graph (or rolldown's
// `$initial` tag) swallows screens' code too. So the first pass builds in memory and reads off the
// output: the modules of the chunks the entry loads before it runs, and of those the invoice list
// loads, become one group (the entry's own chunk); then, for the dashboard, the modules of the common
// chunks it loads beyond those become one group. Its own chunk stays its own. The second pass, the
// real one, builds with these groups and checks that no page it groups loads anything but what it
// loaded before and the groups of the pages before it. The entry and the first texts then get their
// own copy of the bundler's runtime (one request fewer on every first visit), a third, small build
// makes the boot script (src/boot.ts), and last the first files get V8's compile hint.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

/**
 * The invoice list, the main screen (P5 of issue 9), comes in the entry's own chunk: one file fewer
 * to fetch beside the entry while it downloads, and the list's code compresses with the rest. The
 * sign-in page downloads it too (~9 KiB more; decision 010): an operator stays signed in and opens
 * the list far more often than the sign-in page.
 */
const WITH_ENTRY = ['src/features/invoices/InvoiceListPage.tsx'];
/**
 * The other screens a visit often opens first: the sign-in page (nobody signed in; not in the entry,
 * which the invoice list's first download would carry for nothing) and the dashboard, where signing in
 * lands. In this order: the dashboard may load the sign-in page's group (the two share a few Mantine
 * components; signing in has brought it already), not the other way round.
 */
const SIGN_IN = 'src/features/auth/LoginPage.tsx';
const FIRST_SCREENS = [SIGN_IN, 'src/features/dashboard/DashboardPage.tsx'];
/** Its address (app/pages.tsx), for the boot script below. */
const FIRST_SCREEN_PATHS = { 'src/features/dashboard/DashboardPage.tsx': '/' };
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

/** The chunk a screen's module starts, if it has one of its own. */
const screenChunk = (chunks, path) =>
  [...chunks.values()].find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/apps/web/${path}`));

/** The entry's chunk and each first screen's chunk, by the module that starts it. */
function pages(chunks) {
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  const screens = FIRST_SCREENS.map((path) => {
    // the sign-in page's group holds the page itself, so its chunk is the one holding its module
    const chunk =
      screenChunk(chunks, path) ??
      [...chunks.values()].find((c) => !c.isEntry && Object.keys(c.modules).some((id) => id.replaceAll('\\', '/').endsWith(`/apps/web/${path}`)));
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
/** The chunks a page loads before it runs; for the entry, also those of the screens that come with it. */
function closureOf(chunks, name, chunk) {
  const closure = staticClosure(chunks, chunk.fileName);
  if (name !== 'entry') return closure;
  for (const path of WITH_ENTRY) {
    const screen = screenChunk(chunks, path);
    if (!screen) throw new Error(`no chunk of its own for ${path} in the first pass (build.mjs names it)`);
    staticClosure(chunks, screen.fileName).forEach((file) => closure.add(file));
  }
  return closure;
}
const groups = pages(first).map(({ name, chunk }, index) => {
  const closure = closureOf(first, name, chunk);
  const files = [...closure].filter((file) => !taken.has(file) && (name === 'entry' || name === SIGN_IN || file !== chunk.fileName));
  files.forEach((file) => taken.add(file));
  const modules = modulesOf(first, files);
  allowed.set(name, new Set([...modulesOf(first, closure), ...grouped]));
  modules.forEach((id) => grouped.add(id));
  return {
    // the entry's group becomes the entry's chunk itself; the sign-in page's, small, holds the page too
    name: name === 'entry' ? 'index' : name === SIGN_IN ? 'LoginPage' : `common-${index}`,
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
const apart = WITH_ENTRY.filter((path) => screenChunk(after, path));
if (apart.length > 0) throw new Error(`${apart.join(', ')} should have come with the entry`);

// The boot script (decision 010, src/boot.ts): inline in index.html before the entry, it asks for the
// first screen's code, texts and data while the entry still downloads. Built here, as one small
// script, once the names of the first screens' files are known.
const outDir = path.resolve(import.meta.dirname, 'dist');
const assetOf = (chunk) => `/${chunk.fileName}`;
const textFiles = Object.fromEntries(
  Object.entries(FIRST_TEXTS).map(([language, module]) => {
    const chunk = [...after.values()].find((c) => Object.keys(c.modules).some((id) => id.replaceAll('\\', '/').endsWith(`/${module}`)));
    if (!chunk) throw new Error(`no chunk of its own for ${module}`);
    return [language, assetOf(chunk)];
  }),
);

/**
 * The bundler's runtime helpers in the first files themselves (decision 010). Rolldown puts its
 * runtime (`__commonJS`, `__toESM`, `__export`: 1.3 KB) in a file of its own, imported by the entry
 * (React is CommonJS) and by each language's first texts (their namespace), so every first visit
 * asked for a third small file beside the entry and the texts; on a slow link each request in flight
 * beside the entry slows it (docs/performance.md). No option places the runtime in the entry (it
 * stays outside `codeSplitting.groups`), so here the entry and the first texts get their own copy
 * instead of the import: stateless functions, so two copies behave as one. The runtime's file stays
 * for every other chunk, so a browser holding an older entry or texts file (same name, cached for
 * good) still finds what it imports. The import is blanked in place (columns stay) and the copy goes
 * on a line of its own above, so the source maps move down by one line. The entry's table of what
 * each dynamic import preloads (Vite's `__vite__mapDeps`) no longer lists the runtime for the texts.
 */
const runtimeChunk = [...after.values()].find((chunk) => Object.keys(chunk.modules).some((id) => id.includes('rolldown/runtime')));
const entryFile = pages(after)[0].chunk.fileName;
const withOwnRuntime = new Set([entryFile, ...Object.values(textFiles).map((file) => file.slice(1))]);
/** The files the runtime was written into. */
const ownRuntime = new Set();
let runtimeIndex = -1;
if (runtimeChunk) {
  const runtimeCode = fs.readFileSync(path.join(outDir, runtimeChunk.fileName), 'utf8').replace(/\n\/\/# sourceMappingURL=.*$/s, '').trim();
  const exportClause = runtimeCode.match(/export\s*\{([^}]*)\};?$/);
  if (!exportClause) throw new Error(`${runtimeChunk.fileName}: its export clause was not found`);
  const exported = exportClause[1].split(',').map((part) => part.trim().split(/\s+as\s+/)).map(([local, name]) => `${name ?? local}:${local}`);
  const runtimeBody = `(()=>{${runtimeCode.slice(0, exportClause.index)}return{${exported.join(',')}}})()`;
  const runtimeImport = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*["']\\./${runtimeChunk.fileName.split('/').pop().replaceAll('.', '\\.')}["'];?`);
  for (const file of withOwnRuntime) {
    const target = path.join(outDir, file);
    const code = fs.readFileSync(target, 'utf8');
    const found = code.match(runtimeImport);
    if (!found) continue;
    const bindings = found[1].split(',').map((part) => part.trim().split(/\s+as\s+/)).map(([name, local]) => `${name}:${local ?? name}`);
    let rewritten = code.replace(found[0], ' '.repeat(found[0].length));
    if (file === entryFile) {
      const table = rewritten.match(/m\.f=(\[[^\]]*\])/);
      runtimeIndex = table ? JSON.parse(table[1]).indexOf(`assets/${runtimeChunk.fileName.split('/').pop()}`) : -1;
      for (const textFile of Object.values(textFiles)) {
        const call = new RegExp(`(import\\(\`\\.${textFile.slice('/assets'.length).replaceAll('.', '\\.')}\`\\)[^;]{0,200}?__vite__mapDeps\\()\\[([\\d,]*)\\]`);
        rewritten = rewritten.replace(call, (_, head, list) => {
          const kept = `[${list.split(',').filter((index) => Number(index) !== runtimeIndex).join(',')}]`;
          return head + kept.slice(0, -1) + ' '.repeat(list.length + 2 - kept.length) + ']';
        });
      }
    }
    if (runtimeImport.test(rewritten)) throw new Error(`${file} imports the runtime twice`);
    if (file === entryFile) {
      for (const textFile of Object.values(textFiles)) {
        const call = new RegExp(`import\\(\`\\.${textFile.slice('/assets'.length).replaceAll('.', '\\.')}\`\\)[^;]{0,200}?__vite__mapDeps\\(\\[([\\d,]*) *\\]`);
        const deps = rewritten.match(call)?.[1].split(',').map(Number);
        if (!deps || deps.includes(runtimeIndex)) throw new Error(`${file}: the preload list of ${textFile} still names the runtime (or was not found)`);
      }
    }
    ownRuntime.add(file);
    writeAsset(file, `const{${bindings.join(',')}}=${runtimeBody};\n${rewritten}`);
    const mapFile = `${target}.map`;
    if (fs.existsSync(mapFile)) {
      const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
      map.mappings = `;${map.mappings}`;
      fs.writeFileSync(mapFile, JSON.stringify(map));
    }
  }
}
/** What a first visit loads before the entry runs: the entry (and the runtime's file, if the entry still imports it). */
const entryFiles = new Set([...staticClosure(after, entryFile)].filter((file) => file !== runtimeChunk?.fileName || !ownRuntime.has(entryFile)));
const firstScreenFiles = {};
let signInFiles;
for (const { name, chunk } of pages(after).slice(1)) {
  const files = [...staticClosure(after, chunk.fileName)].filter((file) => !entryFiles.has(file)).map((file) => after.get(file));
  const assets = {
    js: files.map(assetOf),
    css: files.flatMap((file) => [...(file.viteMetadata?.importedCss ?? [])]).map((css) => `/${css}`),
  };
  if (name === SIGN_IN) signInFiles = assets;
  else firstScreenFiles[FIRST_SCREEN_PATHS[name]] = assets;
}
const bootBuild = chunksOf(
  await build({
    configFile: false,
    logLevel: 'warn',
    define: { FAKTURA_FIRST_FILES: JSON.stringify({ screens: firstScreenFiles, signIn: signInFiles, texts: textFiles }) },
    build: {
      write: false,
      sourcemap: false,
      lib: { entry: path.resolve(import.meta.dirname, 'src/boot.ts'), formats: ['es'], fileName: 'boot' },
      rolldownOptions: {
        output: { minify: true },
        // Parsing the features' index.ts files reaches React and Mantine, whose 'use client' lines the
        // bundler warns about; none of it is kept (checked below), so the warning says nothing here.
        onLog: (level, log, handler) => (log.code === 'MODULE_LEVEL_DIRECTIVE' ? undefined : handler(level, log)),
      },
    },
  }),
);
if (bootBuild.size !== 1) throw new Error(`the boot script must be one file, it was ${bootBuild.size}`);
const bootChunk = [...bootBuild.values()][0];
// It runs before everything on every first visit: none of the packages (React, i18next, SWR …) may come into it.
const packages = Object.keys(bootChunk.modules).filter((id) => id.includes('/node_modules/'));
if (packages.length > 0) throw new Error(`the boot script took in packages:\n${packages.join('\n')}`);
// Inline in index.html (below) as a classic script, its names kept inside a function; it imports and
// exports nothing (checked), and nothing in it may end the script element.
if (/^\s*(import|export)\b/m.test(bootChunk.code)) throw new Error('the boot script must neither import nor export');
const boot = `(()=>{${bootChunk.code.trim()}})()`;
if (/<\/script|<!--/i.test(boot)) throw new Error('the boot script contains "</script" or "<!--": it cannot be inlined');
/** Writes a text asset with its .br and .gz copies, as the compression plugin does for the rest. */
function writeAsset(file, text) {
  const target = path.join(outDir, file);
  fs.writeFileSync(target, text);
  fs.writeFileSync(`${target}.br`, brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${target}.gz`, gzipSync(text, { level: 9 }));
}

/**
 * The files a first visit runs at once (the entry's and the first screens') start with V8's explicit
 * compile hint (`//# allFunctionsCalledOnLoad`, Chromium 136 and later; to other browsers a comment):
 * V8 then compiles all their functions on a background thread while the file still downloads,
 * instead of one by one on the main thread the first time each is called, which was most of the
 * first render (decision 010). Screens and dialogs opened later stay lazily compiled. Added here, at
 * the very end, because Vite puts its preload table at the top of a chunk after every output hook;
 * the source map moves down by the one line.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const compiledAtOnce = new Set([...entryFiles, ...[...Object.values(firstScreenFiles), signInFiles].flatMap(({ js }) => js.map((file) => file.slice(1)))]);
for (const file of compiledAtOnce) {
  const target = path.join(outDir, file);
  writeAsset(file, `${COMPILE_HINT}\n${fs.readFileSync(target, 'utf8')}`);
  const mapFile = `${target}.map`;
  if (fs.existsSync(mapFile)) {
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8'));
    map.mappings = `;${map.mappings}`;
    fs.writeFileSync(mapFile, JSON.stringify(map));
  }
}
const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
const entryTag = html.match(/<script type="module" crossorigin src="[^"]+"><\/script>/);
if (!entryTag) throw new Error('index.html: the entry script tag was not found');
// The boot script inline, before the entry and the style sheet: it runs as the parser reaches it, so
// the first texts and the first screen's data are asked for together with the entry, not one round
// trip (the boot file's) later. The server allows exactly this script by its hash in the CSP
// (apps/api/src/http/security.ts, inlineScriptHashes): script-src stays 'self' plus that hash.
// The runtime's file is no longer asked for at once when the entry has its own copy (above).
const runtimePreload = new RegExp(`\\s*<link rel="modulepreload" crossorigin href="/${runtimeChunk?.fileName.replaceAll('.', '\\.')}">`);
const page = html.replace(entryTag[0], `<script>${boot}</script>\n    ${entryTag[0]}`);
if (ownRuntime.has(entryFile) && !runtimePreload.test(page)) throw new Error('index.html: the preload of the runtime was not found');
writeAsset('index.html', ownRuntime.has(entryFile) ? page.replace(runtimePreload, '') : page);
console.log(`web: the boot script (inline, ${boot.length} bytes) preloads ${Object.keys(firstScreenFiles).join(' and ')}, the sign-in page and the first texts; ${compiledAtOnce.size} files compiled at once`);
