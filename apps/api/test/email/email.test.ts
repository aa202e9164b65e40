import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { type Harness, dataOf, errorsOf } from '../harness';
import { addDays, formatDate } from '@faktura/shared';
import { type InvoiceWorld, daysAgo, invoiceBody, line, suppliedOn, today, useInvoiceWorld } from '../invoiceFixtures';
import { closedPort } from './smtpServer';
import { statementsOf } from '../statements';

type Settings = { source: string; host: string | null; username: string | null; passwordSet: boolean; ready: boolean; templates: { language: string; kind: string; subject: string; body: string }[] };
type EmailRecord = {
  id: number; status: 'SENT' | 'FAILED'; kind: string; language: string; to: string[]; cc: string[]; bcc: string | null;
  subject: string; body: string; attachments: string[]; messageId: string | null; errorCode: string | null; reason: string | null; serverResponse: string | null;
};

const SECRET_PASSWORD = 'pa55-w0rd-never-shown';
let h: Harness;
let token: string;
let w: InvoiceWorld;
/** Issued first: no invoice may be dated before the last one issued. */
let overdue: { id: number; number: string };

// the app trusts the test SMTP servers, which `smtp()` starts and closes after each test; e-invoices
// name the operator's OIB: the XML goes to Croatian business clients
const world = useInvoiceWorld({
  email: true,
  operatorOib: '94577403194',
  invoices: (seeded) => ({
    overdue: { on: daysAgo(40), body: invoiceBody(seeded.hr, [line(seeded.dev, 45, 4)], { ...suppliedOn(daysAgo(40)), paymentDueDate: daysAgo(10) }) },
  }),
  ready: (ready) => {
    ({ h, token, w } = ready);
    overdue = { id: ready.invoices.overdue.id, number: ready.invoices.overdue.number ?? '' };
  },
});
const smtp = (options: Parameters<typeof world.smtp>[0]) => world.smtp(options);
const settingsBody = (port: number, extra: Record<string, unknown> = {}) => ({
  host: 'localhost', port, security: 'starttls', username: 'ivana', password: SECRET_PASSWORD,
  fromName: 'Kodni Obrt', fromAddress: 'racuni@kodni-obrt.hr', replyTo: 'ivana@kodni-obrt.hr', bcc: 'arhiva@kodni-obrt.hr', ...extra,
});
async function configure(body: Record<string, unknown>) {
  const res = await h.request('PUT', '/api/v1/settings/email', { token, body });
  expect(res.statusCode, res.body).toBe(200);
  return dataOf<Settings>(res);
}
const issue = async (body: unknown) => dataOf<{ id: number; number: string }>(await h.request('POST', '/api/v1/invoice', { token, body }));
const send = (id: number, body: unknown, lang?: string) => h.request('POST', `/api/v1/invoice/${id}/email`, { token, body, ...(lang ? { lang } : {}) });
const records = async (id: number, lang?: string) => dataOf<EmailRecord[]>(await h.request('GET', `/api/v1/invoice/${id}/email`, { token, ...(lang ? { lang } : {}) }));
const listRow = async (id: number) =>
  dataOf<{ id: number; sentAt: string | null }[]>(await h.request('GET', '/api/v1/invoice/list?pageSize=200', { token })).find((row) => row.id === id);

