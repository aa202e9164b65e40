import zlib from 'node:zlib';
import { type Invoice, computeTotals } from '@faktura/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Harness, dataOf, errorsOf } from '../harness';
import { type InvoiceWorld, invoiceBody, line, today, useInvoiceWorld } from '../invoiceFixtures';
import { loadValidators, validateEInvoice } from './validate';

let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ ready: (world) => ({ h, token, w } = world) });
beforeAll(() => loadValidators(), 300_000);

const OPERATOR_OIB = '24680135792';
const ubl = (id: number, lang?: string) => h.request('GET', `/api/v1/invoice/${id}/ubl`, { token, ...(lang ? { lang } : {}) });
const create = async (clientId: number, lines: unknown[], extra: Record<string, unknown> = {}) => {
  const res = await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(clientId, lines, { billingDate: today, deliveryDate: today, ...extra }) });
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; number: string | null }>(res);
};
const detail = async (id: number) => dataOf<Invoice>(await h.request('GET', `/api/v1/invoice/${id}`, { token }));
const setOperatorOib = (oib: string | null) => h.db.updateTable('operator').set({ oib }).where('id', '=', 1).execute();
const tag = (xml: string, name: string) => new RegExp(`<${name}(?: [^>]*)?>([^<]*)</${name}>`).exec(xml)?.[1];

/** 10 h of development (25 %, 10 % off) and a month of rent (13 %), each with its KPD code. */
const lines = () => [
  line(w.dev, 45, 10, { description: 'Razvoj softvera', discountPercent: 10, kpdCode: '62.10.11' }),
  line(w.rent, 800, 1, { description: 'Najam prostora', unit: 'SINGLE', vatRate: 13, kpdCode: '68.20.02' }),
];

