import { describe, expect, it } from 'vitest';
import { up as migrateSnapshotsToV1 } from '../src/db/migrations/2026_11_24_0801_snapshot_v1';
import { up as migrateSnapshotOperator } from '../src/db/migrations/2026_11_25_0201_snapshot_operator';
import { parseClientSnapshot, parseIssuerSnapshot } from '../src/modules/invoice';
import { type Harness, dataOf } from './harness';
import { pdfText } from './pdfText';
import { invoiceBody, line, useInvoiceWorld, type InvoiceWorld } from './invoiceFixtures';

let h: Harness;
let token: string;
let w: InvoiceWorld;
useInvoiceWorld({ ready: (world) => ({ h, token, w } = world) });

const issue = async (clientId: number) =>
  dataOf<{ id: number; number: string }>(await h.request('POST', '/api/v1/invoice', { token, body: invoiceBody(clientId, [line(w.dev, 45, 2)]) }));
const stored = (id: number) =>
  h.db.selectFrom('invoice').select(['client_snapshot', 'issuer_snapshot']).where('id', '=', id).executeTakeFirstOrThrow();
const printView = async (id: number, lang = 'hr') => (await h.request('GET', `/screen/v1/invoice/print/${id}`, { token, lang })).json<unknown>();
const ubl = async (id: number) => (await h.request('GET', `/api/v1/invoice/${id}/ubl`, { token })).body;

