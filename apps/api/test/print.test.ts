import net from 'node:net';
import { addDays } from '@faktura/shared';
import { sampleIssuerInput } from '@faktura/shared/samples';
import { describe, expect, it, vi } from 'vitest';
import { type Harness, dataOf } from './harness';
import { decodePng } from './decode';
import { invoiceBody, line, onDay, suppliedOn, today, useInvoiceWorld, type InvoiceWorld } from './invoiceFixtures';
import { pdfText } from './pdfText';
import { forgetShapedWords, shapedWordCount } from '../src/modules/invoice/print/pdf';

let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ ready: (world) => ({ h, token, w } = world) });

type View = {
  language: string; languageSwitchable: boolean; draft: boolean; labels: Record<string, string>;
  client: { title: string; vatNumber: string | null; country: string };
  commonData: { invoiceNumber: string | null; printName: string; createDate: string };
  paymentData: { referenceNumber: string | null; iban: string | null };
  content: { lineItems: { name: string; quantity: string; lineItemUnit: string; unitPrice: string; linePrice: string }[]; columnTitles: string[]; total: string; totalSecondary: string | null; euroFxRate: string | null; taxLines: { label: string; amount: string }[]; footnotes: string[] };
  barcodeUrl?: string; barcodeKind?: string;
};
const issue = async (body: unknown) => dataOf<{ id: number; number: string }>(await h.request('POST', '/api/v1/invoice', { token, body }));
const view = async (id: number, lang?: string) =>
  dataOf<View>(await h.request('GET', `/screen/v1/invoice/print/${id}`, { token, ...(lang ? { lang } : {}) }));
const png = (dataUrl: string | undefined) => Buffer.from((dataUrl ?? '').split(',')[1] ?? '', 'base64');
describe('print view', () => {
  it('prints a Croatian client in Croatian whatever was asked, with a HUB-3A code that scans right', async () => {
    const { id, number } = await issue(invoiceBody(w.hr, [line(w.dev, 45, 10.5, { discountPercent: 10, description: 'Razvoj softvera', descriptionEn: 'Software development' })]));
    const v = await view(id, 'en');
    expect(v).toMatchObject({ language: 'hr', languageSwitchable: false, draft: false, commonData: { invoiceNumber: number, printName: 'RAČUN' } });
    expect(v.client).toMatchObject({ title: 'Jadranski Softver d.o.o.', vatNumber: 'HR33914072203', country: 'Hrvatska' });
    expect(v.content.lineItems[0]).toEqual({ name: 'Razvoj softvera', quantity: '10,5', lineItemUnit: 'h', unitPrice: '45,00\u00a0€', discount: '10 %', vatRate: '25 %', linePrice: '425,25\u00a0€' });
    expect(v.content.taxLines).toEqual([{ label: 'PDV 25 %', amount: '106,31\u00a0€' }]);
    expect(v.content.total).toBe('531,56\u00a0€');
    const seq = number.split('/')[0];
    expect(v.paymentData.referenceNumber).toBe(`HR00 ${seq}-${new Date().getFullYear()}`);
    expect(v.barcodeKind).toBe('HUB3');
    const fields = decodePng(png(v.barcodeUrl), 'PDF_417').split('\n');
    expect(fields.slice(0, 4)).toEqual(['HRVHUB30', 'EUR', '000000000053156', 'Jadranski Softver d.o.o.']);
    expect(fields.slice(6, 14)).toEqual(['Kodni Obrt Ivana Horvat', 'Ilica 42', '10000 Zagreb', 'HR6023600001101234567', 'HR00', `${seq}-${new Date().getFullYear()}`, 'OTHR', `Racun ${number}`]);
  });

  it('lets a foreign EUR client switch language, with reverse charge and an EPC QR code', async () => {
    const { id, number } = await issue(invoiceBody(w.de, [line(w.rent, 800, 1, { description: 'Najam prostora', descriptionEn: 'Office rent' })]));
    const hr = await view(id);
    const en = await view(id, 'en-GB');
    expect(hr).toMatchObject({ language: 'hr', languageSwitchable: true });
    expect(en).toMatchObject({ language: 'en', commonData: { printName: 'INVOICE' }, client: { country: 'Germany', vatNumber: 'DE811907980' } });
    expect(en.content.lineItems[0]?.name).toBe('Office rent');
    expect(en.content.footnotes[0]).toMatch(/^Reverse charge/);
    expect(en.content.taxLines).toEqual([]);
    expect(en.barcodeKind).toBe('EPC');
    const epc = decodePng(png(en.barcodeUrl), 'QR_CODE').split('\n');
    expect(epc.slice(0, 8)).toEqual(['BCD', '002', '1', 'SCT', 'ZABAHR2X', 'Kodni Obrt Ivana Horvat', 'HR6023600001101234567', 'EUR800.00']);
    expect(epc[10]).toContain(number);
  });

  it('shows both totals and the rate for a USD invoice, and no payment code', async () => {
    const { id } = await issue(invoiceBody(w.us, [line(w.usd, 1082.5, 1, { currency: 'USD' })], { eurFxRate: '1.0825' }));
    const v = await view(id, 'en');
    expect(v.content).toMatchObject({ total: 'US$1,082.50', totalSecondary: '€1,000.00', euroFxRate: 'Rate: 1 EUR = 1.0825 USD' });
    expect(v.content.footnotes[0]).toMatch(/^Not subject to Croatian VAT/);
    expect(v.barcodeUrl).toBeUndefined();
    // a client outside the EU has a tax number, not an OIB nor a VAT ID
    const en = pdfText((await h.request('GET', `/api/v1/invoice/${id}/pdf?lang=en`, { token })).rawPayload);
    expect(en).toContain('Tax number: 84-1234567');
    const hr = pdfText((await h.request('GET', `/api/v1/invoice/${id}/pdf?lang=hr`, { token })).rawPayload);
    expect(hr).toContain('Porezni broj: 84-1234567');
    expect(hr).not.toContain('OIB: 84-1234567');
  });

  it('marks a draft and gives it no number and no code', async () => {
    const draft = dataOf<{ id: number }>(await h.request('POST', '/api/v1/invoice', { token, body: { ...invoiceBody(w.hr, [line(w.dev, 45)]), draft: true } }));
    const v = await view(draft.id);
    expect(v).toMatchObject({ draft: true, commonData: { invoiceNumber: null }, paymentData: { referenceNumber: null } });
    expect(v.barcodeUrl).toBeUndefined();
    const text = pdfText((await h.request('GET', `/api/v1/invoice/${draft.id}/pdf`, { token })).rawPayload);
    expect(text).toContain('NACRT');
  });

  it('answers 404 for an unknown invoice', async () => {
    expect((await h.request('GET', '/screen/v1/invoice/print/999999', { token })).statusCode).toBe(404);
    expect((await h.request('GET', '/api/v1/invoice/999999/pdf', { token })).statusCode).toBe(404);
  });
});

