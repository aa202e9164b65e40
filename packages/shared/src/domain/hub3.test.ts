import { describe, expect, it } from 'vitest';
import { buildEpcPayload } from './epc';
import { buildHub3Payload, hub3Text } from './hub3';

const input = {
  amountCents: 12355,
  payer: { name: 'Jadranski Softver d.o.o.', street: 'Obala kneza Branimira 12', place: '21000 Split' },
  recipient: { name: 'Kodni Obrt Ivana Horvat', street: 'Ilica 42', place: '10000 Zagreb' },
  iban: 'HR60 2360 0001 1012 3456 7',
  model: 'HR00',
  reference: '7-2026',
  description: 'Račun 7/POSL1/1',
};

describe('HUB-3A payload', () => {
  it('has fourteen fields, each ending in a line feed', () => {
    const payload = buildHub3Payload(input);
    expect(payload.endsWith('\n')).toBe(true);
    expect(payload.split('\n')).toEqual([
      'HRVHUB30', 'EUR', '000000000012355', 'Jadranski Softver d.o.o.', 'Obala kneza Branimira 12', '21000 Split',
      'Kodni Obrt Ivana Horvat', 'Ilica 42', '10000 Zagreb', 'HR6023600001101234567', 'HR00', '7-2026', 'OTHR',
      'Racun 7/POSL1/1', '',
    ]);
  });

  it('pads the amount to 15 digits', () => {
    expect(buildHub3Payload({ ...input, amountCents: 0 }).split('\n')[2]).toBe('000000000000000');
    expect(buildHub3Payload({ ...input, amountCents: 100000000 }).split('\n')[2]).toBe('000000100000000');
    expect(() => buildHub3Payload({ ...input, amountCents: -1 })).toThrow();
  });

  it('cuts fields to their lengths', () => {
    const long = 'A'.repeat(60);
    const fields = buildHub3Payload({ ...input, payer: { name: long, street: long, place: long }, recipient: { name: long, street: long, place: long }, description: long }).split('\n');
    expect(fields.slice(3, 9).map((f) => f.length)).toEqual([30, 27, 27, 25, 25, 27]);
    expect(fields[13]).toHaveLength(35);
  });

  it('transliterates Croatian letters and replaces characters outside the set', () => {
    expect(hub3Text('Čačić & Đurđević, Šibenik-Žužemberk', 60)).toBe('Cacic Durdevic, Sibenik-Zuzemberk');
    expect(hub3Text('<img src=x> "Müller" ; 50%', 60)).toBe('img src x Muller 50');
    expect(hub3Text("O'Neil (Ltd.) +385 1/2:3?", 60)).toBe("O'Neil (Ltd.) +385 1/2:3?");
    expect(hub3Text(null, 10)).toBe('');
  });
});

describe('EPC QR payload', () => {
  it('follows EPC069-12 version 002', () => {
    expect(buildEpcPayload({ bic: 'zabahr2x', name: 'Kodni Obrt Ivana Horvat', iban: 'HR60 2360 0001 1012 3456 7', amountCents: 123456, remittanceText: 'Račun 7/POSL1/1' }).split('\n')).toEqual([
      'BCD', '002', '1', 'SCT', 'ZABAHR2X', 'Kodni Obrt Ivana Horvat', 'HR6023600001101234567', 'EUR1234.56', '', '', 'Račun 7/POSL1/1',
    ]);
    expect(buildEpcPayload({ bic: null, name: 'X', iban: 'HR6023600001101234567', amountCents: 5, remittanceText: 't' }).split('\n')[7]).toBe('EUR0.05');
    expect(() => buildEpcPayload({ bic: null, name: 'X', iban: 'X', amountCents: 0, remittanceText: 't' })).toThrow();
  });
});
