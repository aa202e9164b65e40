import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePending } from '../../src/modules/inbox';
import { EInvoiceValidator } from '../../src/modules/validation';
import { dataOf } from '../harness';
import { useInvoiceWorld } from '../invoiceFixtures';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';
import { validateEInvoice } from '../einvoice/validate';

/**
 * Issue 46, "Checked": every received document is validated on the three official layers by the
 * server's own worker thread (decision 036), the outcome stored and shown; one with errors is kept
 * all the same.
 */
const world = useInvoiceWorld();
const validator = new EInvoiceValidator();
afterAll(() => validator.close());
// the first run on a machine compiles the two stylesheets (20-50 s); later runs read the cache
beforeAll(() => validateEInvoice('<x/>'), 180_000);

interface Validation {
  validation: string;
  validationReport: { status: string; xsd: string[]; en16931: string[]; hrCius: string[]; checkedAt: string | null };
}

describe('validation of received e-invoices', () => {
  it('a valid one reads VALID, a broken one INVALID with each failed rule named, and both stay kept', async () => {
    const { h, token } = world;
    const valid = sampleBytes('valid/eRacun_PDV25_valid.xml');
    // the same e-invoice with its total changed: BR-CO-15 (total = net + VAT) fails, and no KPD code on a line (HR-BR-25)
    const broken = Buffer.from(
      addressedTo(valid, '69814562369', 'BROKEN-1')
        .toString('utf8')
        .replace(/<cbc:TaxInclusiveAmount currencyID="EUR">[^<]*</, '<cbc:TaxInclusiveAmount currencyID="EUR">1.00<')
        .replace(/<cac:CommodityClassification>[\s\S]*?<\/cac:CommodityClassification>/, ''),
      'utf8',
    );
    const notUbl = Buffer.from(valid.toString('utf8').replace('<cbc:IssueDate>', '<cbc:Unknown>x</cbc:Unknown><cbc:IssueDate>'), 'utf8');
    const answer = dataOf<{ results: { id: number; outcome: string }[] }>(
      await importFiles(h, token, [
        { name: 'valid.xml', bytes: valid },
        { name: 'broken.xml', bytes: broken },
        { name: 'schema.xml', bytes: addressedTo(notUbl, '69814562369', 'SCHEMA-1') },
      ]),
    );
    expect(answer.results.map((r) => r.outcome)).toEqual(['IMPORTED', 'IMPORTED', 'IMPORTED']);
    const [validId, brokenId, schemaId] = answer.results.map((r) => r.id);
    const before = dataOf<Validation>(await h.request('GET', `/api/v1/inbox/${validId}`, { token }));
    expect(before.validation).toBe('PENDING');

    // the server's worker thread, as the queue runs it after an import
    expect(await validatePending({ db: h.db, validator })).toBe(3);

    const shown = async (id: number | undefined) => dataOf<Validation>(await h.request('GET', `/api/v1/inbox/${id}`, { token }));
    const ok = await shown(validId);
    expect(ok.validation).toBe('VALID');
    expect(ok.validationReport).toMatchObject({ status: 'VALID', xsd: [], en16931: [], hrCius: [] });
    expect(ok.validationReport.checkedAt).not.toBeNull();

    const bad = await shown(brokenId);
    expect(bad.validation).toBe('INVALID');
    expect(bad.validationReport.xsd).toEqual([]);
    expect(bad.validationReport.en16931.some((f) => f.startsWith('BR-CO-15'))).toBe(true);
    expect(bad.validationReport.hrCius.length).toBeGreaterThan(0);

    const schema = await shown(schemaId);
    expect(schema.validation).toBe('INVALID');
    expect(schema.validationReport.xsd.join(' ')).toMatch(/Unknown/);

    // what the worker found is what the tests' own validator finds
    expect(bad.validationReport).toMatchObject(await validateEInvoice(broken.toString('utf8')));
    // nothing left to check; a second round changes nothing
    expect(await validatePending({ db: h.db, validator })).toBe(0);
    const list = (await h.request('GET', '/api/v1/inbox?pageSize=200', { token })).json<{ data: { id: number; validation: string }[] }>();
    expect(list.data.find((r) => r.id === brokenId)?.validation).toBe('INVALID');
  }, 120_000);

  it('a checker that fails on a document leaves it pending and goes on with the others', async () => {
    const { h, token } = world;
    const ids = dataOf<{ results: { id: number }[] }>(
      await importFiles(h, token, [
        { name: 'one.xml', bytes: addressedTo(sampleBytes('valid/eRacun_PDV25_valid.xml'), '69814562369', 'FAILS-1') },
        { name: 'two.xml', bytes: addressedTo(sampleBytes('valid/eRacun_PDV25_valid.xml'), '69814562369', 'FAILS-2') },
      ]),
    ).results.map((r) => r.id);
    const flaky = {
      validate: (xml: string) => (xml.includes('FAILS-1') ? Promise.reject(new Error('worker died')) : validator.validate(xml)),
    };
    const skip = new Set<number>();
    await expect(validatePending({ db: h.db, validator: flaky }, skip)).rejects.toThrow('worker died');
    expect(await validatePending({ db: h.db, validator: flaky }, skip)).toBe(1);
    const status = async (id: number | undefined) => dataOf<Validation>(await h.request('GET', `/api/v1/inbox/${id}`, { token })).validation;
    expect([await status(ids[0]), await status(ids[1])]).toEqual(['PENDING', 'VALID']);
  }, 60_000);
});
