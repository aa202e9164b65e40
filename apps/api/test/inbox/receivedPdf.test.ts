import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { formatDate } from '@faktura/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { dataOf, errorsOf } from '../harness';
import { useInvoiceWorld } from '../invoiceFixtures';
import { pdfText } from '../pdfText';
import { importFiles, sampleBytes } from './inboxFixtures';

/*
 * Issue 46, "a readable PDF of Faktura's own is offered for every received document": GET
 * /api/v1/inbox/{id}/pdf prints what the document's page shows, in the reader's language, headed as
 * a print of a received e-invoice (never mistaken for an invoice Faktura issued).
 */
const world = useInvoiceWorld();
const squash = (text: string) => text.replace(/\s+/g, ' ');

describe('GET /api/v1/inbox/{id}/pdf', () => {
  let invoice: number;
  let note: number;
  const original = sampleBytes('hr/eRacun_PDV25.xml');
  beforeAll(async () => {
    const answer = dataOf<{ results: { id: number }[] }>(
      await importFiles(world.h, world.token, [
        { name: 'pdv25.xml', bytes: original },
        { name: 'odobrenje.xml', bytes: sampleBytes('hr/Odobrenje.xml') },
      ]),
    );
    [invoice, note] = answer.results.map((r) => r.id) as [number, number];
  });
  const pdf = (id: number, lang = 'hr', query = '') => world.h.request('GET', `/api/v1/inbox/${id}/pdf${query}`, { token: world.token, lang });

  it('prints a Croatian A4 copy: heading, parties, dates, lines with KPD, VAT, totals, payment and the original\'s SHA-256', async () => {
    const res = await pdf(invoice);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/filename=".*1-P1-1\.pdf"/);
    if (process.env.FAKTURA_KEEP_PDF) fs.writeFileSync(`${process.env.FAKTURA_KEEP_PDF}-hr.pdf`, res.rawPayload);
    const shown = dataOf<{ supplier: { name: string; oib: string }; buyer: { name: string }; number: string; payment: { iban: string; paymentId: string } }>(
      await world.h.request('GET', `/api/v1/inbox/${invoice}`, { token: world.token }),
    );
    const text = squash(pdfText(res.rawPayload));
    expect(text).toContain('Primljeni e-račun — ispis');
    expect(text).toContain('nije račun koji je izdala Faktura');
    expect(text).toContain(`Račun ${shown.number}`);
    for (const label of ['Dobavljač', 'Kupac', 'Datum izdavanja', 'Stavke', 'KPD', 'Rekapitulacija PDV-a', 'Za platiti', 'Plaćanje', 'SHA-256']) expect(text).toContain(label);
    expect(text).toContain(shown.supplier.name);
    expect(text).toContain(shown.supplier.oib);
    expect(text).toContain(shown.buyer.name);
    expect(text).toContain('62.20.20');
    expect(text).toContain(`Datum izdavanja: ${formatDate('2025-12-01', 'hr')}`);
    expect(text).toContain('Veličina: 4,7 kB');
    expect(text).toContain(shown.payment.paymentId);
    expect(text).toContain(createHash('sha256').update(original).digest('hex'));
    expect(text).toMatch(/\d+,\d{2} €/);
  });

  it('prints in English when asked, and a credit note says so', async () => {
    const en = squash(pdfText((await pdf(invoice, 'hr', '?lang=en')).rawPayload));
    expect(en).toContain('Received e-invoice — print');
    expect(en).toContain('not an invoice Faktura issued');
    for (const label of ['Supplier', 'Buyer', 'Issue date', 'VAT breakdown']) expect(en).toContain(label);
    expect(en).not.toContain('Rekapitulacija');
    const byHeader = (await pdf(invoice, 'en')).rawPayload;
    if (process.env.FAKTURA_KEEP_PDF) fs.writeFileSync(`${process.env.FAKTURA_KEEP_PDF}-en.pdf`, byHeader);
    expect(squash(pdfText(byHeader))).toContain('Received e-invoice — print');
    const credit = squash(pdfText((await pdf(note)).rawPayload));
    expect(credit).toContain('Odobrenje 2-1-1');
    expect(credit).toContain('1-1-1');
  });

  it('answers a missing document or a bad language with a clear error in the reader\'s language', async () => {
    const missing = await pdf(999_999);
    expect(missing.statusCode).toBe(404);
    expect(errorsOf(missing)[0]?.code).toBe('inboxNotFound');
    const bad = await pdf(invoice, 'en', '?lang=de');
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad)[0]?.field).toBe('lang');
    expect((await world.h.request('GET', `/api/v1/inbox/${invoice}/pdf`)).statusCode).toBe(401);
  });
});
