import type { Company, Invoice, PrintView } from '@faktura/shared';
import { sampleClientInput } from '@faktura/shared/samples';
import { beforeAll, describe, expect, it } from 'vitest';
import { issueReportKind } from '../src/modules/fiscalization/outbox';
import { fiscalizeWithTestCertificate } from './fiscalization/selfFiscalizing';
import { dataOf, errorsOf } from './harness';
import { invoiceBody, line, today, useInvoiceWorld } from './invoiceFixtures';

/**
 * Private persons as clients (issue 30, decision 031): a client is a business or a private person; a
 * private person has a name, an address and optionally an OIB, no VAT number, never an e-invoice, and
 * every document to them keeps that kind in its snapshot.
 */
const world = useInvoiceWorld({ operatorOib: '24680135792' });
// a private person's invoices are issued only while Faktura fiscalizes (decision 031); no round of the outbox runs here
beforeAll(() => fiscalizeWithTestCertificate(world.h, world.token), 120_000);

const OIB = '54702138609';
const rijeka = { address1: 'Ulica Matije Gupca 7', address2: null, city: 'Rijeka', zip: '51000', state: null, countryCode: 'HR' };
const graz = { address1: 'Herrengasse 3', address2: null, city: 'Graz', zip: '8010', state: null, countryCode: 'AT' };
const person = (extra: Record<string, unknown> = {}) => ({
  kind: 'CONSUMER', name: 'Marija Kovačević', email: 'marija@posta.example', pin: OIB, phone: null, note: null,
  bankAccountNumber: null, contracts: [], address: rijeka, ...extra,
});
const create = (body: unknown, lang = 'en') => world.h.request('POST', '/api/v1/company', { token: world.token, body, lang });
const update = (id: number, body: unknown, lang = 'en') => world.h.request('PUT', `/api/v1/company/${id}`, { token: world.token, body, lang });
const created = async (body: unknown) => {
  const res = await create(body);
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<Company>(res);
};
const invoiceOf = async (id: number) => dataOf<Invoice>(await world.h.request('GET', `/api/v1/invoice/${id}`, { token: world.token }));
const newInvoice = async (clientId: number, extra: Record<string, unknown> = {}) => {
  const { h, token, w } = world;
  // no KPD code: a private person gets no e-invoice, so none is needed (HR-BR-25 is the e-invoice's)
  const body = invoiceBody(clientId, [line(w.dev, 45, 2, { kpdCode: null })], { deliveryDate: today, servicePeriod: null, ...extra });
  const res = await h.request('POST', '/api/v1/invoice', { token, body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number; number: string | null }>(res);
};
const stored = (id: number) =>
  world.h.db.selectFrom('invoice').select(['id', 'document_type', 'client_snapshot', 'issuer_snapshot', 'billing_date', 'payment_method']).where('id', '=', id).executeTakeFirstOrThrow();

describe('a private person as a client', () => {
  it('is created with a name, an address and an OIB: no VAT number, no e-invoices, listed with its kind', async () => {
    const res = await create(person({ pin: `HR${OIB}`, receivesEInvoices: true }));
    expect(res.statusCode).toBe(201);
    const client = dataOf<Company>(res);
    // the OIB kept as its eleven digits; true sent for the e-invoice mark is ignored, not refused
    expect(client).toMatchObject({ kind: 'CONSUMER', name: 'Marija Kovačević', pin: OIB, vatNumber: null, receivesEInvoices: false });
    const listed = dataOf<Company[]>(await world.h.request('GET', '/api/v1/company', { token: world.token }));
    expect(listed.find((c) => c.id === client.id)).toMatchObject({ kind: 'CONSUMER', vatNumber: null, receivesEInvoices: false });
    // a business stays the default, as before kinds existed
    expect((await created(sampleClientInput('domesticSmall', { kind: undefined }))).kind).toBe('BUSINESS');
  });

  it('needs no OIB, in Croatia or abroad; the e-invoice mark is ignored for them, also abroad', async () => {
    expect(await created(person({ pin: null }))).toMatchObject({ kind: 'CONSUMER', pin: null, vatNumber: null });
    const abroad = await created(person({ name: 'Anna Gruber', pin: null, address: graz, receivesEInvoices: false }));
    expect(abroad).toMatchObject({ kind: 'CONSUMER', pin: null, vatNumber: null, receivesEInvoices: false });
    // a foreigner with a Croatian OIB (owning a flat on the coast) may give it
    expect(await created(person({ name: 'Hans Huber', address: graz }))).toMatchObject({ pin: OIB, vatNumber: null });
  });

  it('refuses an OIB that is not one, with the field, in both languages, storing nothing', async () => {
    const before = dataOf<Company[]>(await world.h.request('GET', '/api/v1/company', { token: world.token })).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [person({ pin: '54702138600' }), 'en', 'For a private person enter only a TIN (OIB: 11 digits with a valid check digit) or leave it empty'],
      [person({ pin: '54702138600' }), 'hr', 'Za privatnu osobu upišite samo OIB (11 znamenki s ispravnom kontrolnom znamenkom) ili ostavite polje prazno'],
      // a foreign tax or VAT number is a business's: a private person abroad has none on an invoice
      [person({ pin: 'ATU12345678', address: graz }), 'en', 'For a private person enter only a TIN (OIB: 11 digits with a valid check digit) or leave it empty'],
      [person({ tin: '123' }), 'en', 'For a private person enter only a TIN (OIB: 11 digits with a valid check digit) or leave it empty'],
    ];
    for (const [body, lang, reason] of cases) {
      const res = await create(body, lang);
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res)).toEqual([{ code: 'validation', field: 'pin', reason }]);
    }
    expect(dataOf<Company[]>(await world.h.request('GET', '/api/v1/company', { token: world.token }))).toHaveLength(before);
    const unknownKind = await create(person({ kind: 'PERSON' }));
    expect(unknownKind.statusCode).toBe(400);
    expect(errorsOf(unknownKind)[0]).toMatchObject({ field: 'kind' });
  });

  it('keeps its kind on an update without one; a change of kind is allowed, checked and audited', async () => {
    const client = await created(person());
    const body = { email: 'nova@posta.example', pin: OIB, phone: '+385 91 000 0000', contracts: [] };
    const kept = dataOf<Company>(await update(client.id, body));
    expect(kept).toMatchObject({ kind: 'CONSUMER', email: 'nova@posta.example', vatNumber: null, receivesEInvoices: false });

    // made a business (entered by mistake as a person): the OIB becomes its VAT number, e-invoices on
    const business = dataOf<Company>(await update(client.id, { ...body, kind: 'BUSINESS' }));
    expect(business).toMatchObject({ kind: 'BUSINESS', vatNumber: `HR${OIB}`, receivesEInvoices: true });
    const audit = await world.h.db.selectFrom('audit_log').select('details').where('action', '=', 'client.changed').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    const changes = (JSON.parse(audit.details) as { changes: Record<string, unknown> }).changes;
    expect(changes.kind).toEqual({ from: 'CONSUMER', to: 'BUSINESS' });
    expect(changes.receivesEInvoices).toEqual({ from: false, to: true });

    // back to a person: the pin must then be an OIB, checked against the kind it is becoming
    const refused = await update(client.id, { ...body, kind: 'CONSUMER', pin: '12345' }, 'hr');
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused)[0]).toMatchObject({ field: 'pin', code: 'validation' });
    expect(dataOf<Company>(await world.h.request('GET', `/api/v1/company/${client.id}`, { token: world.token })).kind).toBe('BUSINESS');
    expect(dataOf<Company>(await update(client.id, { ...body, kind: 'CONSUMER', receivesEInvoices: false }))).toMatchObject({
      kind: 'CONSUMER', receivesEInvoices: false,
    });
    // a business marked "no e-invoices" that becomes a person and a business again keeps its mark
    const marked = await created({ ...sampleClientInput('domesticSmall'), receivesEInvoices: false });
    const bodyOf = { email: marked.email, pin: marked.pin, contracts: [] };
    await update(marked.id, { ...bodyOf, kind: 'CONSUMER', pin: null });
    expect(dataOf<Company>(await update(marked.id, { ...bodyOf, kind: 'BUSINESS' })).receivesEInvoices).toBe(false);
  });
});

