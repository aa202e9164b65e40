import { computeTotals, toEuroCents } from '@faktura/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EInvoiceDocument, type EInvoiceSources, toEInvoiceDocument } from '../../src/modules/invoice/einvoice/document';
import { buildUbl, documentTotals } from '../../src/modules/invoice/einvoice/ubl';
import { CLIENTS, OIB, OPERATOR, PDF, creditLines, issuerSnapshot, storedSources } from './fixtures';
import { loadValidators, ruleIds, validateEInvoice } from './validate';

const clean = { xsd: [], en16931: [], hrCius: [] };

/** The text of every element `prefix:name` (with the given attribute text, if any) in document order. */
function texts(xml: string, name: string, attribute = ''): string[] {
  const pattern = new RegExp(`<${name}${attribute ? ` ${attribute}` : ''}(?: [^>]*)?>([^<]*)</${name}>`, 'g');
  return [...xml.matchAll(pattern)].map((m) => m[1] ?? '');
}
const text = (xml: string, name: string, attribute = '') => texts(xml, name, attribute)[0];
const euros = (cents: number) => (cents / 100).toFixed(2);

const storedTotals = (sources: EInvoiceSources) => computeTotals(sources.lines);

const build = (sources: EInvoiceSources, creditedInvoice: { number: string; billingDate: string } | null = null) => {
  const doc = toEInvoiceDocument(sources, { operator: OPERATOR, creditedInvoice, pdf: PDF });
  return { doc, xml: buildUbl(doc) };
};

// A domestic invoice: 25 % (one line with 12.5 % off), 13 %, 5 % and 0 %
const domestic = storedSources({
  seq: 7,
  vatTreatment: 'DOMESTIC',
  client: CLIENTS.hr,
  lines: [
    { description: 'Razvoj softvera', descriptionEn: 'Software development', quantityMilli: 12_500, priceCents: 4_500, discountBp: 1_250, vatRateBp: 2_500, kpd: '62.10.11' },
    { description: 'Održavanje <web> & "API"', quantityMilli: 1_000, unit: 'SINGLE', priceCents: 33_333, vatRateBp: 2_500, kpd: '62.20.30' },
    { description: 'Smještaj', quantityMilli: 3_000, unit: 'SINGLE', priceCents: 7_999, vatRateBp: 1_300, kpd: '55.10.00' },
    { description: 'Stručna knjiga', quantityMilli: 2_000, unit: 'SINGLE', priceCents: 2_995, discountBp: 500, vatRateBp: 500, kpd: '58.11.11' },
    { description: 'Putni trošak (prefakturiranje)', quantityMilli: 1_000, unit: 'SINGLE', priceCents: 1_000, vatRateBp: 0, kpd: '49.41.19' },
  ],
});

const reverseCharge = storedSources({
  seq: 8,
  vatTreatment: 'REVERSE_CHARGE',
  client: CLIENTS.de,
  lines: [
    { description: 'Razvoj softvera', quantityMilli: 40_000, priceCents: 6_000, vatRateBp: 0, kpd: '62.10.11' },
    { description: 'Savjetovanje', quantityMilli: 2_500, priceCents: 9_000, discountBp: 1_000, vatRateBp: 0, kpd: '62.20.20' },
  ],
});

const usd = storedSources({
  seq: 9,
  vatTreatment: 'OUTSIDE_EU',
  currencyCode: 'USD',
  eurFxRate: '1.08250',
  client: CLIENTS.us,
  lines: [
    { description: 'Code review', quantityMilli: 1_000, unit: 'SINGLE', priceCents: 120_000, vatRateBp: 0, kpd: '62.20.20' },
    { description: 'Razvoj softvera', quantityMilli: 7_250, priceCents: 8_500, vatRateBp: 0, kpd: '62.10.11' },
  ],
});