describe('e-mail settings', () => {
  it('is not ready before it is set up, and sending then says so without recording anything', async () => {
    const settings = dataOf<Settings>(await h.request('GET', '/api/v1/settings/email', { token }));
    expect(settings).toMatchObject({ source: 'none', host: null, passwordSet: false, ready: false });
    expect(settings.templates.map((t) => `${t.language}/${t.kind}`)).toEqual(['hr/invoice', 'hr/creditNote', 'hr/reminder', 'en/invoice', 'en/creditNote', 'en/reminder']);
    const { id } = await issue(invoiceBody(w.hr, [line(w.dev, 45, 2)]));
    const res = await send(id, { to: ['nabava@jadran.hr'] }, 'en');
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]).toEqual({ code: 'emailNotConfigured', reason: 'E-mail is not set up: enter the server and the sender address in Settings > E-mail' });
    expect(await records(id)).toEqual([]);
  });

  it('stores the password but never answers or logs it, and keeps it when it is left out', async () => {
    const server = await smtp({ security: 'starttls', auth: { user: 'ivana', pass: SECRET_PASSWORD } });
    const saved = await configure(settingsBody(server.port));
    expect(saved).toMatchObject({ source: 'settings', host: 'localhost', username: 'ivana', passwordSet: true, ready: true });
    const { password: _omit, ...withoutPassword } = settingsBody(server.port, { fromName: 'Kodni Obrt d.o.o.' });
    const again = await h.request('PUT', '/api/v1/settings/email', { token, body: withoutPassword });
    expect(dataOf<Settings>(again).passwordSet).toBe(true);
    const got = await h.request('GET', '/api/v1/settings/email', { token });
    expect(got.body).not.toContain(SECRET_PASSWORD);
    // the stored password still signs in: the test e-mail gets through
    const test = dataOf<{ ok: boolean; reason: string }>(await h.request('POST', '/api/v1/settings/email/test', { token, body: {}, lang: 'en' }));
    expect(test).toMatchObject({ ok: true, reason: 'The server accepted the test message for racuni@kodni-obrt.hr.' });
    expect(server.received[0]?.mail.subject).toBe('Faktura: test message');
    expect(h.logs.join('\n')).not.toContain(SECRET_PASSWORD);
  });

  it('refuses line breaks and bad addresses per field, in the user’s language, and changes nothing', async () => {
    const before = await h.request('GET', '/api/v1/settings/email', { token });
    const res = await h.request('PUT', '/api/v1/settings/email', {
      token,
      lang: 'hr',
      body: settingsBody(25, { fromName: 'Kodni\r\nBcc: victim@example.com', fromAddress: 'not-an-address', replyTo: 'a@b.hr\nX: y', host: 'mail host' }),
    });
    expect(res.statusCode).toBe(400);
    const errors = errorsOf(res);
    expect(errors.map((e) => e.field).sort()).toEqual(['fromAddress', 'fromName', 'host', 'replyTo']);
    expect(errors.find((e) => e.field === 'fromName')?.reason).toBe('Prijelom retka ovdje nije dopušten');
    expect(errors.find((e) => e.field === 'fromAddress')?.reason).toBe('Unesite ispravnu e-mail adresu');
    expect((await h.request('GET', '/api/v1/settings/email', { token })).body).toBe(before.body);
  });

  it('keeps edited templates per language, refuses unknown placeholders, and goes back to the default', async () => {
    const bad = await h.request('PUT', '/api/v1/settings/email/templates', {
      token, lang: 'en', body: { templates: [{ language: 'en', kind: 'invoice', subject: 'Invoice {{numbr}}', body: 'Hi' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]).toMatchObject({ field: 'templates.0.subject', reason: 'Unknown placeholder: only those listed may be used' });
    const ok = await h.request('PUT', '/api/v1/settings/email/templates', {
      token, body: { templates: [{ language: 'en', kind: 'invoice', subject: 'Your invoice {{number}} from {{company}}', body: 'Hello {{client}},\n{{amount}} by {{dueDate}}.' }] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(dataOf<Settings>(ok).templates.find((t) => t.language === 'en' && t.kind === 'invoice')?.subject).toBe('Your invoice {{number}} from {{company}}');
  });
});

describe('sending an invoice', () => {
  it('sends over STARTTLS with a login: recipients, Croatian text, the PDF byte for byte and the e-invoice XML', async () => {
    const server = await smtp({ security: 'starttls', auth: { user: 'ivana', pass: SECRET_PASSWORD } });
    await configure(settingsBody(server.port));
    const { id, number } = await issue(invoiceBody(w.hr, [line(w.dev, 45, 10)]));
    const draft = dataOf<{ to: string[]; subject: string; body: string; language: string; attachments: string[] }>(
      await h.request('GET', `/api/v1/invoice/${id}/email/draft`, { token, lang: 'en' }),
    );
    expect(draft).toMatchObject({ to: ['racuni@jadranski-softver.hr'], language: 'hr', subject: `Račun ${number} – Kodni Obrt Ivana Horvat` });
    // the Croatian due date ends with its own full stop, which ends the sentence: one, not two
    const due = formatDate(dataOf<{ paymentDueDate: string }>(await h.request('GET', `/api/v1/invoice/${id}`, { token })).paymentDueDate, 'hr');
    expect(due).toMatch(/\.$/);
    expect(draft.body).toContain(`, s dospijećem ${due}\n`);
    expect(draft.body).not.toContain('..');

    let res: Awaited<ReturnType<typeof send>> | undefined;
    const statements = await statementsOf(async () => {
      res = await send(id, { to: ['nabava@jadran.hr', 'racunovodstvo@jadran.hr'], cc: ['direktor@jadran.hr'] }, 'en');
    });
    if (!res) throw new Error('no answer');
    expect(res.statusCode, res.body).toBe(201);
    const record = dataOf<EmailRecord>(res);
    expect(record).toMatchObject({ status: 'SENT', kind: 'invoice', language: 'hr', errorCode: null, reason: null, bcc: 'arhiva@kodni-obrt.hr' });
    // the invoice is read once for the checks, the PDF and the XML (its lines: one statement, not three)
    expect(statements.filter((s) => /from "invoice_line"/.test(s.sql)).map((s) => s.sql)).toHaveLength(1);
    expect(record.messageId).toMatch(/^<.+@.+>$/);

    expect(server.logins).toEqual(['ivana']);
    const [got] = server.received;
    expect(got?.envelope.to.sort()).toEqual(['arhiva@kodni-obrt.hr', 'direktor@jadran.hr', 'nabava@jadran.hr', 'racunovodstvo@jadran.hr']);
    expect(got?.envelope.from).toBe('racuni@kodni-obrt.hr');
    expect(got?.mail.messageId).toBe(record.messageId);
    expect(got?.mail.subject).toBe(`Račun ${number} – Kodni Obrt Ivana Horvat`);
    expect(got?.mail.from?.value).toEqual([{ name: 'Kodni Obrt', address: 'racuni@kodni-obrt.hr' }]);
    expect(got?.mail.replyTo?.text).toBe('ivana@kodni-obrt.hr');
    expect(got?.raw.toString('latin1')).not.toMatch(/^bcc:/im);
    const seq = number.split('/')[0];
    expect(got?.mail.text).toContain(`u privitku Vam šaljemo račun ${number} na iznos od 562,50\u00a0€`);
    expect(got?.mail.text).toContain(`IBAN HR6023600001101234567 uz poziv na broj HR00 ${seq}-${today.slice(0, 4)}`);
    expect(got?.mail.html).toBe(false);
    expect(got?.mail.text).toContain(`, s dospijećem ${due}\n`);

    const pdf = await h.request('GET', `/api/v1/invoice/${id}/pdf`, { token, lang: 'en' });
    const pdfName = decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(String(pdf.headers['content-disposition']))?.[1] ?? '');
    expect(pdfName).toBe(`Racun-${number.replace(/\//g, '-')}.pdf`);
    const attached = got?.mail.attachments ?? [];
    expect(attached.map((a) => a.filename)).toEqual([pdfName, `${number.replace(/\//g, '-')}.xml`]);
    expect(attached[0]?.contentType).toBe('application/pdf');
    expect(attached[0]?.content.equals(pdf.rawPayload)).toBe(true);
    expect(attached[1]?.content.toString('utf8')).toContain(`<cbc:ID>${number}</cbc:ID>`);
    // the XML is the e-invoice download's, the PDF attached beside it embedded
    const ubl = await h.request('GET', `/api/v1/invoice/${id}/ubl`, { token, lang: 'en' });
    expect(ubl.statusCode).toBe(200);
    expect(attached[1]?.content.equals(ubl.rawPayload)).toBe(true);
    expect(record.attachments).toEqual(attached.map((a) => a.filename));

    expect((await records(id)).map((r) => r.id)).toEqual([record.id]);
    expect((await listRow(id))?.sentAt).toEqual(expect.any(String));
  });

  it('sends over TLS without a login, in English for a foreign client, a client name with HTML staying plain text', async () => {
    const server = await smtp({ security: 'tls' });
    await configure(settingsBody(server.port, { security: 'tls', username: null, password: undefined, bcc: null }));
    const client = dataOf<{ id: number }>(
      await h.request('POST', '/api/v1/company', {
        token,
        body: { name: '<b>Acme</b> & <script>x()</script>', email: 'ap@acme.example', pin: 'DE811907980', contracts: [], address: { address1: 'Str. 1', city: 'Berlin', zip: '10115', countryCode: 'DE' } },
      }),
    ).id;
    const { id, number } = await issue(invoiceBody(client, [line(w.rent, 800, 1)]));
    // the English template was edited above
    const res = await send(id, { to: ['ap@acme.example'] });
    expect(dataOf<EmailRecord>(res)).toMatchObject({ status: 'SENT', language: 'en', to: ['ap@acme.example'], cc: [], bcc: null });
    const got = server.received[0];
    expect(server.logins).toEqual([]);
    expect(got?.mail.subject).toBe(`Your invoice ${number} from Kodni Obrt Ivana Horvat`);
    expect(got?.mail.text).toContain('Hello <b>Acme</b> & <script>x()</script>,');
    expect(got?.mail.html).toBe(false);
    expect(got?.mail.attachments.map((a) => a.filename)).toEqual([`Invoice-${number.replace(/\//g, '-')}.pdf`]);
    const pdf = await h.request('GET', `/api/v1/invoice/${id}/pdf`, { token, lang: 'en' });
    expect(got?.mail.attachments[0]?.content.equals(pdf.rawPayload)).toBe(true);
  });

  it('sends a credit note as a credit note: its own subject and body, in Croatian and in English (issue 31)', async () => {
    const server = await smtp({ security: 'none' });
    await configure(settingsBody(server.port, { security: 'none', username: null, password: undefined, bcc: null }));
    const creditAll = async (clientId: number) => {
      const invoice = await issue(invoiceBody(clientId, [line(w.dev, 45, 2)]));
      const res = await h.request('POST', `/api/v1/invoice/${invoice.id}/credit-note`, { token, body: { reason: 'Storno' } });
      expect(res.statusCode, res.body).toBe(201);
      return dataOf<{ id: number; number: string }>(res);
    };

    const hr = await creditAll(w.hr);
    const draft = dataOf<{ subject: string; body: string; language: string }>(await h.request('GET', `/api/v1/invoice/${hr.id}/email/draft`, { token, lang: 'en' }));
    expect(draft).toMatchObject({ language: 'hr', subject: `Odobrenje ${hr.number} – Kodni Obrt Ivana Horvat` });
    const sent = dataOf<EmailRecord>(await send(hr.id, { to: ['nabava@jadran.hr'] }));
    expect(sent).toMatchObject({ status: 'SENT', kind: 'invoice', language: 'hr', subject: `Odobrenje ${hr.number} – Kodni Obrt Ivana Horvat` });
    const [croatian] = server.received;
    expect(croatian?.mail.subject).toBe(`Odobrenje ${hr.number} – Kodni Obrt Ivana Horvat`);
    expect(croatian?.mail.text).toContain(`u privitku Vam šaljemo odobrenje ${hr.number} na iznos od `);
    expect(croatian?.mail.text).not.toMatch(/račun/i);
    expect(croatian?.mail.attachments.map((a) => a.filename)).toEqual([
      `Odobrenje-${hr.number.replace(/\//g, '-')}.pdf`,
      `${hr.number.replace(/\//g, '-')}.xml`,
    ]);

    const en = await creditAll(w.de);
    const sentEn = dataOf<EmailRecord>(await send(en.id, { to: ['ap@acme.example'] }));
    expect(sentEn).toMatchObject({ status: 'SENT', language: 'en' });
    const english = server.received[1];
    expect(english?.mail.subject).toBe(`Credit note ${en.number} – Kodni Obrt Ivana Horvat`);
    expect(english?.mail.text).toContain(`Please find attached credit note ${en.number} for `);
    expect(english?.mail.text).not.toMatch(/invoice/i);
    // a credit note has no reminder
    const reminder = await send(en.id, { to: ['ap@acme.example'], kind: 'reminder' }, 'en');
    expect(errorsOf(reminder)[0]).toMatchObject({ reason: 'No reminder is sent for a credit note' });
  });

  it('takes a subject and body as given, and refuses header injection and bad addresses per field', async () => {
    const server = await smtp({ security: 'none' });
    await configure(settingsBody(server.port, { security: 'none', username: null, password: undefined, bcc: null }));
    const { id } = await issue(invoiceBody(w.hr, [line(w.dev, 45, 1)]));
    const bad = await send(id, { to: ['ok@jadran.hr', 'nije adresa', 'x@y.hr\r\nBcc: victim@example.com'], cc: ['cc@jadran.hr\nX: 1'], subject: 'Račun\r\nBcc: victim@example.com' }, 'hr');
    expect(bad.statusCode).toBe(400);
    const errors = errorsOf(bad);
    expect(errors.map((e) => e.field).sort()).toEqual(['cc.0', 'subject', 'to.1', 'to.2']);
    expect(errors.find((e) => e.field === 'subject')?.reason).toBe('Prijelom retka ovdje nije dopušten');
    expect(errors.find((e) => e.field === 'to.1')?.reason).toBe('Unesite ispravnu e-mail adresu');
    const missing = await send(id, { to: [] }, 'en');
    expect(errorsOf(missing)[0]).toMatchObject({ field: 'to', reason: 'At least 1 item required' });
    expect(server.received).toEqual([]);
    expect(await records(id)).toEqual([]);

    const ok = await send(id, { to: ['ok@jadran.hr'], subject: 'Naš račun', body: 'Dobar dan,\n\nprilažemo račun.' });
    expect(dataOf<EmailRecord>(ok)).toMatchObject({ status: 'SENT', subject: 'Naš račun' });
    expect(server.received[0]?.mail.subject).toBe('Naš račun');
    expect(server.received[0]?.mail.text).toBe('Dobar dan,\n\nprilažemo račun.');
  });

  it('records a refused login as failed, says why in the user’s language, and sends on retry', async () => {
    const server = await smtp({ security: 'starttls', auth: { user: 'ivana', pass: 'the-right-one' } });
    await configure(settingsBody(server.port, { bcc: null }));
    const { id } = await issue(invoiceBody(w.hr, [line(w.dev, 45, 1)]));
    const res = await send(id, { to: ['nabava@jadran.hr'] }, 'hr');
    expect(res.statusCode).toBe(201);
    const failed = dataOf<EmailRecord>(res);
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'auth', messageId: null, reason: 'Poslužitelj e-pošte nije prihvatio korisničko ime ili lozinku' });
    expect(failed.serverResponse).toContain('535');
    expect((await records(id, 'en'))[0]?.reason).toBe('The mail server did not accept the user name or password');
    expect(server.received).toEqual([]);
    expect((await listRow(id))?.sentAt).toBeNull();

    const test = dataOf<{ ok: boolean; errorCode: string; reason: string }>(await h.request('POST', '/api/v1/settings/email/test', { token, body: {}, lang: 'en' }));
    expect(test).toMatchObject({ ok: false, errorCode: 'auth', reason: 'The mail server did not accept the user name or password' });

    await configure(settingsBody(server.port, { bcc: null, password: 'the-right-one' }));
    const retried = dataOf<EmailRecord>(await send(id, { to: failed.to, subject: failed.subject, body: failed.body }));
    expect(retried.status).toBe('SENT');
    expect((await records(id)).map((r) => r.status)).toEqual(['SENT', 'FAILED']);
    expect((await listRow(id))?.sentAt).toEqual(expect.any(String));
  });

  it('records an unreachable server and a refused recipient as failed', async () => {
    const { id } = await issue(invoiceBody(w.hr, [line(w.dev, 45, 1)]));
    await configure(settingsBody(await closedPort(), { security: 'none', username: null, password: undefined, host: '127.0.0.1' }));
    const unreachable = dataOf<EmailRecord>(await send(id, { to: ['nabava@jadran.hr'] }, 'en'));
    expect(unreachable).toMatchObject({ status: 'FAILED', errorCode: 'connection', reason: 'The mail server cannot be reached (check the host, port and connection security)' });

    const server = await smtp({ security: 'none', refuseRecipient: 'nobody@jadran.hr' });
    await configure(settingsBody(server.port, { security: 'none', username: null, password: undefined, bcc: null }));
    const refused = dataOf<EmailRecord>(await send(id, { to: ['nobody@jadran.hr'] }, 'en'));
    expect(refused).toMatchObject({ status: 'FAILED', errorCode: 'recipient', reason: 'The mail server refused the recipient' });
    expect(refused.serverResponse).toContain('550');
    expect((await records(id)).map((r) => r.errorCode)).toEqual(['recipient', 'connection']);
  });

  it('refuses a draft, and a TLS server whose certificate is not trusted is a failed sending', async () => {
    const draft = dataOf<{ id: number }>(await h.request('POST', '/api/v1/invoice', { token, body: { ...invoiceBody(w.hr, [line(w.dev, 45)]), draft: true } }));
    const server = await smtp({ security: 'tls' });
    await configure(settingsBody(server.port, { security: 'tls', username: null, password: undefined, bcc: null }));
    const res = await send(draft.id, { to: ['nabava@jadran.hr'] }, 'en');
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]?.reason).toBe('Only an issued invoice is sent by e-mail; a draft has no number');

    const untrusting = await h.sibling({}, {});
    const { token: other } = await untrusting.login();
    const { id } = await issue(invoiceBody(w.hr, [line(w.dev, 45, 1)]));
    const failed = dataOf<EmailRecord>(await untrusting.request('POST', `/api/v1/invoice/${id}/email`, { token: other, body: { to: ['nabava@jadran.hr'] } }));
    expect(failed).toMatchObject({ status: 'FAILED', errorCode: 'tls' });
  });
});

