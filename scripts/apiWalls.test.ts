/**
 * The walls between the API's modules (issue 11) fail `npm run lint`: each case lints a real file's
 * path with the repository's own ESLint configuration and a line that crosses a wall (or keeps to
 * it), as `npm run lint` would if the file held that line. The same holds SQL in repositories and
 * repositories inside their module (decision 021), and the tree as it is keeps to every wall.
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

/** The SQL and repository-wall errors ESLint reports for `code` placed in `file` (relative to apps/api). */
async function sqlErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, 'apps/api', file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const DB = "import type { Db } from '../../db/connection';\n";

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

describe('SQL only in repositories, repositories only inside their module', () => {
  it('a statement in a service fails, in its repository it passes, on a transaction too', async () => {
    const select = `${DB}export const f = (db: Db) => db.selectFrom('company').selectAll().execute();\n`;
    expect(await sqlErrors('src/modules/company/company.service.ts', select)).toEqual([expect.stringContaining('SQL lives in a repository')]);
    expect(await sqlErrors('src/modules/company/company.repository.ts', select)).toEqual([]);
    const write = `${DB}export const f = (trx: Db) => trx.updateTable('invoice').set({ state: 'DRAFT' }).execute();\n`;
    expect(await sqlErrors('src/modules/invoice/invoice.queries.ts', write)).toHaveLength(1);
    expect(await sqlErrors('src/modules/invoice/print/sources.ts', `import type { Db } from '../../../db/connection';\nexport const f = (db: Db) => db.deleteFrom('invoice').execute();\n`)).toHaveLength(1);
    expect(await sqlErrors('src/modules/invoice/invoice.listing.repository.ts', write)).toEqual([]);
  });

  it("kysely's sql tag fails outside repositories and db/; http/ and the routes are held too", async () => {
    const ping = `import { sql } from 'kysely';\n${DB}export const f = (db: Db) => sql\`select 1\`.execute(db);\n`;
    expect(await sqlErrors('src/modules/health/health.routes.ts', ping)).toEqual([
      expect.stringContaining('SQL lives in a repository'),
      expect.stringContaining('SQL lives in a repository'),
    ]);
    expect(await sqlErrors('src/modules/health/health.repository.ts', ping)).toEqual([]);
    expect(await sqlErrors('src/db/dialect.ts', ping.replace('../../db/connection', './connection'))).toEqual([]);
    const claim = "import type { Db } from '../db/connection';\nexport const f = (db: Db) => db.insertInto('idempotency_key').values({} as never).execute();\n";
    expect(await sqlErrors('src/http/idempotency.ts', claim)).toHaveLength(1);
    expect(await sqlErrors('src/http/idempotency.repository.ts', claim)).toEqual([]);
  });

  it("a module's index.ts exporting from its repository fails; its services' verbs pass", async () => {
    expect(await sqlErrors('src/modules/address/index.ts', "export { findAddress } from './address.repository';\n")).toEqual([
      expect.stringContaining('stays private to its module'),
    ]);
    expect(await sqlErrors('src/modules/address/index.ts', "export type { AddressRow } from './address.repository';\n")).toHaveLength(1);
    expect(
      await sqlErrors('src/modules/address/index.ts', "import { findAddress } from './address.repository';\nexport const find = findAddress;\n"),
    ).toEqual([expect.stringContaining('never its repository')]);
    // nor through a service that passes a repository function on
    expect(await sqlErrors('src/modules/address/address.service.ts', "export { findAddress } from './address.repository';\n")).toHaveLength(1);
    expect(await sqlErrors('src/modules/address/index.ts', "export { addressById, createAddress } from './address.service';\n")).toEqual([]);
  });

  it('the API as it is keeps to every wall', async () => {
    // the walls' two rules alone, without type information (which they do not use): seconds, not half a minute
    const walls = new ESLint({
      cwd: ROOT,
      ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax' || ruleId === 'no-restricted-imports',
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    });
    const results = await walls.lintFiles(['apps/api/src']);
    const breaches = results.flatMap((r) =>
      r.messages
        .filter((m) => m.ruleId === 'no-restricted-syntax' || m.ruleId === 'no-restricted-imports')
        .map((m) => `${path.relative(ROOT, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(results.length).toBeGreaterThan(50);
    expect(breaches).toEqual([]);
  });
});
