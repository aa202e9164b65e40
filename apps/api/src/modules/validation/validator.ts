import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { ValidationReport } from './rules.mjs';

/**
 * E-invoice validation in the server (decision 036): the official UBL 2.1 XSD, EN 16931 and HR CIUS
 * rules (the artefacts in `apps/api/assets/einvoice/`, as they were published) run in a worker thread
 * of their own. The two schematron XSLTs are compiled to SaxonJS SEFs once (20-50 s, in a child
 * process, so the server goes on answering) and cached by the XSLT's SHA-256 under
 * `node_modules/.cache/faktura-einvoice/`, shared by the server and the tests.
 */
export type { ValidationReport };

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
/** Running from the sources (the tests, `npm run dev`) or from the bundle in dist/. */
const fromSources = import.meta.url.endsWith('.ts');

/** The folder of the official artefacts: apps/api/assets/einvoice, from src/modules/validation or from dist. */
export function artefactsDir(): string {
  for (let dir = here; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'assets', 'einvoice');
    if (fs.existsSync(path.join(candidate, 'README.md'))) return candidate;
    if (path.dirname(dir) === dir) throw new Error('the e-invoice validation artefacts (apps/api/assets/einvoice) are missing');
  }
}

const STYLESHEETS = {
  en16931: 'en16931/EN16931-UBL-validation.xslt',
  hrCius: 'hr-cius/HR-CIUS-EXT-EN16931-UBL.xslt',
} as const;

/** The cache of compiled stylesheets, beside the packages that run them. */
export function sefCacheDir(): string {
  const saxon = path.dirname(require.resolve('saxon-js/package.json'));
  return path.join(path.dirname(saxon), '.cache', 'faktura-einvoice');
}

const run = promisify(execFile);

/**
 * The SEF of an XSLT, compiled with xslt3 on first use and cached keyed by the XSLT's SHA-256, so a
 * changed XSLT is recompiled. Processes that start together (test workers, two servers) share the
 * work: one takes a lock file and compiles, the others wait for the SEF (a lock older than 10 minutes
 * is taken to be left by a killed process). The SEF is written to a temp file and renamed, so a
 * reader never sees half of it.
 */
export async function compiledStylesheet(xsltPath: string, cacheDir = sefCacheDir()): Promise<string> {
  const hash = createHash('sha256').update(fs.readFileSync(xsltPath)).digest('hex');
  const sefPath = path.join(cacheDir, `${hash}.sef.json`);
  const lockPath = `${sefPath}.lock`;
  fs.mkdirSync(cacheDir, { recursive: true });
  const xslt3 = require.resolve('xslt3/xslt3.js');
  while (!fs.existsSync(sefPath)) {
    let lock: number | undefined;
    try {
      lock = fs.openSync(lockPath, 'wx');
    } catch {
      const age = Date.now() - (fs.statSync(lockPath, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 10 * 60_000) fs.rmSync(lockPath, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (fs.existsSync(sefPath)) break;
      const tmp = `${sefPath}.${process.pid}.tmp`;
      await run(process.execPath, [xslt3, `-xsl:${xsltPath}`, `-export:${tmp}`, '-nogo', '-relocate:on'], { maxBuffer: 16 * 1024 * 1024 });
      fs.renameSync(tmp, sefPath);
    } finally {
      fs.closeSync(lock);
      fs.rmSync(lockPath, { force: true });
    }
  }
  return sefPath;
}

/** Both stylesheets compiled (or found in the cache), with the schemas' folder: what a checker needs. */
export async function ruleFiles(): Promise<{ sefPaths: Record<keyof typeof STYLESHEETS, string>; schemaDir: string }> {
  const dir = artefactsDir();
  const [en16931, hrCius] = await Promise.all([compiledStylesheet(path.join(dir, STYLESHEETS.en16931)), compiledStylesheet(path.join(dir, STYLESHEETS.hrCius))]);
  return { sefPaths: { en16931, hrCius }, schemaDir: path.join(dir, 'ubl-2.1-xsd') };
}

/** The worker's file: beside this one in the sources, `validationWorker.js` beside main.js in dist. */
const workerUrl = fromSources ? new URL('./validation.worker.mjs', import.meta.url) : new URL('./validationWorker.js', import.meta.url);

type Pending = { resolve: (report: ValidationReport) => void; reject: (error: Error) => void };

/**
 * One worker thread that checks documents one after another. Started on the first `validate`; a
 * worker that dies (out of memory on a hostile document, a bug) fails what it had in hand and the
 * next call starts a new one. `close()` ends it (the server's shutdown).
 */
export class EInvoiceValidator {
  private worker: Promise<Worker> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  private start(): Promise<Worker> {
    this.worker ??= ruleFiles().then(
      (workerData) =>
        new Promise<Worker>((resolve, reject) => {
          const worker = new Worker(workerUrl, { workerData, resourceLimits: { maxOldGenerationSizeMb: 1024 } });
          worker.unref();
          const failAll = (error: Error) => {
            this.worker = null;
            for (const [id, waiting] of this.pending) {
              this.pending.delete(id);
              waiting.reject(error);
            }
            reject(error);
          };
          worker.on('message', (message: { ready?: true; id?: number; report?: ValidationReport; error?: string }) => {
            if (message.ready) {
              resolve(worker);
              return;
            }
            const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
            if (!waiting || message.id === undefined) return;
            this.pending.delete(message.id);
            if (message.report) waiting.resolve(message.report);
            else waiting.reject(new Error(message.error ?? 'validation failed'));
          });
          worker.on('error', failAll);
          worker.on('exit', (code) => failAll(new Error(`the validation worker stopped (exit code ${code})`)));
        }),
    );
    const started = this.worker;
    started.catch(() => {
      if (this.worker === started) this.worker = null;
    });
    return started;
  }

  /** The three layers' failures for one document (UTF-8 text). */
  async validate(xml: string): Promise<ValidationReport> {
    if (this.closed) throw new Error('the validator is closed');
    const worker = await this.start();
    const id = this.nextId++;
    return new Promise<ValidationReport>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, xml });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.then((w) => w.terminate()).catch(() => undefined);
  }
}
