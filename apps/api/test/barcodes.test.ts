import { buildEpcPayload, buildHub3Payload } from '@faktura/shared';
import { describe, expect, it } from 'vitest';
import { renderPdf417, renderQr } from '../src/modules/invoice/print/barcodes';
import { decodePng } from './decode';

describe('payment codes scan back to their payload', () => {
  it('HUB-3A PDF417 with Croatian names transliterated', async () => {
    const payload = buildHub3Payload({
      amountCents: 143556,
      payer: { name: 'Čačić & sinovi d.o.o.', street: 'Šetalište Đure Đakovića 5', place: '31000 Osijek' },
      recipient: { name: 'Kodni Obrt Ivana Horvat', street: 'Ilica 42', place: '10000 Zagreb' },
      iban: 'HR6023600001101234567',
      model: 'HR01',
      reference: '12343',
      description: 'Račun 1/POSL1/1',
    });
    const decoded = decodePng(await renderPdf417(payload), 'PDF_417');
    expect(decoded).toBe(payload);
    expect(decoded.split('\n')[3]).toBe('Cacic sinovi d.o.o.');
  });

  it('EPC QR with UTF-8 text', async () => {
    const payload = buildEpcPayload({ bic: 'ZABAHR2X', name: 'Kodni Obrt Ivana Horvat', iban: 'HR6023600001101234567', amountCents: 100000, remittanceText: 'Račun 7/POSL1/1' });
    expect(decodePng(await renderQr(payload), 'QR_CODE')).toBe(payload);
  });
});
