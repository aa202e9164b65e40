import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EntryToMatch, type OpenDocument, proposeMatches, referenceKey, sameParty } from '../../src/modules/bank/matching';

/** Matching a statement's entries to open documents (issue 49): why each matched, and never twice. */
const invoice = (id: number, openCents: number, over: Partial<OpenDocument> = {}): OpenDocument => ({
  id, number: `${String(id)}-1-1`, issueDate: `2026-11-${String(id).padStart(2, '0')}`, currency: 'EUR', openCents,
  partyName: 'Jadranski Softver d.o.o.', partyIban: null, referenceModel: 'HR00', referenceNumber: `${String(id)}-2026`, ...over,
});
const credit = (amountCents: number, over: Partial<EntryToMatch> = {}): EntryToMatch => ({
  direction: 'CREDIT', amountCents, currency: 'EUR', counterpartyName: null, counterpartyIban: null, referenceModel: null, referenceNumber: null, text: null, ...over,
});

describe('proposing matches', () => {
  it('by the poziv na broj Faktura printed: ticked, a part payment too; an overpayment proposed but not ticked', () => {
    const open = [invoice(1, 56250), invoice(2, 10000), invoice(3, 5000)];
    const [exact, part, over] = proposeMatches(
      [credit(56250, { referenceModel: 'HR00', referenceNumber: '01-2026' }), credit(4000, { referenceModel: 'HR00', referenceNumber: '2-2026' }), credit(6000, { referenceNumber: '3-2026' })],
      open,
      [],
    );
    expect(exact).toEqual({ kind: 'INVOICE', allocations: [{ documentId: 1, amountCents: 56250 }], reasons: ['reference'], ticked: true, overpaidCents: 0 });
    expect(part).toEqual({ kind: 'INVOICE', allocations: [{ documentId: 2, amountCents: 4000 }], reasons: ['reference', 'partPayment'], ticked: true, overpaidCents: 0 });
    expect(over).toEqual({ kind: 'INVOICE', allocations: [{ documentId: 3, amountCents: 6000 }], reasons: ['reference', 'overpayment'], ticked: false, overpaidCents: 1000 });
  });

  it('one transfer for several invoices named in the text, oldest first; or the exact sum of one client’s open invoices, unticked', () => {
    const open = [invoice(4, 30000), invoice(5, 20000), invoice(6, 7000, { partyName: 'Other obrt' })];
    const [named] = proposeMatches([credit(50000, { text: 'Racuni 5-1-1 i 4-1-1, hvala' })], open, []);
    expect(named).toEqual({ kind: 'INVOICE', allocations: [{ documentId: 4, amountCents: 30000 }, { documentId: 5, amountCents: 20000 }], reasons: ['number'], ticked: true, overpaidCents: 0 });
    const [summed] = proposeMatches([credit(50000, { counterpartyName: 'JADRANSKI SOFTVER DOO' })], open, []);
    expect(summed).toMatchObject({ allocations: [{ documentId: 4, amountCents: 30000 }, { documentId: 5, amountCents: 20000 }], reasons: ['sum', 'name'], ticked: false });
  });

  it('by the amount and the payer’s name or IBAN, unticked; nothing when the amount fits no one or two alike', () => {
    const open = [invoice(7, 12500, { partyName: 'Ana Anić', partyIban: 'HR1210010051863000160' }), invoice(8, 12500, { partyName: 'Marko Marić' })];
    expect(proposeMatches([credit(12500, { counterpartyName: 'ANIC ANA' })], open, [])[0]).toMatchObject({ allocations: [{ documentId: 7 }], reasons: ['amount', 'name'], ticked: false });
    expect(proposeMatches([credit(12500, { counterpartyIban: 'HR1210010051863000160' })], open, [])[0]).toMatchObject({ allocations: [{ documentId: 7 }], reasons: ['amount', 'iban'] });
    expect(proposeMatches([credit(12500)], open, [])[0]).toBeNull();
    expect(proposeMatches([credit(9999, { counterpartyName: 'Ana Anić' })], open, [])[0]).toBeNull();
    // another currency is never matched
    expect(proposeMatches([credit(12500, { currency: 'USD', referenceNumber: '7-2026' })], open, [])[0]).toBeNull();
  });

  it('a debit pays a received invoice (the inbox), by the supplier’s reference', () => {
    const supplier = invoice(9, 8000, { partyName: 'HEP ELEKTRA d.o.o.', referenceModel: 'HR01', referenceNumber: '12345678' });
    const [paid] = proposeMatches([{ ...credit(8000, { referenceModel: 'HR01', referenceNumber: '12345678' }), direction: 'DEBIT' }], [invoice(9, 8000)], [supplier]);
    expect(paid).toMatchObject({ kind: 'RECEIVED', allocations: [{ documentId: 9, amountCents: 8000 }], ticked: true });
  });

  it('two entries for one invoice share what is open: the second is an overpayment of what the first left', () => {
    const [first, second] = proposeMatches([credit(8000, { referenceNumber: '1-2026' }), credit(8000, { referenceNumber: '1-2026' })], [invoice(1, 10000)], []);
    expect(first).toMatchObject({ ticked: true, overpaidCents: 0 });
    expect(second).toMatchObject({ allocations: [{ documentId: 1, amountCents: 8000 }], ticked: false, overpaidCents: 6000 });
  });

  it('reads references and names the way payers write them', () => {
    expect(referenceKey('HR01 0012-2026')).toBe('12-2026');
    expect(referenceKey('12 2026')).toBe('12-2026');
    expect(referenceKey('')).toBeNull();
    expect(sameParty('Jadranski Softver d.o.o.', 'JADRANSKI SOFTVER DOO ZAGREB')).toBe(true);
    expect(sameParty('Đuro Đaković', 'djuro dakovic')).toBe(false); // đ is not d+j: only the exact letters count
    expect(sameParty('Obrt Ivić', 'Ivić')).toBe(true);
    expect(sameParty('d.o.o.', 'd.o.o.')).toBe(false);
  });

  it('property: each entry is matched once or left; a proposal allocates exactly the entry, a ticked one never more than was open', () => {
    const doc = fc.record({ openCents: fc.integer({ min: 1, max: 500_000 }), party: fc.constantFrom('A d.o.o.', 'B obrt', 'C j.d.o.o.'), withIban: fc.boolean() });
    const entry = fc.record({
      amountCents: fc.integer({ min: 1, max: 600_000 }),
      refOf: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }),
      nameOf: fc.option(fc.integer({ min: 0, max: 9 }), { nil: null }),
      textOf: fc.array(fc.integer({ min: 0, max: 9 }), { maxLength: 3 }),
      debit: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(doc, { minLength: 0, maxLength: 10 }), fc.array(entry, { minLength: 1, maxLength: 15 }), (docs, entries) => {
        const open = docs.map((d, i) =>
          invoice(i + 1, d.openCents, { partyName: d.party, partyIban: d.withIban ? `HR00IBAN${String(i)}` : null }),
        );
        const asEntries = entries.map((e) => ({
          ...credit(e.amountCents, {
            referenceNumber: e.refOf !== null && open[e.refOf] ? open[e.refOf]!.referenceNumber : null,
            counterpartyName: e.nameOf !== null && open[e.nameOf] ? open[e.nameOf]!.partyName : null,
            text: e.textOf.map((i) => open[i]?.number ?? 'x').join(' ') || null,
          }),
          direction: e.debit ? ('DEBIT' as const) : ('CREDIT' as const),
        }));
        const proposals = proposeMatches(asEntries, open, open);
        expect(proposals).toHaveLength(asEntries.length);
        const used = new Map<string, number>();
        proposals.forEach((p, i) => {
          if (!p) return;
          const amounts = p.allocations.map((a) => a.amountCents);
          expect(amounts.every((a) => a > 0)).toBe(true);
          expect(amounts.reduce((s, a) => s + a, 0)).toBe(asEntries[i]!.amountCents);
          expect(new Set(p.allocations.map((a) => a.documentId)).size).toBe(p.allocations.length);
          expect(p.kind).toBe(asEntries[i]!.direction === 'CREDIT' ? 'INVOICE' : 'RECEIVED');
          for (const a of p.allocations) {
            const key = `${p.kind}:${String(a.documentId)}`;
            const before = used.get(key) ?? 0;
            const openCents = open.find((d) => d.id === a.documentId)!.openCents;
            // nothing is proposed on a document earlier entries already paid in full
            expect(before).toBeLessThan(openCents);
            if (p.ticked) expect(before + a.amountCents).toBeLessThanOrEqual(openCents);
            used.set(key, before + a.amountCents);
          }
          if (p.ticked) expect(p.overpaidCents).toBe(0);
        });
      }),
      { numRuns: 300 },
    );
  });
});
