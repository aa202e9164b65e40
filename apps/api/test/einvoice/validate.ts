import { createRules, schemaFiles } from '../../src/modules/validation/rules.mjs';
import { ruleFiles, type ValidationReport } from '../../src/modules/validation/validator';
import fs from 'node:fs';

/**
 * Validates a UBL 2.1 e-invoice offline in three layers, as the Croatian exchange does, with the
 * server's own rules (`apps/api/src/modules/validation`, decision 036) run in the test's thread:
 * the UBL 2.1 XSD with the Croatian extension, the EN 16931 business rules and the Croatian CIUS
 * rules HR-BR-*. Only fatal failed assertions count.
 */
export type { ValidationReport };
export { fatalFailures } from '../../src/modules/validation/rules.mjs';

let rules: Promise<ReturnType<typeof createRules>> | undefined;

/** Compiles (or loads) both stylesheets once per test worker; call it in a generous beforeAll. */
export function loadValidators(): Promise<ReturnType<typeof createRules>> {
  rules ??= ruleFiles().then(({ sefPaths, schemaDir }) => {
    return createRules({
      en16931: JSON.parse(fs.readFileSync(sefPaths.en16931, 'utf8')) as unknown,
      hrCius: JSON.parse(fs.readFileSync(sefPaths.hrCius, 'utf8')) as unknown,
      schemas: schemaFiles(schemaDir),
    });
  });
  return rules;
}

export async function validateEInvoice(xml: string): Promise<ValidationReport> {
  return (await loadValidators()).validate(xml);
}

/** The rule ids of a list of failures ("BR-CO-16: ..." -> "BR-CO-16"). */
export const ruleIds = (failures: readonly string[]) => failures.map((f) => f.split(':')[0]);
