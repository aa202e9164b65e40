import { describe, expect, it } from 'vitest';
import { StatementReadError, readCamt053, splitReference } from '../../src/modules/bank/camt053';
import { camt053 } from './camtSamples';

/** Reading a camt.053 statement (issue 49): what each entry says, and a clear refusal of a bad file. */
describe('reading a camt.053 statement', () => {
  it('reads the account, the period and each booked entry: direction, amount in cents, party, reference and text', () => {
    const statement = readCamt053(
      camt053([
        { amount: '562.50', direction: 'CRDT', bankReference: 'ZBA-1', name: 'Jadranski Softver d.o.o.', iban: 'HR12 1001 0051 8630 0016 0', reference: 'HR01 12-2026-5', text: 'Plaćanje računa 12-1-1' },
        { amount: '80', direction: 'DBIT', bankReference: 'ZBA-2', name: 'HEP ELEKTRA d.o.o.', iban: 'HR9823400091100013287', reference: '12345678', referenceType: 'HR00', booked: '2026-11-29', value: '2026-11-30' },
        { amount: '10.00', direction: 'CRDT', status: 'PDNG', name: 'Not yet' },
      ]),
    );
    expect(statement).toMatchObject({ version: 'camt.053.001.02', statementId: 'IZV-2026-230', iban: 'HR1723600001101234565', currency: 'EUR', from: '2026-11-30', to: '2026-11-30' });
    expect(statement.entries).toEqual([
      {
        bankReference: 'ZBA-1', position: { entry: 1, transaction: 1 }, direction: 'CREDIT', amountCents: 56250, currency: 'EUR', bookingDate: '2026-11-30', valueDate: '2026-11-30',
        counterpartyName: 'Jadranski Softver d.o.o.', counterpartyIban: 'HR1210010051863000160', referenceModel: 'HR01', referenceNumber: '12-2026-5', text: 'Plaćanje računa 12-1-1', endToEndId: null,
      },
      {
        bankReference: 'ZBA-2', position: { entry: 2, transaction: 1 }, direction: 'DEBIT', amountCents: 8000, currency: 'EUR', bookingDate: '2026-11-29', valueDate: '2026-11-30',
        counterpartyName: 'HEP ELEKTRA d.o.o.', counterpartyIban: 'HR9823400091100013287', referenceModel: 'HR00', referenceNumber: '12345678', text: null, endToEndId: null,
      },
    ]);
  });

  it('splits a batch entry into its transactions, each with its own amount and a reference of its own', () => {
    const { entries } = readCamt053(
      camt053([{ amount: '300.00', direction: 'CRDT', bankReference: 'B-7', transactions: [{ amount: '100.00', name: 'A d.o.o.', reference: 'HR00 1-2026' }, { amount: '200.00', name: 'B obrt', reference: 'HR00 2-2026' }] }], { version: '001.08' }),
    );
    expect(entries.map((e) => [e.bankReference, e.position, e.amountCents, e.counterpartyName, e.referenceNumber])).toEqual([
      ['B-7/1', { entry: 1, transaction: 1 }, 10000, 'A d.o.o.', '1-2026'],
      ['B-7/2', { entry: 1, transaction: 2 }, 20000, 'B obrt', '2-2026'],
    ]);
  });

  it('refuses what is not a camt.053 statement, naming the element and the entry', () => {
    const refusal = (bytes: Buffer) => {
      try {
        readCamt053(bytes);
      } catch (error) {
        if (error instanceof StatementReadError) return { code: error.code, ...error.params };
        throw error;
      }
      return null;
    };
    expect(refusal(Buffer.from('not xml at all'))).toMatchObject({ code: 'bankStatementNotXml' });
    expect(refusal(Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "b">]><Document/>'))).toMatchObject({ code: 'bankStatementNotXml', detail: 'DTD' });
    expect(refusal(Buffer.from('<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"/>'))).toEqual({ code: 'bankStatementNotCamt' });
    expect(refusal(Buffer.from([0x3c, 0x61, 0xff, 0x3e]))).toMatchObject({ code: 'bankStatementNotXml', detail: 'UTF-8' });
    const good = camt053([{ amount: '1.00', direction: 'CRDT' }, { amount: '2.00', direction: 'CRDT' }]).toString('utf8');
    expect(refusal(Buffer.from(good.replace('<Amt Ccy="EUR">2.00</Amt>', '<Amt Ccy="EUR">2,00</Amt>')))).toEqual({ code: 'bankStatementElement', element: 'Ntry/Amt', entry: '2' });
    expect(refusal(Buffer.from(good.replace('<CdtDbtInd>CRDT</CdtDbtInd>', '<CdtDbtInd>X</CdtDbtInd>')))).toEqual({ code: 'bankStatementElement', element: 'Ntry/CdtDbtInd', entry: '1' });
    expect(refusal(Buffer.from(good.replace(/<BookgDt>[\s\S]*?<\/ValDt>/, '')))).toEqual({ code: 'bankStatementElement', element: 'Ntry/BookgDt', entry: '1' });
  });

  it('splits the model from the poziv na broj as payers write it', () => {
    expect(splitReference('HR01 1234-2026')).toEqual({ model: 'HR01', number: '1234-2026' });
    expect(splitReference('HR011234-2026')).toEqual({ model: 'HR01', number: '1234-2026' });
    expect(splitReference('hr00  12-1-1')).toEqual({ model: 'HR00', number: '12-1-1' });
    expect(splitReference('RF18539007547034')).toEqual({ model: null, number: 'RF18539007547034' });
    expect(splitReference(null)).toEqual({ model: null, number: null });
  });
});