describe('PDF', () => {
  it('is an A4 document with selectable text: number, client, totals and Croatian letters', async () => {
    const client = dataOf<{ id: number }>(
      await h.request('POST', '/api/v1/company', {
        token, body: { name: 'Čačić, Đurđević i Žužić d.o.o.', email: 'ured@ccz.hr', address: { address1: 'Šetalište 5', city: 'Šibenik', zip: '22000', countryCode: 'HR' } },
      }),
    );
    const { id, number } = await issue(invoiceBody(client.id, [line(w.dev, 45, 2, { description: 'Održavanje sustava' })]));
    const res = await h.request('GET', `/api/v1/invoice/${id}/pdf?lang=en`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain(`Racun-${number.replace(/\//g, '-')}.pdf`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);
    const text = pdfText(pdf);
    for (const expected of [number, 'Čačić, Đurđević i Žužić d.o.o.', 'Šetalište 5', 'Održavanje sustava', '90,00', '112,50', 'RAČUN', 'HR6023600001101234567']) {
      expect(text, expected).toContain(expected);
    }
  });

  it('renders each PDF on its own: the fonts parsed once carry nothing from one document into the next', async () => {
    const a = await issue(invoiceBody(w.hr, [line(w.dev, 45, 2, { description: 'Čišćenje ždrijela' })]));
    const b = await issue(invoiceBody(w.de, [line(w.dev, 45, 3, { description: 'Qwerty €ß', descriptionEn: 'Qwerty €ß' })]));
    const pdf = async (id: number, lang: string) => (await h.request('GET', `/api/v1/invoice/${id}/pdf?lang=${lang}`, { token })).rawPayload;
    const first = await pdf(a.id, 'hr');
    const other = await Promise.all([pdf(b.id, 'en'), pdf(b.id, 'hr'), pdf(a.id, 'hr')]);
    expect(other[2]?.equals(first)).toBe(true);
    expect((await pdf(a.id, 'hr')).equals(first)).toBe(true);
    expect(pdfText(first)).toContain('Čišćenje ždrijela');
    expect(pdfText(first)).not.toContain('Qwerty');
    expect(pdfText(other[0] ?? Buffer.alloc(0))).toContain('Qwerty €ß');
  });

  it('shapes a word once for every document, and a PDF from shaped words kept is the same file as one shaped afresh', async () => {
    const a = await issue(invoiceBody(w.hr, [line(w.dev, 45, 2, { description: 'Uređenje vrta — ljeto' })]));
    const pdf = async (id: number, lang: string) => (await h.request('GET', `/api/v1/invoice/${id}/pdf?lang=${lang}`, { token })).rawPayload;
    forgetShapedWords();
    const afresh = await pdf(a.id, 'hr');
    const shaped = shapedWordCount();
    // the labels, headings, names and amounts: pdfkit lays out our fonts as this code expects
    expect(shaped).toBeGreaterThan(30);
    const kept = await pdf(a.id, 'hr');
    expect(shapedWordCount()).toBe(shaped);
    expect(kept.equals(afresh)).toBe(true);
    expect(pdfText(kept)).toContain('Uređenje vrta — ljeto');
  });

  it("prints the issuer's footnote and footer in the invoice's language, Croatian where no English was entered", async () => {
    const issuer = sampleIssuerInput({ defaultFootnote: 'Hvala na povjerenju!', footerText: 'Kodni Obrt, vl. Ivana Horvat' });
    const english = { ...issuer, defaultFootnoteEn: 'Thank you for your business!', footerTextEn: 'Kodni Obrt, owner Ivana Horvat' };
    expect((await h.request('PUT', '/api/v1/settings/issuer', { token, body: english })).statusCode).toBe(200);
    type Notes = { commonData: { footer: string | null }; content: { footnotes: string[] } };
    const notes = async (id: number, lang: string) => {
      const v = await view(id, lang);
      return { footer: (v as unknown as Notes).commonData.footer, footnotes: v.content.footnotes };
    };
    try {
      const { id } = await issue(invoiceBody(w.de, [line(w.rent, 800, 1)]));
      const en = await notes(id, 'en');
      expect(en.footer).toBe('Kodni Obrt, owner Ivana Horvat');
      expect(en.footnotes.at(-1)).toBe('Thank you for your business!');
      expect(en.footnotes).not.toContain('Hvala na povjerenju!');
      const hr = await notes(id, 'hr');
      expect(hr).toMatchObject({ footer: 'Kodni Obrt, vl. Ivana Horvat' });
      expect(hr.footnotes.at(-1)).toBe('Hvala na povjerenju!');
      const enPdf = pdfText((await h.request('GET', `/api/v1/invoice/${id}/pdf?lang=en`, { token })).rawPayload);
      expect(enPdf).toContain('Thank you for your business!');
      expect(enPdf).toContain('Kodni Obrt, owner Ivana Horvat');
      expect(enPdf).not.toContain('Hvala na povjerenju!');
      const hrPdf = pdfText((await h.request('GET', `/api/v1/invoice/${id}/pdf?lang=hr`, { token })).rawPayload);
      expect(hrPdf).toContain('Hvala na povjerenju!');
      expect(hrPdf).toContain('Kodni Obrt, vl. Ivana Horvat');

      // no English entered: the English invoice prints the Croatian texts rather than none
      expect((await h.request('PUT', '/api/v1/settings/issuer', { token, body: issuer })).statusCode).toBe(200);
      const { id: later } = await issue(invoiceBody(w.de, [line(w.rent, 800, 1)]));
      const fallback = await notes(later, 'en');
      expect(fallback.footer).toBe('Kodni Obrt, vl. Ivana Horvat');
      expect(fallback.footnotes.at(-1)).toBe('Hvala na povjerenju!');
      // the invoice issued earlier keeps what it said when it was issued
      expect((await notes(id, 'en')).footer).toBe('Kodni Obrt, owner Ivana Horvat');
    } finally {
      await h.request('PUT', '/api/v1/settings/issuer', { token, body: { ...issuer, defaultFootnote: null, footerText: null } });
    }
  });

  it('prints markup in a client name as literal text and opens no network connection', async () => {
    const hostile = '<img src=http://127.0.0.1:9/x>';
    const client = dataOf<{ id: number }>(
      await h.request('POST', '/api/v1/company', { token, body: { name: hostile, email: 'x@x.hr', address: { address1: '<b>bold</b>', city: 'Zagreb', zip: '10000', countryCode: 'HR' } } }),
    );
    const { id } = await issue(invoiceBody(client.id, [line(w.dev, 45)]));
    const connect = vi.spyOn(net.Socket.prototype, 'connect');
    try {
      const v = await view(id);
      expect(v.client.title).toBe(hostile);
      const text = pdfText((await h.request('GET', `/api/v1/invoice/${id}/pdf`, { token })).rawPayload);
      expect(text).toContain(hostile);
      expect(text).toContain('<b>bold</b>');
      expect(connect).not.toHaveBeenCalled();
    } finally {
      connect.mockRestore();
    }
  });
});

// Last in this file: these documents are dated today, and a sequence's dates never go back.
describe('what the VAT Act asks a printed invoice to show, and credit notes', () => {
  const todayBody = (clientId: number, lines: unknown[]) => {
    const day = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/Zagreb' });
    return invoiceBody(clientId, lines, { billingDate: day, deliveryDate: day });
  };

  it('prints the taxable amount per rate, the date and time and place of issue, the premises and device, in both languages', async () => {
    const { id } = await issue(
      todayBody(w.hr, [line(w.dev, 50, 10), line(w.rent, 60, 1, { unit: 'SINGLE', vatRate: 13 })]),
    );
    const hr = await view(id);
    const t = (await h.request('GET', `/screen/v1/invoice/print/${id}`, { token })).json<{ data: {
      commonData: { issueDateTime: string | null; placeOfIssue: string | null };
      operator: { premisesCode: string | null; deviceCode: string | null };
      content: { vatBreakdown: { rate: string; base: string; vat: string }[] };
    } }>().data;
    expect(t.content.vatBreakdown).toEqual([
      { rate: '25 %', base: '500,00\u00a0€', vat: '125,00\u00a0€' },
      { rate: '13 %', base: '60,00\u00a0€', vat: '7,80\u00a0€' },
    ]);
    expect(t.commonData.issueDateTime).toMatch(/^\d{1,2}\. \d{1,2}\. \d{4}\. \d{2}:\d{2}$/);
    expect(t.commonData.placeOfIssue).toBe('Zagreb');
    expect(t.operator).toMatchObject({ premisesCode: 'POSL1', deviceCode: '1' });
    expect(hr.labels).toMatchObject({ premises: 'Poslovni prostor', device: 'Naplatni uređaj', issueDateTime: 'Datum i vrijeme izdavanja' });

    const text = pdfText((await h.request('GET', `/api/v1/invoice/${id}/pdf`, { token })).rawPayload);
    for (const expected of ['Rekapitulacija PDV-a', '500,00 €', '125,00 €', '60,00 €', '7,80 €', 'Datum i vrijeme izdavanja', 'Mjesto izdavanja', 'Zagreb', 'Poslovni prostor', 'POSL1', 'Naplatni uređaj']) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/\d{1,2}\. \d{1,2}\. \d{4}\. \d{2}:\d{2}/);

    const { id: foreign } = await issue(todayBody(w.de, [line(w.rent, 800, 1)]));
    const en = pdfText((await h.request('GET', `/api/v1/invoice/${foreign}/pdf?lang=en`, { token })).rawPayload);
    for (const expected of ['VAT breakdown', 'Taxable amount', '0 % · Reverse charge', '800.00', 'Date and time of issue', 'Place of issue', 'Business premises', 'Billing device']) {
      expect(en).toContain(expected);
    }
  });

  it('prints a credit note as such: the invoice it corrects, the reason, negative amounts and no payment code', async () => {
    const { id, number } = await issue(todayBody(w.hr, [line(w.dev, 45, 10)]));
    const [first] = dataOf<{ lineItems: { lineId: number }[] }>(await h.request('GET', `/api/v1/invoice/${id}`, { token })).lineItems;
    const note = dataOf<{ id: number; number: string }>(
      await h.request('POST', `/api/v1/invoice/${id}/credit-note`, {
        token,
        body: { reason: 'Obračunata 2 sata previše', lines: [{ lineId: first!.lineId, quantity: 2 }] },
      }),
    );
    const v = await view(note.id);
    expect(v).toMatchObject({ draft: false, commonData: { invoiceNumber: note.number, printName: 'ODOBRENJE' } });
    expect(v.barcodeUrl).toBeUndefined();
    expect(v.paymentData.referenceNumber).not.toBeNull();
    expect(v.content.total).toBe('−112,50\u00a0€');
    expect(v.content.lineItems[0]).toMatchObject({ quantity: '−2', linePrice: '−90,00\u00a0€' });
    expect(v.labels).toMatchObject({ invoiceNumber: 'Broj odobrenja', createDate: 'Datum odobrenja' });

    const text = pdfText((await h.request('GET', `/api/v1/invoice/${note.id}/pdf`, { token })).rawPayload);
    expect(text).toContain('ODOBRENJE');
    expect(text).toMatch(new RegExp(`Odobrenje za račun br\\. ${number.replace(/\//g, '\\/')} od \\d{1,2}\\. \\d{1,2}\\. \\d{4}\\.`));
    expect(text).toContain('Razlog odobrenja: Obračunata 2 sata previše');
    expect(text).toContain('−112,50 €');
    expect(text).toContain('−22,50 €');
    expect(text).not.toContain('Skenirajte za plaćanje');
    expect(text).not.toContain('Datum dospijeća');
    const en = pdfText((await h.request('GET', `/api/v1/invoice/${note.id}/pdf?lang=en`, { token })).rawPayload);
    // a Croatian client's documents stay Croatian
    expect(en).toContain('ODOBRENJE');
  });
});

