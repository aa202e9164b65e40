import { sampleAddressInput, sampleClientInput } from '@faktura/shared/samples';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadValidators, validateEInvoice } from './einvoice/validate';
import { type Harness, dataOf, errorsOf } from './harness';
import { type InvoiceWorld, invoiceBody, line, today, useInvoiceWorld } from './invoiceFixtures';

/**
 * Issue 27 item 3: characters XML 1.0 cannot carry are refused in every free-text field, with the
 * field and the reason in the request's language and nothing stored; a row that holds one from
 * before still gets an e-invoice that passes the XSD and both rule sets.
 */
let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ operatorOib: '24680135792', ready: (world) => ({ h, token, w } = world) });
beforeAll(() => loadValidators(), 300_000);

const REASON = {
  hr: 'Tekst sadrži nedopušteni kontrolni ili nevidljivi znak (npr. U+0001) koji e-račun ne može prenijeti: uklonite ga',
  en: 'The text holds a control or invisible character (such as U+0001) that an e-invoice cannot carry: remove it',
};
/** NUL, U+0001, U+001F, U+FFFE, U+FFFF and a lone surrogate, each somewhere in an otherwise good text. */
const BAD = ['Jadran\u0000 d.o.o.', 'Jadran\u0001 d.o.o.', '\u001FJadran', 'Jadran\uFFFE', 'Jadran\uFFFF', 'Jadran \uD83D d.o.o.'];

/** Every row of the tables a refused request could have written. */
const snapshot = async () => ({
  company: await h.db.selectFrom('company').selectAll().orderBy('id').execute(),
  address: await h.db.selectFrom('address').selectAll().orderBy('id').execute(),
  invoice: await h.db.selectFrom('invoice').selectAll().orderBy('id').execute(),
  invoice_line: await h.db.selectFrom('invoice_line').selectAll().orderBy('id').execute(),
  email_template: await h.db.selectFrom('email_template').selectAll().execute(),
});

/** Sends `body` in Croatian and in English: both 400, one error naming `field` in that language, nothing stored. */
async function expectRefused(method: 'POST' | 'PUT', url: string, body: unknown, field: string) {
  const before = await snapshot();
  for (const lang of ['hr', 'en'] as const) {
    const res = await h.request(method, url, { token, body, lang });
    expect(res.statusCode, `${url} ${lang}: ${res.body}`).toBe(400);
    expect(errorsOf(res)).toContainEqual({ code: 'validation', field, reason: REASON[lang] });
  }
  expect(await snapshot()).toEqual(before);
}

describe('characters XML cannot carry, at the API', () => {
  it.each(BAD)("refuses a client's name %j", async (name) => {
    await expectRefused('POST', '/api/v1/company', sampleClientInput('domestic', { name }), 'name');
  });

  it("refuses them in a new client's address, an address and a client's note", async () => {
    const client = sampleClientInput('domestic');
    await expectRefused('POST', '/api/v1/company', { ...client, address: { ...client.address, address1: 'Riva\u0001 1' } }, 'address.address1');
    await expectRefused('POST', '/api/v1/address', sampleAddressInput('issuer', { city: 'Za\u0007greb' }), 'city');
    await expectRefused('PUT', `/api/v1/company/${w.hr}`, { ...client, note: 'plaća\u0000 kasno' }, 'note');
  });

  it("refuses them in an invoice line's description", async () => {
    const body = invoiceBody(w.hr, [line(w.dev, 100, 1, { description: 'Razvoj\u0001 softvera' })], { billingDate: today, deliveryDate: today });
    await expectRefused('POST', '/api/v1/invoice', body, 'lineItems.0.description');
  });

  it("refuses them in a credit note's reason", async () => {
    const res = await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, [line(w.dev, 100)], { billingDate: today, deliveryDate: today }) });
    const { id } = dataOf<{ id: number }>(res);
    await expectRefused('POST', `/api/v1/invoice/${id}/credit-note`, { reason: 'Storno\u0001' }, 'reason');
  });

  it('refuses them in an e-mail template and in the body of an e-mail', async () => {
    const template = { language: 'hr', kind: 'invoice', subject: 'Račun {{number}}', body: 'Poštovani,\u0000\n\nu prilogu je račun.' };
    await expectRefused('PUT', '/api/v1/settings/email/templates', { templates: [template] }, 'templates.0.body');
    const res = await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(w.hr, [line(w.dev, 100)], { billingDate: today, deliveryDate: today }) });
    const { id } = dataOf<{ id: number }>(res);
    await expectRefused('POST', `/api/v1/invoice/${id}/email`, { to: ['racuni@jadran.hr'], body: 'Poštovani,\u0000' }, 'body');
  });

  it('still takes tab, line breaks and any other character XML can carry', async () => {
    const name = 'Ž\tüñï & <Co> "AT&amp;T" \u{1F600}\uE000\uFFFD';
    const res = await h.request('POST', '/api/v1/company', { token, body: sampleClientInput('eu', { name, note: 'prvi red\r\ndrugi red' }) });
    expect(res.statusCode, res.body).toBe(201);
    expect(dataOf<{ name: string; note: string }>(res)).toMatchObject({ name, note: 'prvi red\r\ndrugi red' });
  });
});

describe('rows stored before the API refused them', () => {
  it('still give an e-invoice that passes the XSD and both rule sets, the bad characters as U+FFFD', async () => {
    // a client, its address and a catalogue line as an older version stored them
    const client = await h.request('POST', '/api/v1/company', { token, body: sampleClientInput('domestic', { name: 'Stari klijent d.o.o.' }) });
    const clientId = dataOf<{ id: number; address: { id: number } }>(client).id;
    const addressId = dataOf<{ address: { id: number } }>(client).address.id;
    await h.db.updateTable('company').set({ name: 'Stari\u0001 klijent\uFFFE d.o.o.' }).where('id', '=', clientId).execute();
    await h.db.updateTable('address').set({ address1: 'Riva\u001F 1' }).where('id', '=', addressId).execute();
    const created = await h.request('POST', '/api/v1/invoice', {
      token,
      body: invoiceBody(clientId, [line(w.dev, 100, 1, { description: 'Razvoj softvera', kpdCode: '62.10.11' })], { billingDate: today, deliveryDate: today }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = dataOf<{ id: number }>(created);
    // and a line of the issued invoice written with a control character
    await h.db.updateTable('invoice_line').set({ description: 'Razvoj\u0002 softvera' }).where('invoice_id', '=', id).execute();

    const res = await h.request('GET', `/api/v1/invoice/${id}/ubl`, { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(await validateEInvoice(res.body)).toEqual({ xsd: [], en16931: [], hrCius: [] });
    expect(res.body).toContain('<cbc:RegistrationName>Stari\uFFFD klijent\uFFFD d.o.o.</cbc:RegistrationName>');
    expect(res.body).toContain('<cbc:StreetName>Riva\uFFFD 1</cbc:StreetName>');
    expect(res.body).toContain('<cbc:Name>Razvoj\uFFFD softvera</cbc:Name>');
  }, 120_000);
});
