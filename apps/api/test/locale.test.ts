import { type Endpoint, endpoints } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { dataOf, errorsOf } from './harness';
import { invoiceBody, line, useInvoiceWorld } from './invoiceFixtures';
import { importFiles, sampleBytes } from './inbox/inboxFixtures';

const world = useInvoiceWorld();

/**
 * Issue 11: only error reasons and the invoice's own document follow the request's language.
 * These GET endpoints are that document (print view, PDF, UBL with the PDF in it, the e-mail
 * composed from the print view), or a search by words of the language typed in (KPD names).
 */
// (the PDFs also carry the moment they were made, so no two are byte for byte the same)
// (the accountant's export: a Croatian CSV has ';' and decimal commas, an English one ',' and points)
const LANGUAGE_DEPENDENT = new Set(['print.view', 'print.pdf', 'print.ubl', 'email.draft', 'kpd.search', 'reports.paymentsPdf', 'reports.rejectionsPdf', 'kpr.pdf', 'reports.export', 'inbox.pdf', 'quote.pdf']);
/** The reads that need a query (the month's payments to report: its CSV is always Croatian; the KPR's year). */
const QUERIES: Record<string, string> = {
  'reports.payments': '?month=2026-11',
  'reports.rejections': '?month=2026-11',
  'reports.paymentsCsv': '?month=2026-11',
  'reports.rejectionsCsv': '?month=2026-11',
  // the KPR and PO-SD of a year (the form is Croatian whatever the reader's language)
  'kpr.ledger': '?year=2026',
  'kpr.csv': '?year=2026',
  'kpr.pdf': '?year=2026',
  'kpr.posd': '?year=2026',
  // a client's advances still to deduct (issue 48)
  'advance.open': '?clientId=1',
};

/** Reads of an outside service, tested against its double (HNB's list: exchangeRate.test.ts). */
const OUTSIDE = new Set(['exchangeRate.get']);

const gets = Object.entries(endpoints).flatMap(([resource, group]) =>
  Object.entries(group as Record<string, Endpoint>)
    .filter(([name, endpoint]) => endpoint.method === 'GET' && !LANGUAGE_DEPENDENT.has(`${resource}.${name}`) && !OUTSIDE.has(`${resource}.${name}`))
    .map(([name, endpoint]) => ({ name: `${resource}.${name}`, endpoint })),
);

describe('answers that do not depend on Accept-Language (issue 11)', () => {
  it('every resource read answers the same in Croatian and English, money and country names included', async () => {
    const { h, token, w } = world;
    // an issued invoice for the German client (country name, amountFormatted) and a draft
    const issued = dataOf<{ id: number }>(await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.de, [line(w.dev, 1234.5, 2)]) }));
    await h.request('POST', '/api/v1/invoice', { token, body: { ...invoiceBody(w.hr, [line(w.rent, 800)]), draft: true } });
    const address = dataOf<{ id: number }[]>(await h.request('GET', '/api/v1/address', { token }))[0]!.id;
    // a received e-invoice with the supplier's own PDF in it (its attachment 1)
    const received = dataOf<{ results: { id: number }[] }>(await importFiles(h, token, [{ name: 'ex2.xml', bytes: sampleBytes('en16931/ubl-tc434-example2.xml') }])).results[0]!.id;
    // and one to pay by HUB-3A (in euro, to a real IBAN)
    const payable = Buffer.from(sampleBytes('hr/eRacun_PDV25.xml').toString('utf8').replace(/(<cac:PayeeFinancialAccount>\s*<cbc:ID>)[^<]*/, '$1HR1210010051863000160'), 'utf8');
    const toPay = dataOf<{ results: { id: number }[] }>(await importFiles(h, token, [{ name: 'pay.xml', bytes: payable }])).results[0]!.id;
    // a quote for the German client (its own document: its PDF is language dependent, its answer is not)
    const quote = dataOf<{ id: number }>(await h.request('POST', '/api/v1/quote', { token, body: { clientId: w.de, quoteDate: '2026-12-01', validUntil: '2026-12-31', lineItems: [line(w.dev, 99)] } }));
    const ids: Record<string, number> = { address, company: w.de, lineItem: w.dev, invoice: issued.id, email: issued.id, inbox: received, 'inbox.paymentCode': toPay, quote: quote.id };

    expect(gets.length).toBeGreaterThan(15);
    for (const { name, endpoint } of gets) {
      const url = endpoint.path.replace(':id', String(ids[name] ?? ids[name.split('.')[0]!] ?? issued.id)).replace(':index', '1') + (QUERIES[name] ?? '');
      const hr = await h.request('GET', url, { token, lang: 'hr' });
      const en = await h.request('GET', url, { token, lang: 'en' });
      expect(hr.statusCode, name).toBeLessThan(300);
      expect(en.body, name).toBe(hr.body);
    }

    // and what they say is Croatian, the language of spec §3's text fields (decision 019)
    const invoice = dataOf<{ amountFormatted: string }>(await h.request('GET', `/api/v1/invoice/${issued.id}`, { token, lang: 'en' }));
    expect(invoice.amountFormatted).toBe('2.469,00\u00a0€');
    const client = dataOf<{ address: { country: string } }>(await h.request('GET', `/api/v1/company/${w.de}`, { token, lang: 'en' }));
    expect(client.address.country).toBe('Njemačka');
  });

  it('write verbs answer the same whatever the language (they took one until issue 11)', async () => {
    const { h, token } = world;
    const body = { address1: 'Hauptstraße 1', city: 'Wien', zip: '1010', countryCode: 'AT' };
    const hr = dataOf<{ id: number; country: string }>(await h.request('POST', '/api/v1/address', { token, body, lang: 'hr' }));
    const en = dataOf<{ id: number; country: string }>(await h.request('POST', '/api/v1/address', { token, body, lang: 'en' }));
    expect({ ...en, id: hr.id }).toEqual(hr);
    expect(en.country).toBe('Austrija');
    const issuer = dataOf<Record<string, unknown>>(await h.request('GET', '/api/v1/settings/issuer', { token }));
    const { vatNumber: _vat, premisesCode: _p, deviceCode: _d, ...input } = issuer as Record<string, unknown> & { address: Record<string, unknown> };
    const saved = async (lang: string) => {
      const res = await h.request('PUT', '/api/v1/settings/issuer', { token, lang, body: { ...input, address: { ...(input.address as object), id: undefined, country: undefined } } });
      expect(res.statusCode, res.body).toBe(200);
      return res.body;
    };
    expect(await saved('en')).toBe(await saved('hr'));
  });

  it('error reasons stay in the request language, without the field label before them', async () => {
    const { h, token } = world;
    const refused = (lang: string) => h.request('POST', '/api/v1/company', { token, lang, body: { name: '', email: 'nope' } });
    const hr = errorsOf(await refused('hr'));
    const en = errorsOf(await refused('en'));
    expect(hr.find((e) => e.field === 'email')).toEqual({ field: 'email', code: 'validation', reason: 'Unesite ispravnu e-mail adresu' });
    expect(en.find((e) => e.field === 'email')).toEqual({ field: 'email', code: 'validation', reason: 'Enter a valid e-mail address' });
    expect(en.find((e) => e.field === 'name')?.reason).toBe('This field is required');
  });
});