describe('one date format and plural counts on paper (issue 12)', () => {
  it('writes dates as the screens do and counts days in the right form, in the view and the PDF', async () => {
    const day = '2026-03-02';
    const body = invoiceBody(w.de, [line(w.rent, 800)], { ...suppliedOn(day), paymentDueDate: '2026-03-03' });
    const { id } = dataOf<{ id: number }>(await onDay(day, () => h.request('POST', '/api/v1/invoice', { token, body })));
    const hr = await view(id);
    const en = await view(id, 'en');
    expect(hr.commonData.createDate).toBe('2. 3. 2026.');
    expect(en.commonData.createDate).toBe('2 Mar 2026');
    expect(en.content.footnotes).toContain('Settlement is due within 1 day after the billing date, by 3 Mar 2026.');
    expect(hr.content.footnotes).toContain('Plaćanje u roku od 1 dana od datuma računa, najkasnije 3. 3. 2026.');
    const pdf = await h.request('GET', `/api/v1/invoice/${id}/pdf`, { token });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('2. 3. 2026.');
    expect(text).not.toContain('02. 03. 2026.');
  });
});

describe('the date and time of issue, the date and the period of supply on paper (decision 026)', () => {
  it("October's work issued on 3 November: all three dates in Croatian and English, the invoice's own date not twice", async () => {
    const body = invoiceBody(w.de, [line(w.rent, 800)], {
      deliveryDate: '2026-10-30', servicePeriod: { start: '2026-10-01', end: '2026-10-31' }, paymentDueDate: '2026-11-18',
    });
    const { id } = dataOf<{ id: number }>(await onDay('2026-11-03', () => h.request('POST', '/api/v1/invoice', { token, body })));
    const hr = await view(id);
    expect(hr.commonData).toMatchObject({
      createDate: '3. 11. 2026.', issueDateTime: '3. 11. 2026. 10:00', deliveryDate: '30. 10. 2026.', servicePeriod: '1.\u00a010.\u00a02026. – 31.\u00a010.\u00a02026.',
    });
    const hrText = pdfText((await h.request('GET', `/api/v1/invoice/${id}/pdf`, { token })).rawPayload);
    expect(hrText).toMatch(/Datum i vrijeme izdavanja\s+3\. 11\. 2026\. 10:00/);
    expect(hrText).toMatch(/Datum isporuke\s+30\. 10\. 2026\./);
    expect(hrText).toMatch(/Razdoblje isporuke\s+1\.\s10\.\s2026\.\s–\s31\.\s10\.\s2026\./);
    expect(hrText).not.toContain('Datum računa'); // the same day as the issue: said once
    const enText = pdfText((await h.request('GET', `/api/v1/invoice/${id}/pdf?lang=en`, { token })).rawPayload);
    expect(enText).toMatch(/Date and time of issue\s+3 Nov 2026, 10:00/);
    expect(enText).toMatch(/Date of supply\s+30 Oct 2026/);
    expect(enText).toMatch(/Period of supply\s+1\sOct\s2026\s–\s31\sOct\s2026/);
  });

  it('a draft says it is dated when issued, and counts its terms from today', async () => {
    const body = { ...invoiceBody(w.de, [line(w.rent, 800)], { ...suppliedOn(today), paymentDueDate: addDays(today, 8) }), draft: true };
    const { id } = dataOf<{ id: number }>(await h.request('POST', '/api/v1/invoice', { token, body }));
    const hr = await view(id);
    expect(hr.commonData).toMatchObject({ createDate: 'određuje se pri izdavanju', issueDateTime: null, servicePeriod: null });
    expect(hr.content.footnotes.join(' ')).toContain('u roku od 8 dana');
    const en = pdfText((await h.request('GET', `/api/v1/invoice/${id}/pdf?lang=en`, { token })).rawPayload);
    expect(en).toMatch(/Invoice date\s+set when issued/);
  });
});
