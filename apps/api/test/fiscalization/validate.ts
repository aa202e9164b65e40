import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/**
 * Validates a whole fiscalization SOAP message against the official schemas
 * (`fiskalizacija-soap-message.xsd`: the SOAP 1.1 envelope whose body is one of the eFiskalizacija or
 * eIzvještavanje requests or answers, signature included), with xmllint compiled to WebAssembly.
 * Returns xmllint's errors; none means valid. `schema` picks the whole-message schema: the
 * e-invoice services' (default) or the consumer-invoice service's (`B2C_MESSAGE`: `RacunZahtjev`,
 * `RacunOdgovor` of `FiskalizacijaSchema.xsd`).
 */
const artefacts = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artefacts');
const MAIN = 'fiskalizacija-soap-message.xsd';
export const B2C_MESSAGE = 'fiskalizacija-b2c-soap-message.xsd';
let files: { fileName: string; contents: string }[] | undefined;

export async function validateSoapMessage(xml: string, schema: string = MAIN): Promise<string[]> {
  files ??= fs
    .readdirSync(artefacts)
    .filter((name) => name.endsWith('.xsd'))
    .sort()
    .map((fileName) => ({ fileName, contents: fs.readFileSync(path.join(artefacts, fileName), 'utf8') }));
  const main = files.find((f) => f.fileName === schema);
  if (!main) throw new Error(`missing ${schema}`);
  const result = await validateXML({
    xml: { fileName: 'message.xml', contents: xml },
    schema: main,
    preload: files.filter((f) => f !== main),
    maxMemoryPages: 16 * 1024,
  });
  return result.errors.map((e) => e.message.trim());
}
