import { todayInZagreb } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { dataOf, dbKind, errorsOf } from '../harness';
import { useInvoiceWorld } from '../invoiceFixtures';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';

/**
 * Issue 46, "Paid" (decision 039): the user marks a received invoice paid, in parts, and undoes a
 * payment; the supplier of each kept document becomes a supplier record, found or made by OIB.
 */
const world = useInvoiceWorld();
const OUR_OIB = '69814562369';
const SUPPLIER_OIB = '10015555554';
const CLIENT_OIB = '10023333331';
const today = todayInZagreb();
type Answer = { results: { id: number; outcome: string }[] };
interface Doc {
  state: string;
  payableCents: number;
  paidCents: number;
  supplierCompanyId: number | null;
  payments: { id: number; amountCents: number; date: string; method: string; operator: string }[];
}
interface Party {
  id: number;
  name: string;
  pin: string | null;
  email: string;
  isClient: boolean;
  isSupplier: boolean;
  [key: string]: unknown;
}

/** The sample invoice (125,00 €) addressed to us, with this number, from the supplier with this OIB. */
function invoiceXml(number: string, supplierOib = SUPPLIER_OIB, sample = 'hr/eRacun_PDV25.xml'): Buffer {
  const text = addressedTo(sampleBytes(sample), OUR_OIB, number).toString('utf8');
  return Buffer.from(
    text.replace(/(<cac:AccountingSupplierParty>[\s\S]*?<\/cac:AccountingSupplierParty>)/, (party) =>
      party.replace(/(<cbc:EndpointID schemeID="9934">)\d{11}</, `$1${supplierOib}<`).replace(/<cbc:CompanyID>HR\d{11}</g, `<cbc:CompanyID>HR${supplierOib}<`),
    ),
    'utf8',
  );
}

async function kept(number: string, supplierOib = SUPPLIER_OIB, sample?: string): Promise<number> {
  const [result] = dataOf<Answer>(await importFiles(world.h, world.token, [{ name: `${number}.xml`, bytes: invoiceXml(number, supplierOib, sample) }])).results;
  expect(result?.outcome).toBe('IMPORTED');
  return result!.id;
}

const doc = async (id: number) => dataOf<Doc>(await world.h.request('GET', `/api/v1/inbox/${String(id)}`, { token: world.token }));
const pay = (id: number, amountCents: number, extra: Record<string, unknown> = {}, lang = 'hr') =>
  world.h.request('POST', `/api/v1/inbox/${String(id)}/payment`, { token: world.token, lang, body: { date: today, amountCents, method: 'TRANSFER', ...extra } });
const undo = (id: number, paymentId: number) => world.h.request('DELETE', `/api/v1/inbox/${String(id)}/payment/${String(paymentId)}`, { token: world.token });

