/**
 * The walls between the web's parts (decision 020) fail `npm run lint`: each case lints a real
 * file's path with the repository's own ESLint configuration and a line that crosses a wall (or
 * keeps to it), as `npm run lint` would if the file held that line.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

/** The import-wall errors ESLint reports for `code` placed in `file` (relative to apps/web/src). */
async function wallErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'apps/web/src', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('web walls', () => {
  it('a feature reaching into another feature fails; through its index.ts it passes', async () => {
    const deep = await wallErrors(
      'features/dashboard/LatestInvoices.tsx',
      "import { formatDay } from '../invoices/list/format';\nexport const day = formatDay;\n",
    );
    expect(deep).toEqual([expect.stringContaining('only through its index.ts')]);
    const viaIndex = await wallErrors(
      'features/dashboard/LatestInvoices.tsx',
      "import { formatDay } from '../invoices';\nexport const day = formatDay;\n",
    );
    expect(viaIndex).toEqual([]);
  });

  it('holds at any depth inside a feature, tests included', async () => {
    expect(
      await wallErrors(
        'features/invoices/form/IssuerBlock.tsx',
        "import { addressSummary } from '../../addresses/api';\nexport const summary = addressSummary;\n",
      ),
    ).toHaveLength(1);
    expect(
      await wallErrors(
        'features/clients/ClientsPage.test.tsx',
        "import { AddressFields } from '../addresses/AddressFields';\nexport const fields = AddressFields;\n",
      ),
    ).toHaveLength(1);
    // its own folders are its own
    expect(
      await wallErrors('features/invoices/form/IssuerBlock.tsx', "import { invoiceApi } from '../api';\nexport const a = invoiceApi;\n"),
    ).toEqual([]);
  });

  it('a feature importing app/ fails', async () => {
    expect(
      await wallErrors(
        'features/settings/SettingsPage.tsx',
        "import { AppProviders } from '../../app/AppProviders';\nexport const P = AppProviders;\n",
      ),
    ).toEqual([expect.stringContaining('Features never import app/')]);
  });

  it('components/ and lib/ import no feature; app/ and test/ take one only through its index.ts', async () => {
    expect(
      await wallErrors('components/ListState.tsx', "import { invoiceListPage } from '../features/invoices';\nexport const p = invoiceListPage;\n"),
    ).toHaveLength(1);
    expect(
      await wallErrors('lib/api.ts', "import { AppProviders } from '../app/AppProviders';\nexport const P = AppProviders;\n"),
    ).toHaveLength(1);
    expect(
      await wallErrors(
        'app/pages.tsx',
        "import { InvoiceListPage } from '../features/invoices/InvoiceListPage';\nexport const P = InvoiceListPage;\n",
      ),
    ).toHaveLength(1);
    expect(
      await wallErrors('test/print.tsx', "import { PrintPreviewModal } from '../features/print/PrintPreviewModal';\nexport const M = PrintPreviewModal;\n"),
    ).toHaveLength(1);
  });
});