describe('issue-time snapshots', () => {
  it('keep exactly what the invoice says about its client and issuer, versioned, and nothing of the rows', async () => {
    const { id } = await issue(w.hr);
    const row = await stored(id);
    const client = JSON.parse(row.client_snapshot ?? 'null') as Record<string, unknown>;
    const issuer = JSON.parse(row.issuer_snapshot ?? 'null') as Record<string, unknown>;
    expect(client).toEqual({
      v: 1, name: 'Jadranski Softver d.o.o.', pin: '33914072203', email: 'racuni@jadranski-softver.hr',
      address: { address1: 'Obala kneza Branimira 12', address2: null, zip: '21000', city: 'Split', state: 'Splitsko-dalmatinska', country_code: 'HR' },
      receives_einvoices: true, kind: 'BUSINESS',
    });
    expect(Object.keys(issuer).sort()).toEqual(
      ['address', 'default_footnote', 'default_footnote_en', 'einvoice_profile', 'email', 'footer_text', 'footer_text_en', 'iban', 'in_vat_system', 'name', 'oib', 'operator', 'phone', 'swift', 'v'],
    );
    expect(issuer).toMatchObject({ v: 1, name: 'Kodni Obrt Ivana Horvat', oib: '69814562369', in_vat_system: true, einvoice_profile: 'P1' });
    const me = await h.db.selectFrom('operator').select(['name', 'oib']).executeTakeFirstOrThrow();
    expect(issuer.operator).toEqual({ name: me.name, oib: me.oib });
  });

  it("renaming the operator changes no issued invoice's printout, PDF or e-invoice; drafts show the new name", async () => {
    const account = dataOf<{ email: string; name: string }>(await h.request('GET', '/api/v1/account', { token }));
    // issued before an e-invoice's issue needed the operator's OIB, while the operator had none (its
    // snapshot names no OIB): the e-invoice needs one, so it takes the one entered since
    const early = await issue(w.hr);
    const stored = await h.db.selectFrom('invoice').select('issuer_snapshot').where('id', '=', early.id).executeTakeFirstOrThrow();
    const snapshot = JSON.parse(stored.issuer_snapshot ?? '{}') as { operator: { oib: string | null } };
    snapshot.operator.oib = null;
    await h.db.updateTable('invoice').set({ issuer_snapshot: JSON.stringify(snapshot) }).where('id', '=', early.id).execute();
    expect((await h.request('PUT', '/api/v1/account', { token, body: { name: account.name, email: account.email, oib: '12345678903' } })).statusCode).toBe(200);
    const { id } = await issue(w.hr);
    const before = { hr: await printView(id, 'hr'), en: await printView(id, 'en'), ubl: await ubl(id) };
    const pdfBefore = (await h.request('GET', `/api/v1/invoice/${id}/pdf`, { token })).rawPayload;
    const renamed = await h.request('PUT', '/api/v1/account', { token, body: { name: 'Marija Novak', email: account.email, oib: '12345678903' } });
    expect(renamed.statusCode).toBe(200);

    expect({ hr: await printView(id, 'hr'), en: await printView(id, 'en'), ubl: await ubl(id) }).toEqual(before);
    expect((before.hr as { data: { operator: { name: string } } }).data.operator.name).toBe(account.name);
    expect(before.ubl).toContain(`<cbc:Name>${account.name}</cbc:Name>`);
    expect(pdfText((await h.request('GET', `/api/v1/invoice/${id}/pdf`, { token })).rawPayload)).toBe(pdfText(pdfBefore));
    const earlyUbl = await ubl(early.id);
    expect(earlyUbl).toContain(`<cbc:Name>${account.name}</cbc:Name>`);
    expect(earlyUbl).toContain('<cbc:ID>12345678903</cbc:ID>');
    expect(earlyUbl).not.toContain('Marija Novak');

    const draft = dataOf<{ id: number }>(
      await h.request('POST', '/api/v1/invoice', { token, body: { ...invoiceBody(w.hr, [line(w.dev, 45)]), draft: true } }),
    );
    expect(((await printView(draft.id, 'hr')) as { data: { operator: { name: string } } }).data.operator.name).toBe('Marija Novak');
    const next = await issue(w.hr);
    expect(((await printView(next.id, 'hr')) as { data: { operator: { name: string } } }).data.operator.name).toBe('Marija Novak');
    expect(await ubl(next.id)).toContain('<cbc:Name>Marija Novak</cbc:Name>');
  });

  it("the invoice's page and GET name the operator who issued it, after a rename too; a draft names today's (issue 31)", async () => {
    const account = dataOf<{ email: string; name: string; oib: string | null }>(await h.request('GET', '/api/v1/account', { token }));
    const { id } = await issue(w.hr);
    const draft = dataOf<{ id: number }>(
      await h.request('POST', '/api/v1/invoice', { token, body: { ...invoiceBody(w.hr, [line(w.dev, 45)]), draft: true } }),
    );
    const detail = async (invoiceId: number) => dataOf<{ operator: string; operatorId: number }>(await h.request('GET', `/api/v1/invoice/${invoiceId}`, { token }));
    expect((await detail(id)).operator).toBe(account.name);
    const renamed = await h.request('PUT', '/api/v1/account', { token, body: { name: 'Petra Kovač', email: account.email, oib: account.oib } });
    expect(renamed.statusCode, renamed.body).toBe(200);

    expect(await detail(id)).toMatchObject({ operator: account.name });
    expect((await detail(draft.id)).operator).toBe('Petra Kovač');
    // every invoice at once (spec §7) says the same
    const all = dataOf<{ id: number; operator: string }[]>(await h.request('GET', '/api/v1/invoice', { token }));
    expect(all.find((i) => i.id === id)?.operator).toBe(account.name);
    expect(all.find((i) => i.id === draft.id)?.operator).toBe('Petra Kovač');
    // issued now, it keeps the name it was issued under
    expect((await h.request('POST', `/api/v1/invoice/${draft.id}/issue`, { token })).statusCode).toBe(200);
    await h.request('PUT', '/api/v1/account', { token, body: { name: account.name, email: account.email, oib: account.oib } });
    expect((await detail(draft.id)).operator).toBe('Petra Kovač');
    expect((await detail(id)).operator).toBe(account.name);
  });

  it("an issued invoice's page names its client as issued; a draft names the client as it is now (issue 31)", async () => {
    const { id } = await issue(w.hr);
    const draft = dataOf<{ id: number }>(
      await h.request('POST', '/api/v1/invoice', { token, body: { ...invoiceBody(w.hr, [line(w.dev, 45)]), draft: true } }),
    );
    const before = await h.db.selectFrom('company').select('name').where('id', '=', w.hr).executeTakeFirstOrThrow();
    await h.db.updateTable('company').set({ name: 'Jadranski Softver Novi d.o.o.' }).where('id', '=', w.hr).execute();
    try {
      const client = async (invoiceId: number) => dataOf<{ client: string }>(await h.request('GET', `/api/v1/invoice/${invoiceId}`, { token })).client;
      expect(await client(id)).toBe(before.name);
      expect(await client(draft.id)).toBe('Jadranski Softver Novi d.o.o.');
    } finally {
      await h.db.updateTable('company').set({ name: before.name }).where('id', '=', w.hr).execute();
    }
  });

  it('an invoice keeps its client as issued when the client changes later', async () => {
    const { id } = await issue(w.de);
    const before = await printView(id, 'en');
    await h.db.updateTable('company').set({ email: 'new@example.com', pin: 'DE999999999' }).where('id', '=', w.de).execute();
    expect(await printView(id, 'en')).toEqual(before);
  });

  it('first-generation snapshots (whole rows) are converted by the migration and print exactly as before', async () => {
    const { id } = await issue(w.hr);
    const beforeHr = await printView(id, 'hr');
    const beforeUbl = await ubl(id);
    const row = await stored(id);
    const client = JSON.parse(row.client_snapshot ?? '{}') as Record<string, unknown>;
    const issuer = JSON.parse(row.issuer_snapshot ?? '{}') as Record<string, unknown>;
    // what the first issuing code wrote: `{ ...row, address }`, with 0/1 booleans and no profile yet
    const legacyClient = { id: w.hr, ...client, phone: '+385 21 000', note: 'internal', bank_account_number: null, address_id: 9, created_at: 'x', updated_at: 'y', v: undefined };
    const legacyIssuer = { id: 1, ...issuer, in_vat_system: 1, premises_code: 'POSL1', device_code: '1', address_id: 1, updated_at: 'z', v: undefined, einvoice_profile: undefined, operator: undefined };
    await h.db
      .updateTable('invoice')
      .set({ client_snapshot: JSON.stringify(legacyClient), issuer_snapshot: JSON.stringify(legacyIssuer) })
      .where('id', '=', id)
      .execute();

    await migrateSnapshotsToV1(h.db);
    // v 1 as first written had no operator: the next migration gives it the invoice operator's name
    expect(JSON.parse((await stored(id)).issuer_snapshot ?? '')).not.toHaveProperty('operator');
    await migrateSnapshotOperator(h.db);

    const after = await stored(id);
    // the first snapshots had no "receives e-invoices" mark and no kind: absent, the client received them and was a business
    const { receives_einvoices: _receives, kind: _kind, ...firstClient } = client;
    expect(JSON.parse(after.client_snapshot ?? '')).toEqual(firstClient);
    expect(JSON.parse(after.issuer_snapshot ?? '')).toEqual(issuer);
    expect(await printView(id, 'hr')).toEqual(beforeHr);
    expect(await ubl(id)).toBe(beforeUbl);
  });

  it('a damaged snapshot is refused loudly, naming the invoice, instead of printing a wrong invoice', async () => {
    const { id } = await issue(w.us);
    await h.db.updateTable('invoice').set({ client_snapshot: JSON.stringify({ v: 1, name: 'Bluewater LLC' }) }).where('id', '=', id).execute();
    const res = await h.request('GET', `/screen/v1/invoice/print/${id}`, { token });
    expect(res.statusCode).toBe(500);
    expect(res.json<{ errors: { code: string }[] }>().errors[0]?.code).toBe('internal');
    expect(h.logs.join('')).toContain(`The client snapshot of invoice ${id} does not match its schema`);
  });

  it('a snapshot text is read through its schema once and shared frozen; a text changed in the database is read and checked anew', async () => {
    const first = await issue(w.hr);
    const second = await issue(w.hr);
    const [a, b] = [await stored(first.id), await stored(second.id)];
    // the same client's invoices carry the same text: one parse, shared, and no reader can change it
    expect(a.client_snapshot).toBe(b.client_snapshot);
    const parsed = parseClientSnapshot(first.id, a.client_snapshot ?? '');
    expect(parseClientSnapshot(second.id, b.client_snapshot ?? '')).toBe(parsed);
    expect(Object.isFrozen(parsed) && Object.isFrozen(parsed.address)).toBe(true);
    expect(() => {
      (parsed as { name: string }).name = 'Netko Drugi';
    }).toThrow(TypeError);
    expect(parseIssuerSnapshot(first.id, a.issuer_snapshot ?? '')).toBe(parseIssuerSnapshot(second.id, b.issuer_snapshot ?? ''));
    // damaged after it was read: the new text is parsed and refused; the other invoice still prints
    await h.db.updateTable('invoice').set({ client_snapshot: (a.client_snapshot ?? '').replace('"country_code":"HR"', '"country_code":"Croatia"') }).where('id', '=', first.id).execute();
    expect((await h.request('GET', `/screen/v1/invoice/print/${first.id}`, { token })).statusCode).toBe(500);
    expect(h.logs.join('')).toContain(`The client snapshot of invoice ${first.id} does not match its schema`);
    expect((await h.request('GET', `/screen/v1/invoice/print/${second.id}`, { token })).statusCode).toBe(200);
  });
});
