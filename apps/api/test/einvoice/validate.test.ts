import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadValidators, ruleIds, validateEInvoice } from './validate';

const examples = path.join(path.dirname(fileURLToPath(import.meta.url)), 'examples');
const sample = (name: string) => fs.readFileSync(path.join(examples, name), 'utf8');

describe('e-invoice validation harness', () => {
  // the first run compiles both XSLTs to SEF (tens of seconds on a busy machine); later runs load the cache
  beforeAll(() => loadValidators(), 300_000);

  it.each(['eRacun_PDV25_valid.xml', 'Odobrenje_valid.xml'])('the valid Tax Administration sample %s passes all three layers', async (name) => {
    expect(await validateEInvoice(sample(name))).toEqual({ xsd: [], en16931: [], hrCius: [] });
  });

  it('a wrong payable amount is caught by EN 16931 (BR-CO-16)', async () => {
    const xml = sample('eRacun_PDV25_valid.xml');
    const broken = xml.replace('<cbc:PayableAmount currencyID="EUR">125.00<', '<cbc:PayableAmount currencyID="EUR">126.00<');
    expect(broken).not.toBe(xml);
    const report = await validateEInvoice(broken);
    expect(ruleIds(report.en16931)).toContain('BR-CO-16');
    expect(report.xsd).toEqual([]);
  });

  it('a schema violation is caught by the XSD layer', async () => {
    const broken = sample('eRacun_PDV25_valid.xml').replace('<cbc:IssueDate>2026-01-15</cbc:IssueDate>', '<cbc:IssueDate>15.01.2026.</cbc:IssueDate>');
    const report = await validateEInvoice(broken);
    expect(report.xsd.join('\n')).toMatch(/IssueDate/);
    // the schematron cannot evaluate its date rules on it either: reported, not thrown
    expect(report.hrCius.join('\n')).toMatch(/^XSLT-ERROR: .*xs:date/);
  });

  it('a Croatian rule is caught by the HR CIUS layer (operator OIB, HR-BR-9)', async () => {
    const broken = sample('eRacun_PDV25_valid.xml').replace('<cbc:ID>12345678903</cbc:ID>', '<cbc:ID>12345678901</cbc:ID>');
    const report = await validateEInvoice(broken);
    expect(ruleIds(report.hrCius)).toEqual(['HR-BR-9']);
    expect(report.en16931).toEqual([]);
  });
});