describe('reminders', () => {
  it('reminds of an overdue invoice with its own template, and refuses one that is not due yet', async () => {
    const server = await smtp({ security: 'none' });
    await configure(settingsBody(server.port, { security: 'none', username: null, password: undefined, bcc: null }));
    const draft = dataOf<{ subject: string }>(await h.request('GET', `/api/v1/invoice/${overdue.id}/email/draft?kind=reminder`, { token }));
    expect(draft.subject).toBe(`Podsjetnik: račun ${overdue.number} je dospio`);
    const sent = dataOf<EmailRecord>(await send(overdue.id, { to: ['nabava@jadran.hr'], kind: 'reminder' }));
    expect(sent).toMatchObject({ status: 'SENT', kind: 'reminder' });
    expect(server.received[0]?.mail.text).toContain(`račun ${overdue.number} na iznos od 225,00\u00a0€`);
    expect(server.received[0]?.mail.text).toContain('još nije plaćen');

    const current = await issue(invoiceBody(w.hr, [line(w.dev, 45, 1)], { paymentDueDate: addDays(today, 5) }));
    const res = await send(current.id, { to: ['nabava@jadran.hr'], kind: 'reminder' }, 'en');
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res)[0]).toMatchObject({ code: 'reminderNotOverdue', reason: 'A reminder is sent only for an overdue unpaid invoice' });
  });
});