describe('an invoice to a private person', () => {
  it('freezes the kind at issue, has no e-invoice, needs no KPD, and is never reverse charged', async () => {
    const client = await created(person());
    // issued by bank transfer
    const issued = await newInvoice(client.id);
    expect(issued.number).not.toBeNull();
    const detail = await invoiceOf(issued.id);
    expect(detail).toMatchObject({ clientKind: 'CONSUMER', eInvoice: false, vatTreatment: 'DOMESTIC', paymentMethod: 'WIRE' });
    const row = await stored(issued.id);
    expect(JSON.parse(row.client_snapshot ?? '{}')).toMatchObject({ kind: 'CONSUMER', pin: OIB });
    // fiscalized as a receipt (ZKI and JIR), neither as an e-invoice nor as a supply without one
    expect(issueReportKind(row)).toBe('RACUN');

    // made a business afterwards: the issued invoice stays a private person's
    await update(client.id, { email: client.email, pin: OIB, contracts: [], kind: 'BUSINESS' });
    expect(await invoiceOf(issued.id)).toMatchObject({ clientKind: 'CONSUMER', eInvoice: false });
    const later = await newInvoice(client.id, { draft: true });
    expect(await invoiceOf(later.id)).toMatchObject({ clientKind: 'BUSINESS', eInvoice: true });

    // an EU private person with an OIB pays Croatian VAT: the OIB is no VAT number
    const austrian = await created(person({ name: 'Anna Gruber', address: graz }));
    expect((await invoiceOf((await newInvoice(austrian.id, { draft: true })).id)).vatTreatment).toBe('DOMESTIC');
  });

  it('is a business\'s as ever for a snapshot without a kind, and a Croatian business\'s is still an e-invoice', async () => {
    const issued = await newInvoice(world.w.hr, { lineItems: [line(world.w.dev, 45, 1)] });
    const row = await stored(issued.id);
    expect(issueReportKind(row)).toBe('ERACUN');
    const { kind: _kind, ...older } = JSON.parse(row.client_snapshot ?? '{}') as Record<string, unknown>;
    expect(issueReportKind({ ...row, client_snapshot: JSON.stringify(older) })).toBe('ERACUN');
    expect(issueReportKind({ ...row, client_snapshot: JSON.stringify({ ...older, kind: 'CONSUMER' }) })).toBe('RACUN');
  });

  it('refuses the e-invoice download of the invoice and its credit note, in the asked language', async () => {
    const { h, token } = world;
    const client = await created(person({ name: 'Ivan Horvat' }));
    const issued = await newInvoice(client.id);
    const en = await h.request('GET', `/api/v1/invoice/${issued.id}/ubl`, { token, lang: 'en' });
    expect(en.statusCode).toBe(409);
    expect(errorsOf(en)).toEqual([
      { code: 'einvoiceConsumer', reason: 'An invoice to a private person has no e-invoice: it is fiscalized (ZKI and JIR); send it to the client as a PDF' },
    ]);
    const hr = await h.request('GET', `/api/v1/invoice/${issued.id}/ubl`, { token, lang: 'hr' });
    expect(errorsOf(hr)[0]?.reason).toBe('Račun privatnoj osobi nema e-račun: fiskalizira se (ZKI i JIR), a klijentu ga pošaljite kao PDF');
    expect(await h.db.selectFrom('audit_log').select('seq').where('action', '=', 'einvoice.exported').where('invoice_id', '=', issued.id).execute()).toEqual([]);

    const note = await h.request('POST', `/api/v1/invoice/${issued.id}/credit-note`, { token, body: { reason: 'Storno' } });
    expect(note.statusCode).toBe(201);
    const noteId = dataOf<{ id: number }>(note).id;
    expect(await invoiceOf(noteId)).toMatchObject({ clientKind: 'CONSUMER', eInvoice: false });
    expect((await h.request('GET', `/api/v1/invoice/${noteId}/ubl`, { token })).statusCode).toBe(409);

    // the printout names the person by OIB, without a VAT number; the PDF is there as ever
    const view = dataOf<PrintView>(await h.request('GET', `/screen/v1/invoice/print/${issued.id}`, { token }));
    expect(view.client).toMatchObject({ kind: 'CONSUMER', pin: OIB, vatNumber: null });
    expect((await h.request('GET', `/api/v1/invoice/${issued.id}/pdf`, { token })).statusCode).toBe(200);
    // a business's e-invoice is still served
    const business = await newInvoice(world.w.hr, { lineItems: [line(world.w.dev, 45, 1)] });
    expect((await h.request('GET', `/api/v1/invoice/${business.id}/ubl`, { token })).statusCode).toBe(200);
  });

  it('offers the e-mail with the PDF alone, no e-invoice XML', async () => {
    const { h, token } = world;
    const client = await created(person({ name: 'Petra Babić' }));
    const issued = await newInvoice(client.id);
    const draft = dataOf<{ attachments: string[] }>(await h.request('GET', `/api/v1/invoice/${issued.id}/email/draft`, { token }));
    expect(draft.attachments).toHaveLength(1);
    expect(draft.attachments[0]).toMatch(/\.pdf$/);
    const business = await newInvoice(world.w.hr, { lineItems: [line(world.w.dev, 45, 1)] });
    const businessDraft = dataOf<{ attachments: string[] }>(await h.request('GET', `/api/v1/invoice/${business.id}/email/draft`, { token }));
    expect(businessDraft.attachments.some((name) => name.endsWith('.xml'))).toBe(true);
  });
});

