/**
 * The walls between the API's modules (issue 11) fail `npm run lint`: each case lints a real file's
 * path with the repository's own ESLint configuration and a line that crosses a wall (or keeps to
 * it), as `npm run lint` would if the file held that line.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** The import-wall errors ESLint reports for `code` placed in `file` (relative to apps/api). */
async function wallErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'apps/api', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('API module walls', () => {
  it("a module reaching into another module's repository fails; through its index.ts it passes", async () => {
    expect(
      await wallErrors('src/modules/company/company.service.ts', "import { findAddress } from '../address/address.repository';\nexport const f = findAddress;\n"),
    ).toEqual([expect.stringContaining('only through its index.ts')]);
    expect(await wallErrors('src/modules/company/company.service.ts', "import { findAddress } from '../address';\nexport const f = findAddress;\n")).toEqual([]);
  });

  it('holds one folder deeper (the invoice document), and its own files stay its own', async () => {
    expect(
      await wallErrors('src/modules/invoice/print/sources.ts', "import { findIssuer } from '../../settings/settings.repository';\nexport const f = findIssuer;\n"),
    ).toHaveLength(1);
    expect(await wallErrors('src/modules/invoice/print/sources.ts', "import { findInvoice } from '../invoice.repository';\nexport const f = findInvoice;\n")).toEqual([]);
    expect(await wallErrors('src/modules/invoice/print/sources.ts', "import type { Db } from '../../../db/connection';\nexport type D = Db;\n")).toEqual([]);
  });

  it('holds for app.ts, http/, db/ and cli/ as well; tests may reach inside a module', async () => {
    expect(await wallErrors('src/app.ts', "import { invoiceRoutes } from './modules/invoice/invoice.routes';\nexport const r = invoiceRoutes;\n")).toHaveLength(1);
    expect(await wallErrors('src/db/seed.ts', "import { insertAddress } from '../modules/address/address.repository';\nexport const i = insertAddress;\n")).toHaveLength(1);
    expect(await wallErrors('src/db/seed.ts', "import { insertAddress } from '../modules/address';\nexport const i = insertAddress;\n")).toEqual([]);
    expect(await wallErrors('test/print.test.ts', "import { buildPrintView } from '../src/modules/invoice/print/printView';\nexport const b = buildPrintView;\n")).toEqual([]);
  });
});