describe('FAKTURA_SMTP_URL', () => {
  it('reads smtps, smtp with STARTTLS and a local relay, and stops start-up on anything else without echoing it', () => {
    const smtp = (url: string) => loadConfig({ FAKTURA_SMTP_URL: url }).smtp;
    expect(smtp('smtps://ana%40obrt.hr:p%40ss@mail.example.hr')).toEqual({ host: 'mail.example.hr', port: 465, security: 'tls', username: 'ana@obrt.hr', password: 'p@ss' });
    expect(smtp('smtp://mail.example.hr')).toMatchObject({ port: 587, security: 'starttls', username: null, password: null });
    expect(smtp('smtp://localhost:25?security=none')).toMatchObject({ port: 25, security: 'none' });
    expect(() => loadConfig({ FAKTURA_SMTP_URL: 'http://user:hunter22@mail.example.hr' })).toThrow(/FAKTURA_SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(() => loadConfig({ FAKTURA_SMTP_URL: 'http://user:hunter22@mail.example.hr' })).not.toThrow(/hunter22/);
    expect(() => loadConfig({ FAKTURA_SMTP_URL: 'smtps://mail.example.hr?security=none' })).toThrow(/FAKTURA_SMTP_URL/);
  });

  it('configures the server for those who prefer configuration; Settings shows it and the password stays hidden', async () => {
    const server = await smtp({ security: 'tls', auth: { user: 'env-user', pass: 'env secret/42' } });
    const configured = await h.sibling({ FAKTURA_SMTP_URL: `smtps://env-user:${encodeURIComponent('env secret/42')}@localhost:${server.port}` });
    const { token: other } = await configured.login();
    const got = await configured.request('GET', '/api/v1/settings/email', { token: other });
    expect(dataOf<Settings>(got)).toMatchObject({ source: 'environment', host: 'localhost', username: 'env-user', passwordSet: true, ready: true });
    expect(got.body).not.toContain('env secret');
    const { id } = await issue(invoiceBody(w.hr, [line(w.dev, 45, 1)]));
    const sent = dataOf<EmailRecord>(await configured.request('POST', `/api/v1/invoice/${id}/email`, { token: other, body: { to: ['nabava@jadran.hr'] } }));
    expect(sent.status).toBe('SENT');
    expect(server.logins).toEqual(['env-user']);
  });
});
