// Builds the web app (`npm run build -w @faktura/web`) in two passes, so that what every first visit
// downloads comes as one file instead of some fifteen (decision 010).
//
// Left to itself the bundler splits every module that the entry shares with a lazily loaded screen
// into a small common chunk of its own: the entry then loads ~15 files before anything shows, which
// compress worse one by one than together (~8 KiB more gzipped on /Invoices). Which modules the entry
// really needs is only known after tree-shaking: the features' index.ts files also name what only lazy
// screens use, so a group drawn from the import graph (or rolldown's `$initial` tag) swallows screens'
// code too. So the first pass builds in memory and reads off the modules in the chunks the entry loads
// statically; the second pass, the real one, puts exactly those modules in one group, which becomes
// the entry's chunk. The second pass checks that the entry still loads nothing it did not before.
import { build } from 'vite';

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

function firstDownload(chunks) {
  const entries = [...chunks.values()].filter((chunk) => chunk.isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
  const files = staticClosure(chunks, entries[0].fileName);
  const modules = new Set([...files].flatMap((name) => Object.keys(chunks.get(name).modules)));
  return { files, modules };
}

const plan = firstDownload(chunksOf(await build({ logLevel: 'warn', build: { write: false } })));

const result = await build({
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'index',
              test: (id) => plan.modules.has(id),
              // The set is already closed: every module the entry's chunks hold. Following imports
              // again would follow the index.ts files into lazy screens (see above).
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});

const after = firstDownload(chunksOf(result));
const added = [...after.modules].filter((id) => !plan.modules.has(id));
if (added.length > 0) throw new Error(`the first download gained modules it did not need:\n${added.join('\n')}`);
console.log(`web: the first download is ${after.files.size} files (${plan.files.size} without the grouping)`);