describe('marking a received invoice paid', () => {
  it('adds part payments up to PAID, the code asking for what remains until then, and undoes one back to RECEIVED', async () => {
    const id = await kept('PAID-1');
    expect(await doc(id)).toMatchObject({ state: 'RECEIVED', payableCents: 12500, paidCents: 0, payments: [] });

    const first = await pay(id, 5000, { method: 'CARD', note: 'Prvi dio' });
    expect(first.statusCode).toBe(201);
    expect(dataOf<{ document: unknown }>(first).document).toEqual({ id, state: 'RECEIVED', payableCents: 12500, paidCents: 5000, openCents: 7500 });
    expect(await doc(id)).toMatchObject({ state: 'RECEIVED', paidCents: 5000, payments: [{ amountCents: 5000, date: today, method: 'CARD', operator: 'Ana Operater' }] });

    const second = await pay(id, 7500);
    expect(dataOf<{ document: { state: string; openCents: number } }>(second).document).toMatchObject({ state: 'PAID', openCents: 0 });
    const paid = await doc(id);
    expect(paid).toMatchObject({ state: 'PAID', paidCents: 12500 });
    expect(paid.payments.map((p) => p.amountCents)).toEqual([5000, 7500]);
    // nothing left to pay: no code, and the inbox's PAID filter finds it
    expect((await world.h.request('GET', `/api/v1/inbox/${String(id)}/payment-code`, { token: world.token })).statusCode).toBe(409);
    const listed = dataOf<{ id: number }[]>(await world.h.request('GET', '/api/v1/inbox?state=PAID', { token: world.token }));
    expect(listed.map((r) => r.id)).toContain(id);

    // sent again with the same Idempotency-Key (a lost answer): the same answer, no second payment
    const key = { 'idempotency-key': `pay-${String(id)}-once` };
    const once = await world.h.request('POST', `/api/v1/inbox/${String(id)}/payment`, { token: world.token, headers: key, body: { date: today, amountCents: 1, method: 'CASH' } });
    expect(once.statusCode).toBe(409);
    const undone = await undo(id, paid.payments[1]!.id);
    const keyed = () => world.h.request('POST', `/api/v1/inbox/${String(id)}/payment`, { token: world.token, headers: { 'idempotency-key': `pay-${String(id)}-again` }, body: { date: today, amountCents: 7500, method: 'TRANSFER' } });
    expect((await keyed()).statusCode).toBe(201);
    const replayed = await keyed();
    expect(replayed.statusCode).toBe(201);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect((await doc(id)).payments.map((p) => p.amountCents)).toEqual([5000, 7500]);
    await undo(id, (await doc(id)).payments[1]!.id);
    expect(undone.statusCode).toBe(200);
    expect(dataOf<{ document: unknown }>(undone).document).toEqual({ id, state: 'RECEIVED', payableCents: 12500, paidCents: 5000, openCents: 7500 });
    expect(undone.statusCode).toBe(200);
    expect((await doc(id)).payments.map((p) => p.amountCents)).toEqual([5000]);
    expect((await undo(id, paid.payments[1]!.id)).statusCode).toBe(404);

    const audit = await world.h.db.selectFrom('audit_log').select(['action', 'details']).where('action', 'in', ['inbox.paymentRecorded', 'inbox.paymentDeleted']).orderBy('seq').execute();
    expect(audit.map((a) => a.action)).toEqual(['inbox.paymentRecorded', 'inbox.paymentRecorded', 'inbox.paymentDeleted', 'inbox.paymentRecorded', 'inbox.paymentDeleted']);
    expect(JSON.parse(String(audit[2]!.details))).toMatchObject({ receivedId: id, number: 'PAID-1', amountCents: 7500, state: 'RECEIVED' });
  });

  it('refuses, in the user’s language, more than is open, a day ahead or before the issue date, a credit note and a rejected document, and changes nothing', async () => {
    const id = await kept('PAID-2');
    await pay(id, 10000);
    const over = await pay(id, 2501);
    expect(over.statusCode).toBe(409);
    expect(errorsOf(over)[0]).toMatchObject({ code: 'inboxPaymentOverOpen', field: 'amountCents', reason: expect.stringContaining('25,00') as unknown });
    expect(errorsOf(await pay(id, 2501, {}, 'en'))[0]!.reason).toContain('more than what is still to pay');

    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const ahead = await pay(id, 100, { date: tomorrow });
    expect(ahead.statusCode).toBe(400);
    expect(errorsOf(ahead)[0]).toMatchObject({ code: 'inboxPaymentInFuture', field: 'date' });
    const early = await pay(id, 100, { date: '2025-11-30' });
    expect(errorsOf(early)[0]).toMatchObject({ code: 'inboxPaymentBeforeIssue', reason: expect.stringContaining('1. 12. 2025.') as unknown });
    for (const body of [{ amountCents: 0 }, { amountCents: 12.5 }, { method: 'CHEQUE' }, { date: 'jučer' }]) {
      const bad = await pay(id, 100, body);
      expect(bad.statusCode).toBe(400);
      expect(errorsOf(bad)[0]!.code).toBe('validation');
    }
    expect(await doc(id)).toMatchObject({ state: 'RECEIVED', paidCents: 10000 });
    expect((await doc(id)).payments).toHaveLength(1);

    const [credit] = dataOf<Answer>(await importFiles(world.h, world.token, [{ name: 'credit.xml', bytes: addressedTo(sampleBytes('hr/Odobrenje.xml'), OUR_OIB, 'PAID-CN') }])).results;
    const refused = await pay(credit!.id, 100);
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused)[0]).toMatchObject({ code: 'inboxPaymentCreditNote', reason: expect.stringContaining('Odobrenje se ne plaća') as unknown });

    const paymentId = (await doc(id)).payments[0]!.id;
    await world.h.db.updateTable('received_document').set({ state: 'REJECTED' }).where('id', '=', id).execute();
    expect(errorsOf(await pay(id, 100))[0]!.code).toBe('inboxPaymentRejected');
    expect(errorsOf(await undo(id, paymentId))[0]!.code).toBe('inboxPaymentRejected');
    expect(await doc(id)).toMatchObject({ state: 'REJECTED', paidCents: 10000 });
    expect((await pay(999_999, 100)).statusCode).toBe(404);
  });

  it('lets two payments at the same moment, from two processes, never pay more than the invoice asks', async () => {
    const id = await kept('PAID-3');
    // on PostgreSQL a second app with its own pool, as a second API process; SQLite's lock would block the
    // one thread both in-process apps share (two SQLite processes are covered by concurrentWrites.test.ts)
    const other = dbKind === 'postgres' ? await world.h.sibling() : world.h;
    try {
      const otherToken = other === world.h ? world.token : (await other.login()).token;
      const at = (i: number) =>
        (i % 2 === 0 ? world.h : other).request('POST', `/api/v1/inbox/${String(id)}/payment`, {
          token: i % 2 === 0 ? world.token : otherToken,
          body: { date: today, amountCents: 5000, method: 'TRANSFER' },
        });
      const answers = await Promise.all([0, 1, 2, 3, 4, 5].map(at));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
      for (const refused of answers.filter((a) => a.statusCode === 409)) expect(errorsOf(refused)[0]!.code).toBe('inboxPaymentOverOpen');
      const after = await doc(id);
      expect(after).toMatchObject({ state: 'RECEIVED', paidCents: 10000 });
      expect(after.payments.map((p) => p.amountCents)).toEqual([5000, 5000]);
      // and undoing one twice at once undoes it once
      const twice = await Promise.all([undo(id, after.payments[0]!.id), other.request('DELETE', `/api/v1/inbox/${String(id)}/payment/${String(after.payments[0]!.id)}`, { token: otherToken })]);
      expect(twice.map((a) => a.statusCode).sort()).toEqual([200, 404]);
      expect(await doc(id)).toMatchObject({ paidCents: 5000 });
    } finally {
      if (other !== world.h) await other.close();
    }
  });
});

