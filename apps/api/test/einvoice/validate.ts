import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';

/**
 * Validates a UBL 2.1 e-invoice offline in three layers, as the Croatian exchange does:
 * 1. the OASIS UBL 2.1 XSD with the Croatian extension (xmllint compiled to WebAssembly);
 * 2. the EN 16931 business rules (official schematron compiled to XSLT, run by SaxonJS);
 * 3. the Croatian CIUS and extension rules HR-BR-* (the Tax Administration's schematron, ditto).
 * Only errors count: an SVRL `failed-assert` whose `flag` is `fatal` (warnings are ignored).
 * Test code only: see docs/decisions/005-einvoice-validation.md.
 */
export interface ValidationReport {
  xsd: string[];
  en16931: string[];
  hrCius: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const artefacts = path.join(here, 'artefacts');
const repoRoot = path.resolve(here, '../../../..');
const cacheDir = path.join(repoRoot, 'node_modules/.cache/faktura-einvoice');
const xslt3 = path.join(repoRoot, 'node_modules/xslt3/xslt3.js');

const STYLESHEETS = {
  en16931: path.join(artefacts, 'en16931/EN16931-UBL-validation.xslt'),
  hrCius: path.join(artefacts, 'hr-cius/HR-CIUS-EXT-EN16931-UBL.xslt'),
} as const;

const run = promisify(execFile);

/**
 * The SEF (SaxonJS's compiled stylesheet) of an XSLT, compiled with xslt3 on first use and cached
 * under node_modules/.cache keyed by the XSLT's SHA-256, so a changed XSLT is recompiled. Test
 * workers start together: one takes a lock file and compiles, the others wait for the SEF (a lock
 * older than 10 minutes is taken to be left by a killed run). The SEF is written to a temp file and
 * renamed, so a reader never sees half of it.
 */
async function compiledStylesheet(xsltPath: string): Promise<unknown> {
  const hash = createHash('sha256').update(fs.readFileSync(xsltPath)).digest('hex');
  const sefPath = path.join(cacheDir, `${hash}.sef.json`);
  const lockPath = `${sefPath}.lock`;
  fs.mkdirSync(cacheDir, { recursive: true });
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
      await run(process.execPath, [xslt3, `-xsl:${xsltPath}`, `-export:${tmp}`, '-nogo', '-relocate:on'], {
        maxBuffer: 16 * 1024 * 1024,
      });
      fs.renameSync(tmp, sefPath);
    } finally {
      fs.closeSync(lock);
      fs.rmSync(lockPath, { force: true });
    }
  }
  return JSON.parse(fs.readFileSync(sefPath, 'utf8')) as unknown;
}

let stylesheets: Promise<Record<keyof typeof STYLESHEETS, unknown>> | undefined;

/** Compiles (or loads) both stylesheets once per test worker; call it in a generous beforeAll. */
export function loadValidators(): Promise<Record<keyof typeof STYLESHEETS, unknown>> {
  stylesheets ??= Promise.all([compiledStylesheet(STYLESHEETS.en16931), compiledStylesheet(STYLESHEETS.hrCius)]).then(
    ([en16931, hrCius]) => ({ en16931, hrCius }),
  );
  return stylesheets;
}

/** Every UBL schema file, preloaded into xmllint's in-memory file system under its relative path. */
function schemaFiles(): { fileName: string; contents: string }[] {
  const files: { fileName: string; contents: string }[] = [];
  for (const folder of ['maindoc', 'common']) {
    const dir = path.join(artefacts, 'ubl-2.1-xsd', folder);
    for (const name of fs.readdirSync(dir).sort()) {
      if (name.endsWith('.xsd')) files.push({ fileName: `${folder}/${name}`, contents: fs.readFileSync(path.join(dir, name), 'utf8') });
    }
  }
  return files;
}
let schemas: { fileName: string; contents: string }[] | undefined;

async function validateXsd(xml: string): Promise<string[]> {
  schemas ??= schemaFiles();
  const creditNote = /^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<([A-Za-z_][\w.-]*:)?CreditNote[\s>]/.test(xml);
  const main = creditNote ? 'maindoc/UBL-CreditNote-2.1.xsd' : 'maindoc/UBL-Invoice-2.1.xsd';
  const mainSchema = schemas.find((s) => s.fileName === main);
  if (!mainSchema) throw new Error(`missing ${main}`);
  const result = await validateXML({
    xml: { fileName: 'einvoice.xml', contents: xml },
    schema: mainSchema,
    preload: schemas.filter((s) => s !== mainSchema),
    maxMemoryPages: 16 * 1024, // 1 GiB ceiling; the UBL schemas need more than the 32 MiB default
  });
  return result.errors.map((e) => e.message.trim());
}

/** The SVRL's fatal failed assertions as "RULE-ID: text". */
export function fatalFailures(svrl: string): string[] {
  const out: string[] = [];
  const failed = /<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g;
  for (const match of svrl.matchAll(failed)) {
    const attributes = match[1] ?? '';
    const flag = /\bflag="([^"]*)"/.exec(attributes)?.[1];
    if (flag !== 'fatal') continue;
    const id = /\bid="([^"]*)"/.exec(attributes)?.[1] ?? '?';
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(match[2] ?? '')?.[1] ?? '';
    out.push(`${id}: ${text.replace(/\s+/g, ' ').trim()}`);
  }
  return out;
}

/** A document the rules cannot even evaluate (a date that is no xs:date ...) counts as one error. */
function runSchematron(stylesheet: unknown, xml: string): string[] {
  try {
    const result = SaxonJS.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: 'serialized' }, 'sync');
    return fatalFailures(result.principalResult);
  } catch (error) {
    return [`XSLT-ERROR: ${error instanceof Error ? error.message : String(error)}`];
  }
}

export async function validateEInvoice(xml: string): Promise<ValidationReport> {
  const compiled = await loadValidators();
  return {
    xsd: await validateXsd(xml),
    en16931: runSchematron(compiled.en16931, xml),
    hrCius: runSchematron(compiled.hrCius, xml),
  };
}

/** The rule ids of a list of failures ("BR-CO-16: ..." -> "BR-CO-16"). */
export const ruleIds = (failures: readonly string[]) => failures.map((f) => f.split(':')[0]);
