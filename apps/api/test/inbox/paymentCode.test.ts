import { buildHub3Payload } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { renderPdf417 } from '../../src/modules/invoice/print/barcodes';
import { dataOf, errorsOf } from '../harness';
import { useInvoiceWorld } from '../invoiceFixtures';
import { addressedTo, importFiles, sampleBytes } from './inboxFixtures';

/**
 * Issue 46, "Readable": a received invoice's page offers a HUB-3A code to pay it from a banking app,
 * with the supplier's IBAN, model and reference as the supplier wrote them and what is still open.
 */
const world = useInvoiceWorld();
const OUR_OIB = '69814562369';
const IBAN = 'HR1210010051863000160';
type Answer = { results: { id: number; outcome: string }[] };

describe('paying a received invoice by HUB-3A', () => {
  it('draws the code for the amount due, to the supplier’s IBAN with its model and reference', async () => {
    const { h, token } = world;
    const xml = Buffer.from(addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), OUR_OIB, 'PAY-1').toString('utf8').replace(/(<cac:PayeeFinancialAccount>\s*<cbc:ID>)[^<]*/, `$1${IBAN}`), 'utf8');
    const [kept] = dataOf<Answer>(await importFiles(h, token, [{ name: 'pay.xml', bytes: xml }])).results;
    expect(kept?.outcome).toBe('IMPORTED');
    const doc = dataOf<{ payableCents: number; supplier: { name: string; address: { street: string | null; postcode: string | null; city: string | null } }; buyer: { name: string; address: { street: string | null; postcode: string | null; city: string | null } } }>(
      await h.request('GET', `/api/v1/inbox/${String(kept!.id)}`, { token }),
    );
    const res = await h.request('GET', `/api/v1/inbox/${String(kept!.id)}/payment-code`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const place = (a: { postcode: string | null; city: string | null }) => [a.postcode, a.city].filter(Boolean).join(' ');
    const expected = buildHub3Payload({
      amountCents: doc.payableCents,
      payer: { name: doc.buyer.name, street: doc.buyer.address.street ?? '', place: place(doc.buyer.address) },
      recipient: { name: doc.supplier.name, street: doc.supplier.address.street ?? '', place: place(doc.supplier.address) },
      iban: IBAN,
      model: 'HR00',
      reference: '123456',
      description: 'Racun PAY-1',
    });
    expect(expected).toContain(`${IBAN}\nHR00\n123456\n`);
    expect(doc.payableCents).toBe(12500);
    expect(res.rawPayload.equals(await renderPdf417(expected))).toBe(true);
  });

  it('refuses, with its reason in the user’s language, a code for a credit note or an invoice without a real IBAN', async () => {
    const { h, token } = world;
    const results = dataOf<Answer>(
      await importFiles(h, token, [
        { name: 'no-iban.xml', bytes: addressedTo(sampleBytes('hr/eRacun_PDV25.xml'), OUR_OIB, 'PAY-2') },
        { name: 'credit.xml', bytes: addressedTo(sampleBytes('hr/Odobrenje.xml'), OUR_OIB, 'PAY-3') },
      ]),
    ).results;
    expect(results.map((r) => r.outcome)).toEqual(['IMPORTED', 'IMPORTED']);
    for (const { id } of results) {
      const hr = await h.request('GET', `/api/v1/inbox/${String(id)}/payment-code`, { token });
      expect(hr.statusCode).toBe(409);
      expect(errorsOf(hr)[0]).toMatchObject({ code: 'inboxNoPaymentCode', reason: expect.stringContaining('HUB-3A traži iznos za platiti u eurima') as unknown });
    }
    const en = await h.request('GET', `/api/v1/inbox/${String(results[0]!.id)}/payment-code`, { token, lang: 'en' });
    expect(errorsOf(en)[0]!.reason).toContain('needs an amount due in euro');
    expect((await h.request('GET', '/api/v1/inbox/999999/payment-code', { token })).statusCode).toBe(404);
    expect((await h.request('GET', `/api/v1/inbox/${String(results[0]!.id)}/payment-code`, {})).statusCode).toBe(401);
  });
});