const notInVatSpec = () => ({
  seq: 10,
  vatTreatment: 'NOT_IN_VAT',
  client: CLIENTS.hr,
  issuer: issuerSnapshot({ in_vat_system: false, einvoice_profile: 'P3' }),
  lines: [
    { description: 'Izrada web stranice', quantityMilli: 1_000, unit: 'SINGLE', priceCents: 150_000, vatRateBp: 0, kpd: '62.10.11' },
    { description: 'Hosting', quantityMilli: 12_000, unit: 'SINGLE', priceCents: 1_000, discountBp: 2_000, vatRateBp: 0, kpd: '62.20.30' },
  ],
}) satisfies Parameters<typeof storedSources>[0];
const notInVat = storedSources(notInVatSpec());

const original = { number: domestic.invoice.invoice_number ?? '', billingDate: domestic.invoice.billing_date };
const fullStorno = storedSources({
  seq: 11,
  documentType: 'CREDIT_NOTE',
  billingDate: '2026-03-05',
  vatTreatment: 'DOMESTIC',
  creditedInvoiceId: domestic.invoice.id,
  creditReason: 'Storno računa 7/POSL1/1: pogrešan kupac',
  client: CLIENTS.hr,
  lines: creditLines(domestic.lines),
});
// 2.5 of the 12.5 hours and one of the two books
const [devLine, , , bookLine] = domestic.lines;
const partialCredit = storedSources({
  seq: 12,
  documentType: 'CREDIT_NOTE',
  billingDate: '2026-03-06',
  vatTreatment: 'DOMESTIC',
  creditedInvoiceId: domestic.invoice.id,
  creditReason: 'Reklamacija: 2,5 sata i jedna knjiga',
  client: CLIENTS.hr,
  lines: creditLines(domestic.lines, { [devLine?.id ?? 0]: 2_500, [bookLine?.id ?? 0]: 1_000 }),
});