describe('GET /api/v1/invoice/{id}/ubl', () => {
  it('answers 409 for a draft, 404 for an unknown invoice and 401 without a token', async () => {
    const draft = await create(w.hr, lines(), { draft: true });
    expect(draft.number).toBeNull();
    const res = await ubl(draft.id, 'en');
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)).toEqual([{ code: 'einvoiceDraft', reason: 'An e-invoice exists only for an issued invoice or credit note' }]);
    expect((await ubl(999_999)).statusCode).toBe(404);
    expect((await h.request('GET', `/api/v1/invoice/${draft.id}/ubl`)).statusCode).toBe(401);
  });

  it('refuses to issue an e-invoice while the operator has no OIB (HR-BR-9), saying where to enter it, and keeps the draft', async () => {
    await setOperatorOib(null);
    try {
      const refused = await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, lines(), { deliveryDate: today }) });
      expect(refused.statusCode).toBe(409);
      expect(errorsOf(refused)[0]).toMatchObject({ code: 'issueOperatorOib' });
      expect(errorsOf(refused)[0]?.reason).toMatch(/^Operater Ana Operater nema upisan OIB.*Postavkama > Općenito > Vaš korisnički račun/);
      const draft = await create(w.hr, lines(), { draft: true });
      const issue = (lang: string) => h.request('POST', `/api/v1/invoice/${draft.id}/issue`, { token, lang });
      const english = await issue('en');
      expect(english.statusCode).toBe(409);
      expect(errorsOf(english)[0]?.reason).toMatch(/^Operator Ana Operater has no TIN \(OIB\).*Settings > General > Your account/);
      expect((await detail(draft.id)).state).toBe('DRAFT');
      // a client who gets no e-invoice (abroad) is invoiced as before
      expect((await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.de, lines(), { deliveryDate: today }) })).statusCode).toBe(201);
      await setOperatorOib(OPERATOR_OIB);
      expect((await issue('hr')).statusCode).toBe(200);
    } finally {
      await setOperatorOib(OPERATOR_OIB);
    }
  });

  it('serves an issued invoice as a valid Croatian e-invoice with its PDF embedded', async () => {
    await setOperatorOib(OPERATOR_OIB);
    const invoice = await create(w.hr, lines());
    const stored = await detail(invoice.id);
    const res = await ubl(invoice.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const file = `${invoice.number?.replace(/\//g, '-')}.xml`;
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}"; filename*=UTF-8''${file}`);

    const xml = res.body;
    expect(await validateEInvoice(xml)).toEqual({ xsd: [], en16931: [], hrCius: [] });
    expect(tag(xml, 'cbc:ID')).toBe(invoice.number);
    expect(tag(xml, 'cbc:IssueTime')).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const totals = computeTotals([
      { priceCents: 4_500, quantityMilli: 10_000, discountBp: 1_000, vatRateBp: 2_500 },
      { priceCents: 80_000, quantityMilli: 1_000, discountBp: 0, vatRateBp: 1_300 },
    ]);
    expect(stored.totalCents).toBe(totals.totalCents);
    expect(tag(xml, 'cbc:PayableAmount')).toBe((totals.totalCents / 100).toFixed(2));
    expect(tag(xml, 'cbc:PaymentID')).toBe(`HR00 ${invoice.number?.split('/')[0]}-${today.slice(0, 4)}`);
    expect(xml).toMatch(new RegExp(`<cac:SellerContact>\\s*<cbc:ID>${OPERATOR_OIB}</cbc:ID>\\s*<cbc:Name>Ana Operater</cbc:Name>`));
    const pdf = Buffer.from(tag(xml, 'cbc:EmbeddedDocumentBinaryObject') ?? '', 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(5_000);
    // the very file the PDF download gives, byte for byte
    expect(pdf.equals((await h.request('GET', `/api/v1/invoice/${invoice.id}/pdf`, { token })).rawPayload)).toBe(true);

    // compressed for a client that accepts it (at the fastest levels: base64 shrinks by a third at any),
    // packed whole, so its length is known (no chunked answer); the same document unpacked
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
      ['x-gzip', 'gzip', zlib.gunzipSync],
      ['br;q=0.5, gzip;q=1', 'gzip', zlib.gunzipSync],
    ] as const) {
      const packed = await h.request('GET', `/api/v1/invoice/${invoice.id}/ubl`, { token, headers: { 'accept-encoding': accepted } });
      expect(packed.statusCode).toBe(200);
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toBe('accept-encoding');
      expect(Number(packed.headers['content-length'])).toBe(packed.rawPayload.length);
      expect(packed.rawPayload.length).toBeLessThan(res.rawPayload.length * 0.8);
      expect(decode(packed.rawPayload).toString('utf8')).toBe(xml);
    }
    // a client that accepts neither, or asks for none, gets it as it is
    for (const accepted of ['identity', 'deflate', undefined]) {
      const plain = await h.request('GET', `/api/v1/invoice/${invoice.id}/ubl`, { token, headers: accepted ? { 'accept-encoding': accepted } : {} });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toBe('accept-encoding');
      expect(plain.body).toBe(xml);
    }
  });

  it('serves a partial credit note as a CreditNote that refers to its invoice', async () => {
    const invoice = await create(w.hr, lines());
    const original = await detail(invoice.id);
    const devLine = original.lineItems[0];
    const res = await h.request('POST', `/api/v1/invoice/${invoice.id}/credit-note`, {
      token,
      body: { reason: 'Reklamacija: 2,5 sata', lines: [{ lineId: devLine?.lineId, quantity: 2.5 }] },
    });
    expect(res.statusCode).toBe(201);
    const note = dataOf<{ id: number; number: string }>(res);
    const xml = (await ubl(note.id)).body;
    expect(await validateEInvoice(xml)).toEqual({ xsd: [], en16931: [], hrCius: [] });
    expect(xml).toMatch(/^<\?xml[^>]*>\s*<CreditNote /);
    expect(tag(xml, 'cbc:ID')).toBe(note.number);
    expect(tag(xml, 'cbc:Note')).toBe('Reklamacija: 2,5 sata');
    expect(xml).toMatch(
      new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${invoice.number}</cbc:ID>\\s*<cbc:IssueDate>${original.billingDate}</cbc:IssueDate>`),
    );
    // 2.5 h × 45.00 − 10 % = 101.25, + 25 % VAT 25.31: stored negative, stated positive
    expect(tag(xml, 'cbc:CreditedQuantity')).toBe('2.500');
    expect(tag(xml, 'cbc:PayableAmount')).toBe('126.56');
    expect((await detail(note.id)).totalCents).toBe(-12_656);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await h.request('GET', '/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toContain('/api/v1/invoice/{id}/ubl');
  });

  it('a reverse-charge invoice to the German client passes too', async () => {
    const invoice = await create(w.de, [line(w.dev, 45, 8, { description: 'Razvoj softvera', descriptionEn: 'Software development', kpdCode: '62.10.11' })]);
    const res = await ubl(invoice.id, 'en');
    expect(res.statusCode).toBe(200);
    expect(await validateEInvoice(res.body)).toEqual({ xsd: [], en16931: [], hrCius: [] });
    expect(res.body).toContain('<cbc:CompanyID>DE811907980</cbc:CompanyID>');
  });

  it("writes an English invoice's texts in English, as its PDF: item names and the VAT exemption reason; its credit note too (issue 31)", async () => {
    const invoice = await create(w.de, [
      line(w.dev, 45, 8, { description: 'Razvoj softvera', descriptionEn: 'Software development', discountPercent: 10, kpdCode: '62.10.11' }),
      // a line without an English name keeps its Croatian one, as the printout does
      line(w.rent, 800, 1, { description: 'Najam prostora', descriptionEn: null, unit: 'SINGLE', kpdCode: '68.20.02' }),
    ]);
    const names = (xml: string) => [...xml.matchAll(/<cac:Item>\s*(?:<cbc:Description>([^<]*)<\/cbc:Description>\s*)?<cbc:Name>([^<]*)<\/cbc:Name>/g)].map((m) => [m[2], m[1] ?? null]);
    const english = (await ubl(invoice.id, 'en')).body;
    expect(await validateEInvoice(english)).toEqual({ xsd: [], en16931: [], hrCius: [] });
    expect(names(english)).toEqual([['Software development', null], ['Najam prostora', null]]);
    expect(tag(english, 'cbc:TaxExemptionReason')).toBe('Reverse charge – VAT to be accounted for by the recipient (Article 196 of Council Directive 2006/112/EC).');
    expect(tag(english, 'cbc:AllowanceChargeReason')).toBe('Discount');
    expect(english).not.toContain('Razvoj softvera');
    // the same invoice asked for in Croatian: Croatian texts, the English name beside as before
    const croatian = (await ubl(invoice.id, 'hr')).body;
    expect(await validateEInvoice(croatian)).toEqual({ xsd: [], en16931: [], hrCius: [] });
    expect(names(croatian)).toEqual([['Razvoj softvera', 'Software development'], ['Najam prostora', null]]);
    expect(tag(croatian, 'cbc:TaxExemptionReason')).toMatch(/^Prijenos porezne obveze/);
    expect(tag(croatian, 'cbc:AllowanceChargeReason')).toBe('Popust');

    const devLine = (await detail(invoice.id)).lineItems[0]!;
    const res = await h.request('POST', `/api/v1/invoice/${invoice.id}/credit-note`, {
      token,
      body: { reason: 'Two hours less', lines: [{ lineId: devLine.lineId, quantity: 2 }] },
    });
    expect(res.statusCode).toBe(201);
    const note = (await ubl(dataOf<{ id: number }>(res).id, 'en')).body;
    expect(await validateEInvoice(note)).toEqual({ xsd: [], en16931: [], hrCius: [] });
    expect(note).toMatch(/^<\?xml[^>]*>\s*<CreditNote /);
    expect(names(note)).toEqual([['Software development', null]]);
    expect(tag(note, 'cbc:TaxExemptionReason')).toMatch(/^Reverse charge/);
    expect(tag(note, 'cbc:Note')).toBe('Two hours less');
  });

  it('keeps a Croatian client\'s e-invoice in Croatian whatever language is asked', async () => {
    const invoice = await create(w.hr, [line(w.dev, 45, 1, { description: 'Razvoj softvera', descriptionEn: 'Software development', kpdCode: '62.10.11' })]);
    const xml = (await ubl(invoice.id, 'en')).body;
    expect(xml).toMatch(/<cbc:Description>Software development<\/cbc:Description>\s*<cbc:Name>Razvoj softvera<\/cbc:Name>/);
    expect(xml).toBe((await ubl(invoice.id, 'hr')).body);
  });
});