describe('the supplier of received invoices as a record', () => {
  const parties = async (role?: string) =>
    dataOf<Party[]>(await world.h.request('GET', `/api/v1/company${role ? `?role=${role}` : ''}`, { token: world.token }));

  it('is made once by OIB for two documents, a supplier and not a client, and found again', async () => {
    const before = await parties();
    const first = await kept('SUP-1', '10132222209');
    const second = await kept('SUP-2', '10132222209');
    const suppliers = (await parties('supplier')).filter((p) => p.pin === '10132222209');
    expect(suppliers).toHaveLength(1);
    expect(suppliers[0]).toMatchObject({ isSupplier: true, isClient: false, kind: 'BUSINESS' });
    expect((await doc(first)).supplierCompanyId).toBe(suppliers[0]!.id);
    expect((await doc(second)).supplierCompanyId).toBe(suppliers[0]!.id);
    // the clients' list (what it always answered) is as it was; "all" has both
    expect(await parties()).toEqual(before);
    expect((await parties('all')).map((p) => p.id)).toContain(suppliers[0]!.id);
    const made = await world.h.db.selectFrom('audit_log').select('details').where('action', '=', 'client.created').execute();
    expect(made.filter((a) => (JSON.parse(String(a.details)) as { clientId: number }).clientId === suppliers[0]!.id)).toHaveLength(1);
  });

  it('flags a client with the same OIB as the supplier, its client data unchanged', async () => {
    const created = await world.h.request('POST', '/api/v1/company', {
      token: world.token,
      body: {
        name: 'Klijent i dobavljač d.o.o.', email: 'ured@oboje.hr', pin: CLIENT_OIB, phone: '01 555 1234', note: 'Stalni klijent', bankAccountNumber: null,
        contracts: [{ type: 'SOW', paymentDueDays: 30 }],
        address: { address1: 'Ilica 1', address2: null, city: 'Zagreb', zip: '10000', state: null, countryCode: 'HR' },
      },
    });
    expect(created.statusCode).toBe(201);
    const client = dataOf<Party>(created);
    expect(client).toMatchObject({ isClient: true, isSupplier: false });
    const id = await kept('SUP-3', CLIENT_OIB);
    const after = dataOf<Party>(await world.h.request('GET', `/api/v1/company/${String(client.id)}`, { token: world.token }));
    expect(after).toEqual({ ...client, isSupplier: true });
    expect((await doc(id)).supplierCompanyId).toBe(client.id);
    expect((await parties('supplier')).filter((p) => p.pin === CLIENT_OIB).map((p) => p.id)).toEqual([client.id]);
    expect((await parties()).map((p) => p.id)).toContain(client.id);
  });
});