describe('UBL e-invoices from stored invoices', () => {
  beforeAll(() => loadValidators(), 300_000);

  it('a domestic invoice with 25/13/5/0 % lines and a discount passes all three validators', async () => {
    const { doc, xml } = build(domestic);
    expect(await validateEInvoice(xml)).toEqual(clean);

    const totals = storedTotals(domestic);
    expect(text(xml, 'cbc:ID')).toBe('7/POSL1/1'); // slashes are allowed; whitespace is not (HR-BR-1)
    expect(text(xml, 'cbc:ProfileID')).toBe('P1');
    expect(text(xml, 'cbc:IssueDate')).toBe('2026-03-02');
    expect(text(xml, 'cbc:IssueTime')).toBe('09:15:30');
    expect(text(xml, 'cbc:DueDate')).toBe('2026-03-17');
    expect(text(xml, 'cbc:InvoiceTypeCode')).toBe('380');
    expect(text(xml, 'cbc:ActualDeliveryDate')).toBe('2026-02-27');
    expect(text(xml, 'cbc:PayableAmount')).toBe(euros(totals.totalCents));
    expect(text(xml, 'cbc:TaxExclusiveAmount')).toBe(euros(totals.subtotalCents));
    expect(text(xml, 'cbc:TaxAmount')).toBe(euros(totals.vatCents));
    // stored totals, the API's computeTotals and the e-invoice agree to the cent
    expect([totals.subtotalCents, totals.vatCents, totals.totalCents]).toEqual([
      domestic.invoice.subtotal_cents, domestic.invoice.vat_cents, domestic.invoice.total_cents,
    ]);
    expect(texts(xml, 'cbc:LineExtensionAmount').slice(1)).toEqual(domestic.lines.map((l) => euros(l.lineTotalCents)));
    // one VAT subtotal per rate, with the VAT of each
    expect(texts(xml, 'cbc:Percent').slice(0, 4)).toEqual(['25', '13', '5', '0']);
    expect(texts(xml, 'cbc:TaxableAmount')).toEqual(totals.vatGroups.map((g) => euros(g.baseCents)));
    expect(texts(xml, 'cbc:TaxAmount').slice(1)).toEqual(totals.vatGroups.map((g) => euros(g.vatCents)));
    expect(texts(xml, 'cbc:Name').filter((n) => n.startsWith('HR:'))).toEqual(['HR:PDV25', 'HR:PDV25', 'HR:PDV13', 'HR:PDV5', 'HR:Z']);
    expect(texts(xml, 'cbc:ItemClassificationCode', 'listID="CG"')).toEqual(['62.10.11', '62.20.30', '55.10.00', '58.11.11', '49.41.19']);
    expect(texts(xml, 'cbc:InvoicedQuantity', 'unitCode="HUR"')).toEqual(['12.500']);
    // the 12.5 % discount: 12.5 h × 45.00 = 562.50, less 70.31 = 492.19
    expect(text(xml, 'cbc:MultiplierFactorNumeric')).toBe('12.5');
    expect(texts(xml, 'cbc:Amount')[0]).toBe('70.31');
    expect(domestic.lines[0]?.lineTotalCents).toBe(49_219);
    // parties, operator and payment
    expect(text(xml, 'cbc:EndpointID', 'schemeID="9934"')).toBe(OIB.issuer);
    expect(texts(xml, 'cbc:CompanyID')).toEqual([`HR${OIB.issuer}`, OIB.issuer, `HR${OIB.hrClient}`, OIB.hrClient]);
    expect(xml).toMatch(/<cac:SellerContact>\s*<cbc:ID>24680135792<\/cbc:ID>\s*<cbc:Name>Ana Operater<\/cbc:Name>/);
    expect(texts(xml, 'cbc:EndpointID')).toEqual([OIB.issuer, OIB.hrClient]);
    expect(text(xml, 'cbc:PaymentMeansCode')).toBe('30');
    expect(text(xml, 'cbc:PaymentID')).toBe('HR00 7-2026');
    expect(xml).toContain('<cbc:ID>HR6023600001101234567</cbc:ID>');
    // escaped by the builder, and the PDF embedded
    expect(xml).toContain('<cbc:Name>Održavanje &lt;web&gt; &amp; "API"</cbc:Name>');
    expect(xml).toContain(`filename="7-POSL1-1.pdf">${Buffer.from(PDF).toString('base64')}<`);
    expect(doc.lines[0]).toMatchObject({ quantityMilli: 12_500, unitCode: 'HUR', discountBp: 1_250, kpdCode: '62.10.11', description: 'Software development' });
  });

  it("last month's work issued today: the date of issue, the date and period of supply, one VAT point (BT-8, never BT-7 too)", async () => {
    // a December job invoiced on 4 January: dated and numbered in January, December as the supply
    const sources = storedSources({
      seq: 1, vatTreatment: 'DOMESTIC', client: CLIENTS.hr, billingDate: '2027-01-04', deliveryDate: '2026-12-31',
      servicePeriod: { start: '2026-12-01', end: '2026-12-31' }, lines: [domesticLine()],
    });
    const { xml } = build(sources);
    expect(await validateEInvoice(xml)).toEqual(clean);
    expect(text(xml, 'cbc:IssueDate')).toBe('2027-01-04');
    expect(text(xml, 'cbc:IssueTime')).toBe('09:15:30');
    expect(text(xml, 'cbc:ActualDeliveryDate')).toBe('2026-12-31');
    expect(xml).toMatch(
      /<cac:InvoicePeriod>\s*<cbc:StartDate>2026-12-01<\/cbc:StartDate>\s*<cbc:EndDate>2026-12-31<\/cbc:EndDate>\s*<cbc:DescriptionCode>35<\/cbc:DescriptionCode>\s*<\/cac:InvoicePeriod>/,
    );
    expect(xml).not.toContain('TaxPointDate');
    // a credit note of it repeats the period, valid on all three layers too
    const note = storedSources({
      seq: 2, documentType: 'CREDIT_NOTE', billingDate: '2027-01-05', deliveryDate: '2026-12-31', vatTreatment: 'DOMESTIC',
      servicePeriod: { start: '2026-12-01', end: '2026-12-31' }, creditedInvoiceId: sources.invoice.id, creditReason: 'Storno',
      client: CLIENTS.hr, lines: creditLines(sources.lines),
    });
    const credit = build(note, { number: '1/POSL1/1', billingDate: '2027-01-04' }).xml;
    expect(await validateEInvoice(credit)).toEqual(clean);
    expect(text(credit, 'cbc:StartDate')).toBe('2026-12-01');
  });

  it('a date of supply without a period: BT-7 names it when it differs from the date of issue, and nothing when it does not', async () => {
    const { xml } = build(domestic);
    expect(text(xml, 'cbc:TaxPointDate')).toBe('2026-02-27');
    expect(xml).not.toContain('InvoicePeriod');
    const sameDay = build(storedSources({ seq: 3, vatTreatment: 'DOMESTIC', client: CLIENTS.hr, deliveryDate: '2026-03-02', lines: [domesticLine()] })).xml;
    expect(await validateEInvoice(sameDay)).toEqual(clean);
    expect(sameDay).not.toContain('TaxPointDate');
    // a credit note states it too, where its schema puts it
    expect(text(build(fullStorno, original).xml, 'cbc:TaxPointDate')).toBe('2026-02-27');
    // outside the VAT system there is no VAT point to state
    const period = { start: '2026-02-01', end: '2026-02-28' };
    const noVat = build(storedSources({ ...notInVatSpec(), seq: 4, servicePeriod: period })).xml;
    expect(await validateEInvoice(noVat)).toEqual(clean);
    expect(noVat).not.toContain('TaxPointDate');
    expect(noVat).not.toContain('DescriptionCode');
    expect(text(noVat, 'cbc:EndDate')).toBe('2026-02-28');
  });

  it('is deterministic: the same stored data gives the same bytes', () => {
    expect(build(domestic).xml).toBe(build(structuredClone(domestic)).xml);
  });

  it('reverse charge to a German client: AE with both VAT ids and the legal ground', async () => {
    const { xml } = build(reverseCharge);
    expect(await validateEInvoice(xml)).toEqual(clean);
    const totals = storedTotals(reverseCharge);
    expect(totals.vatCents).toBe(0);
    expect(text(xml, 'cbc:PayableAmount')).toBe(euros(totals.totalCents));
    expect(texts(xml, 'cbc:CompanyID')).toEqual([`HR${OIB.issuer}`, OIB.issuer, 'DE811907980']);
    expect(texts(xml, 'cbc:ID').filter((id) => id === 'AE')).toHaveLength(3); // breakdown + two lines
    expect(texts(xml, 'cbc:Name').filter((n) => n.startsWith('HR:'))).toEqual(['HR:AE', 'HR:AE']);
    expect(text(xml, 'cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(text(xml, 'cbc:TaxExemptionReason')).toMatch(/^Prijenos porezne obveze/);
    // the German buyer has no OIB: its e-mail is its electronic address
    expect(texts(xml, 'cbc:EndpointID', 'schemeID="EM"')).toEqual(['buchhaltung@nordlicht.de']);
  });

  it('a US client in USD: export category G, amounts in USD, VAT total also in EUR (BT-6, BT-111)', async () => {
    const { xml } = build(usd);
    expect(await validateEInvoice(xml)).toEqual(clean);
    const totals = storedTotals(usd);
    expect(text(xml, 'cbc:DocumentCurrencyCode')).toBe('USD');
    expect(text(xml, 'cbc:TaxCurrencyCode')).toBe('EUR');
    expect(text(xml, 'cbc:PayableAmount', 'currencyID="USD"')).toBe(euros(totals.totalCents));
    expect(totals.totalCents).toBe(181_625);
    expect(texts(xml, 'cbc:TaxAmount', 'currencyID="EUR"')).toEqual([euros(toEuroCents(totals.vatCents, '1.08250'))]);
    expect(text(xml, 'cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-G');
    expect(texts(xml, 'cbc:Name').filter((n) => n.startsWith('HR:'))).toEqual(['HR:G', 'HR:G']);
    // an EIN is no VAT id: it is the buyer's identifier, and the buyer has no VAT id
    expect(text(xml, 'cbc:ID')).toBe('9/POSL1/1');
    expect(xml).toMatch(/<cac:PartyIdentification>\s*<cbc:ID>84-1234567<\/cbc:ID>/);
    expect(texts(xml, 'cbc:CompanyID')).toEqual([`HR${OIB.issuer}`, OIB.issuer]);
    expect(xml).toContain('<cbc:CountrySubentity>CA</cbc:CountrySubentity>');
  });

  it('a US client in USD with a non-zero VAT would state the EUR VAT with the invoice rate', () => {
    // not a real treatment combination, but it shows BT-111 is the stored rate applied to the VAT total
    const doc = { ...build(usd).doc, vatTreatment: 'DOMESTIC' as const, lines: build(usd).doc.lines.map((l) => ({ ...l, vatRateBp: 2_500 })) };
    const xml = buildUbl(doc);
    const vat = documentTotals(doc).vatCents;
    expect(vat).toBe(45_406);
    expect(texts(xml, 'cbc:TaxAmount', 'currencyID="EUR"')).toEqual([euros(toEuroCents(vat, '1.08250'))]);
    expect(toEuroCents(vat, '1.08250')).toBe(41_945); // 45 406 / 1.0825 = 41 945.496…
  });

  it('an issuer outside the VAT system: category E with the HR VAT breakdown extension', async () => {
    const { xml } = build(notInVat);
    expect(await validateEInvoice(xml)).toEqual(clean);
    const totals = storedTotals(notInVat);
    expect(text(xml, 'cbc:ProfileID')).toBe('P3');
    expect(xml).toMatch(/^<\?xml[^>]*>\s*<Invoice [^>]*>\s*<ext:UBLExtensions>\s*<ext:UBLExtension>\s*<ext:ExtensionContent>\s*<hrextac:HRFISK20Data>/);
    expect(text(xml, 'cbc:TaxExclusiveAmount')).toBe(euros(totals.subtotalCents)); // HR-BT-23
    expect(text(xml, 'hrextac:OutOfScopeOfVATAmount')).toBe('0.00');
    expect(texts(xml, 'cbc:Name').filter((n) => n.startsWith('HR:'))).toEqual(['HR:E', 'HR:E', 'HR:E']);
    expect(text(xml, 'cbc:TaxExemptionReason')).toMatch(/nije u sustavu PDV-a.*čl\. 90/);
    // no VAT id: the OIB is the seller's tax registration id (scheme FRE)
    expect(xml).toMatch(/<cac:PartyTaxScheme>\s*<cbc:CompanyID>69814562369<\/cbc:CompanyID>\s*<cac:TaxScheme>\s*<cbc:ID>FRE<\/cbc:ID>/);
    expect(text(xml, 'cbc:PayableAmount')).toBe(euros(totals.totalCents));
    expect(totals.totalCents).toBe(159_600);
  });

  it('a full storno credit note: CreditNote 381, positive amounts, BillingReference to the original', async () => {
    const { doc, xml } = build(fullStorno, original);
    expect(await validateEInvoice(xml)).toEqual(clean);
    const stored = storedTotals(fullStorno);
    const originalTotals = storedTotals(domestic);
    // stored negative, written positive: exactly the original's amounts
    expect(stored.totalCents).toBe(-originalTotals.totalCents);
    expect(documentTotals(doc)).toMatchObject({ subtotalCents: -stored.subtotalCents, vatCents: -stored.vatCents, totalCents: -stored.totalCents });
    expect(xml).toMatch(/^<\?xml[^>]*>\s*<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"/);
    expect(text(xml, 'cbc:CreditNoteTypeCode')).toBe('381');
    expect(text(xml, 'cbc:ProfileID')).toBe('P10');
    expect(text(xml, 'cbc:Note')).toBe('Storno računa 7/POSL1/1: pogrešan kupac');
    expect(xml).toMatch(/<cac:BillingReference>\s*<cac:InvoiceDocumentReference>\s*<cbc:ID>7\/POSL1\/1<\/cbc:ID>\s*<cbc:IssueDate>2026-03-02<\/cbc:IssueDate>/);
    expect(text(xml, 'cbc:PayableAmount')).toBe(euros(originalTotals.totalCents));
    expect(texts(xml, 'cbc:TaxAmount').slice(1)).toEqual(originalTotals.vatGroups.map((g) => euros(g.vatCents)));
    expect(texts(xml, 'cbc:CreditedQuantity')).toEqual(['12.500', '1.000', '3.000', '2.000', '1.000']);
    expect(xml).not.toMatch(/>-\d/); // no negative number anywhere
    expect(text(xml, 'cbc:PaymentID')).toBe('HR00 11-2026');
    expect(xml).not.toContain('<cbc:DueDate>'); // a CreditNote states it in PaymentMeans
    expect(text(xml, 'cbc:PaymentDueDate')).toBe('2026-03-17');
  });

  it('a partial credit note: 2.5 hours and one book of the original', async () => {
    const { xml } = build(partialCredit, original);
    expect(await validateEInvoice(xml)).toEqual(clean);
    const stored = storedTotals(partialCredit);
    // 2.5 h × 45.00 − 12.5 % = 98.44 at 25 %; 29.95 − 5 % = 28.45 at 5 %
    expect(partialCredit.lines.map((l) => l.lineTotalCents)).toEqual([-9_844, -2_845]);
    expect(stored.vatGroups).toEqual([
      { rateBp: 2_500, baseCents: -9_844, vatCents: -2_461 },
      { rateBp: 500, baseCents: -2_845, vatCents: -142 },
    ]);
    expect(texts(xml, 'cbc:LineExtensionAmount')).toEqual(['126.89', '98.44', '28.45']);
    expect(texts(xml, 'cbc:TaxAmount')).toEqual(['26.03', '24.61', '1.42']);
    expect(text(xml, 'cbc:PayableAmount')).toBe(euros(-stored.totalCents));
    expect(-stored.totalCents).toBe(15_292);
    expect(texts(xml, 'cbc:CreditedQuantity', 'unitCode="HUR"')).toEqual(['2.500']);
    expect(texts(xml, 'cbc:ItemClassificationCode', 'listID="CG"')).toEqual(['62.10.11', '58.11.11']);
  });

  it('an invoice issued before the time of issue was stored takes it from issued_at, in Zagreb time', async () => {
    const sources = storedSources({ seq: 13, vatTreatment: 'DOMESTIC', client: CLIENTS.hr, issueTime: null, lines: [domesticLine()] });
    const { xml } = build(sources);
    expect(text(xml, 'cbc:IssueTime')).toBe('09:15:30'); // 08:15:30Z is 09:15:30 in Zagreb in March (CET)
    expect(await validateEInvoice(xml)).toEqual(clean);
  });

  it('an advance-paid invoice states its total as prepaid and nothing payable', async () => {
    const sources = storedSources({ seq: 14, vatTreatment: 'DOMESTIC', client: CLIENTS.hr, paymentMethod: 'ADVANCE', lines: [domesticLine()] });
    const { xml } = build(sources);
    expect(await validateEInvoice(xml)).toEqual(clean);
    expect(text(xml, 'cbc:PrepaidAmount')).toBe('56.25');
    expect(text(xml, 'cbc:PayableAmount')).toBe('0.00');
  });

  it('a cash invoice: payment means 10 and no account', async () => {
    const sources = storedSources({ seq: 15, vatTreatment: 'DOMESTIC', client: CLIENTS.hr, paymentMethod: 'CASH', lines: [domesticLine()] });
    const { xml } = build(sources);
    expect(await validateEInvoice(xml)).toEqual(clean);
    expect(text(xml, 'cbc:PaymentMeansCode')).toBe('10');
    expect(xml).not.toContain('PayeeFinancialAccount');
  });
});

describe('what the validators catch', () => {
  beforeAll(() => loadValidators(), 300_000);

  it('a changed payable amount fails EN 16931 (BR-CO-16)', async () => {
    const { xml } = build(domestic);
    const payable = text(xml, 'cbc:PayableAmount') ?? '';
    const broken = xml.replace(`<cbc:PayableAmount currencyID="EUR">${payable}<`, '<cbc:PayableAmount currencyID="EUR">1.00<');
    expect(broken).not.toBe(xml);
    const report = await validateEInvoice(broken);
    expect(ruleIds(report.en16931)).toContain('BR-CO-16');
    expect(report.xsd).toEqual([]);
  });

  it('a KPD code that is not in KPD 2025 fails the HR CIUS', async () => {
    const doc = toEInvoiceDocument(domestic, { operator: OPERATOR, creditedInvoice: null, pdf: null });
    const report = await validateEInvoice(buildUbl({ ...doc, lines: doc.lines.map((l, i) => (i === 0 ? { ...l, kpdCode: '58.11.10' } : l)) }));
    expect(ruleIds(report.hrCius)).toEqual(['HR-BR-CL-2']);
    expect(report.en16931).toEqual([]);
  });

  it('an invoice line without a KPD code fails HR-BR-25 (a credit note may omit it)', async () => {
    const doc = toEInvoiceDocument(domestic, { operator: OPERATOR, creditedInvoice: null, pdf: null });
    const withoutKpd = (d: EInvoiceDocument) => ({ ...d, lines: d.lines.map((l) => ({ ...l, kpdCode: null })) });
    expect(ruleIds((await validateEInvoice(buildUbl(withoutKpd(doc)))).hrCius)).toContain('HR-BR-25');
    const credit = toEInvoiceDocument(fullStorno, { operator: OPERATOR, creditedInvoice: original, pdf: null });
    expect(await validateEInvoice(buildUbl(withoutKpd(credit)))).toEqual(clean);
  });

  it('an operator OIB that fails its check digit fails HR-BR-9', async () => {
    const doc = toEInvoiceDocument(domestic, { operator: { name: 'Ana', oib: '24680135791' }, creditedInvoice: null, pdf: null });
    expect(ruleIds((await validateEInvoice(buildUbl(doc))).hrCius)).toEqual(['HR-BR-9']);
  });

  it('an issue date before 2026 fails HR-BR-40', async () => {
    const doc = toEInvoiceDocument(domestic, { operator: OPERATOR, creditedInvoice: null, pdf: null });
    expect(ruleIds((await validateEInvoice(buildUbl({ ...doc, issueDate: '2025-12-31' }))).hrCius)).toEqual(['HR-BR-40']);
  });

  /*
   * Limits of the HR CIUS we cannot satisfy from the data we have, proven here so they are not
   * forgotten: such documents are valid EN 16931 invoices but not valid Croatian e-invoices.
   */
  it('a Croatian buyer without an OIB: EN 16931 passes, the HR CIUS wants the buyer VAT id (HR-BR-S-1)', async () => {
    const sources = storedSources({ seq: 16, vatTreatment: 'DOMESTIC', client: CLIENTS.hrNoOib, lines: [domesticLine()] });
    const { xml } = build(sources);
    const report = await validateEInvoice(xml);
    expect(report.xsd).toEqual([]);
    expect(report.en16931).toEqual([]);
    expect(ruleIds(report.hrCius)).toEqual(['HR-BR-S-1']);
    expect(texts(xml, 'cbc:EndpointID', 'schemeID="EM"')).toEqual(['ivan@horvat.hr']);
  });

  it('a buyer with neither OIB nor e-mail has no electronic address: EN 16931 passes, HR-BR-10 fails', async () => {
    const sources = storedSources({ seq: 17, vatTreatment: 'OUTSIDE_EU', client: { ...CLIENTS.us, email: null }, lines: [{ ...domesticLine(), vatRateBp: 0 }] });
    const report = await validateEInvoice(build(sources).xml);
    expect(report.en16931).toEqual([]);
    expect(ruleIds(report.hrCius)).toEqual(['HR-BR-10']);
  });

  it('an issuer outside the VAT system invoicing a buyer without a VAT id fails HR-BR-E-1', async () => {
    const sources = storedSources({
      seq: 18, vatTreatment: 'NOT_IN_VAT', client: CLIENTS.us, issuer: issuerSnapshot({ in_vat_system: false }), lines: [{ ...domesticLine(), vatRateBp: 0 }],
    });
    const report = await validateEInvoice(build(sources).xml);
    expect(report.en16931).toEqual([]);
    expect(ruleIds(report.hrCius)).toEqual(['HR-BR-E-1']);
  });
});

function domesticLine() {
  return { description: 'Razvoj softvera', quantityMilli: 1_000, priceCents: 4_500, vatRateBp: 2_500, kpd: '62.10.11' };
}
