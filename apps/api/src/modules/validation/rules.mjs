// The three layers of an e-invoice check, as the Croatian exchange applies them (decision 036):
// 1. the OASIS UBL 2.1 XSD with the Croatian extension (libxml2 compiled to WebAssembly, xmllint-wasm);
// 2. the EN 16931 business rules (the official schematron compiled to XSLT, run by SaxonJS);
// 3. the Croatian CIUS and extension rules HR-BR-* (the Tax Administration's schematron, ditto).
// Only errors count: an SVRL `failed-assert` whose `flag` is `fatal` (warnings are not errors).
// Plain JavaScript so that the validation worker (validation.worker.mjs) runs it as it is, from the
// sources in the tests and bundled in dist; the tests also run it in their own thread.
import fs from 'node:fs';
import path from 'node:path';
import SaxonJS from 'saxon-js';
import { validateXML } from 'xmllint-wasm';

/** Every UBL schema file of `schemaDir`, for xmllint's in-memory file system under its relative path. */
export function schemaFiles(schemaDir) {
  const files = [];
  for (const folder of ['maindoc', 'common']) {
    const dir = path.join(schemaDir, folder);
    for (const name of fs.readdirSync(dir).sort()) {
      if (name.endsWith('.xsd')) files.push({ fileName: `${folder}/${name}`, contents: fs.readFileSync(path.join(dir, name), 'utf8') });
    }
  }
  return files;
}

/** The SVRL's fatal failed assertions as "RULE-ID: text". */
export function fatalFailures(svrl) {
  const out = [];
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
function runSchematron(stylesheet, xml) {
  try {
    const result = SaxonJS.transform({ stylesheetInternal: stylesheet, sourceText: xml, destination: 'serialized' }, 'sync');
    return fatalFailures(result.principalResult);
  } catch (error) {
    return [`XSLT-ERROR: ${error instanceof Error ? error.message : String(error)}`];
  }
}

async function validateXsd(schemas, xml) {
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

/**
 * The checker for compiled stylesheets (SaxonJS SEFs, parsed) and the UBL schemas: `validate(xml)`
 * answers `{ xsd, en16931, hrCius }`, each a list of failures.
 */
export function createRules({ en16931, hrCius, schemas }) {
  return {
    async validate(xml) {
      return { xsd: await validateXsd(schemas, xml), en16931: runSchematron(en16931, xml), hrCius: runSchematron(hrCius, xml) };
    },
  };
}