describe('cash and card', () => {
  it('a draft takes another payment method, an issued invoice refuses a change, and clearing a card invoice records a card payment', async () => {
    const { h, token, w } = world;
    const draft = await newInvoice(w.hr, { draft: true, lineItems: [line(w.dev, 45, 1)] });
    const detail = await invoiceOf(draft.id);
    const body = {
      paymentDueDate: detail.paymentDueDate, referenceNumber: null, extraInfo: null, deliveryDate: detail.deliveryDate,
      lineItems: [line(w.dev, 45, 1)], paymentMethod: 'CARD',
    };
    expect((await h.request('PUT', `/api/v1/invoice/${draft.id}`, { token, body })).statusCode).toBe(200);
    expect((await invoiceOf(draft.id)).paymentMethod).toBe('CARD');
    // without a method the draft keeps its own
    const { paymentMethod: _method, ...without } = body;
    expect((await h.request('PUT', `/api/v1/invoice/${draft.id}`, { token, body: without })).statusCode).toBe(200);
    expect((await invoiceOf(draft.id)).paymentMethod).toBe('CARD');

    expect((await h.request('POST', `/api/v1/invoice/${draft.id}/issue`, { token })).statusCode).toBe(200);
    const changed = await h.request('PUT', `/api/v1/invoice/${draft.id}`, { token, body: { ...body, paymentMethod: 'CASH' } });
    expect(changed.statusCode).toBe(409);
    expect(errorsOf(changed)[0]?.code).toBe('invoiceLocked');
    expect((await h.request('PUT', `/api/v1/invoice/${draft.id}`, { token, body: without })).statusCode).toBe(200);

    expect((await h.request('POST', `/api/v1/invoice/${draft.id}/clear`, { token })).statusCode).toBe(200);
    const payments = dataOf<{ method: string }[]>(await h.request('GET', `/api/v1/invoice/${draft.id}/payment`, { token }));
    expect(payments.map((p) => p.method)).toEqual(['CARD']);
  });
});
