import { type Totals, computeTotals, divideRounded, plainAmount, plainDecimal, toEuroCents } from '@faktura/shared';
import { type XmlNode, xmlAttribute, xmlBase64, xmlDocument, xmlString, xmlStringWithBase64, xmlText } from '../../../xml';
import type { EInvoiceAddress, EInvoiceDocument, EInvoiceLine } from './document';

/**
 * UBL 2.1 Invoice / CreditNote for the Croatian e-invoice (EN 16931 + HR CIUS 2025 + HR extension).
 * Pure: the same document gives the same bytes. Every value goes through `xmlText` / `xmlAttribute`
 * (`src/xml.ts`), so it reads back exactly as stored; nothing is concatenated into markup.
 */
export const CUSTOMIZATION_ID =
  'urn:cen.eu:en16931:2017#compliant#urn:mfin.gov.hr:cius-2025:1.0#conformant#urn:mfin.gov.hr:ext-2025:1.0';

const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
  ext: 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2',
  hrextac: 'urn:mfin.gov.hr:schema:xsd:HRExtensionAggregateComponents-1',
  xmlns: 'http://www.w3.org/2000/xmlns/',
} as const;

/** The element that carries the PDF (BT-125), as written. */
const EMBEDDED = 'cbc:EmbeddedDocumentBinaryObject';

/** EAS code of a Croatian OIB as an electronic address (HR-BR-7, HR-BR-10). */
const EAS_OIB = '9934';
/** EAS code of an e-mail address: the electronic address of a buyer with no OIB. */
const EAS_EMAIL = 'EM';

/** The EN 16931 VAT category (UNCL 5305) and the Croatian label (HR-TB-2) of a line. */
interface TaxCategory {
  id: 'S' | 'Z' | 'AE' | 'G' | 'E';
  hrName: string;
  /** VATEX code, where one fits the treatment. */
  exemptionCode: string | null;
  exempt: boolean;
}

/** A percentage from hundredths of a percent, without trailing zeros: 2500 -> "25", 1250 -> "12.5". */
export function percent(bp: number): string {
  const sign = bp < 0 ? '-' : '';
  const abs = Math.abs(bp);
  const whole = Math.trunc(abs / 100);
  const fraction = String(abs % 100).padStart(2, '0').replace(/0+$/, '');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

export const amount = plainAmount;
export const quantity = (milli: number) => plainDecimal(milli, 3);

/**
 * The VAT category of every line of a document follows from its VAT treatment:
 * - DOMESTIC: S with HR:PDV25/13/5 by rate; 0 % is Z (HR:Z), which takes no exemption reason;
 * - REVERSE_CHARGE: AE (HR:AE), both VAT ids, reason "Prijenos porezne obveze …", VATEX-EU-AE;
 * - OUTSIDE_EU: G (HR:G), export outside the EU, VATEX-EU-G. (The app's note speaks of services
 *   whose place of supply is outside Croatia; EN 16931 category O would need the seller's VAT id
 *   removed and the HR out-of-scope extension, so the export category G is used.)
 * - NOT_IN_VAT: E (HR:E) with the reason (no VATEX code fits the small-business exemption), plus the
 *   HR VAT breakdown extension (HR-BR-26 …), as in the Tax Administration's sample.
 */
export function taxCategory(doc: Pick<EInvoiceDocument, 'vatTreatment'>, rateBp: number): TaxCategory {
  switch (doc.vatTreatment) {
    case 'DOMESTIC':
      return rateBp === 0
        ? { id: 'Z', hrName: 'HR:Z', exemptionCode: null, exempt: false }
        : { id: 'S', hrName: `HR:PDV${percent(rateBp)}`, exemptionCode: null, exempt: false };
    case 'REVERSE_CHARGE':
      return { id: 'AE', hrName: 'HR:AE', exemptionCode: 'VATEX-EU-AE', exempt: true };
    case 'OUTSIDE_EU':
      return { id: 'G', hrName: 'HR:G', exemptionCode: 'VATEX-EU-G', exempt: true };
    case 'NOT_IN_VAT':
      return { id: 'E', hrName: 'HR:E', exemptionCode: null, exempt: true };
  }
}

/** The document's totals by the app's one rule (`computeTotals`), from the lines as the document states them. */
export function documentTotals(doc: Pick<EInvoiceDocument, 'lines'>): Totals {
  return computeTotals(
    doc.lines.map((l) => ({ priceCents: l.priceCents, quantityMilli: l.quantityMilli, discountBp: l.discountBp, vatRateBp: l.vatRateBp })),
  );
}

/** price × quantity before the discount, rounded half away from zero like the line net. */
const grossCents = (line: EInvoiceLine) =>
  Number(divideRounded(BigInt(line.priceCents) * BigInt(line.quantityMilli), 1000n));

type Node = XmlNode;

/**
 * Adds `cbc:name` with a text unless the value is empty (HR-BR-33 forbids empty elements). `cbc:` and
 * `cac:` elements are named by their prefix, which the root declares: xmlbuilder2 resolves it to the
 * same namespace and writes the same bytes, a fifth faster than validating the namespace per element.
 */
function cbc(parent: Node, name: string, value: string | null | undefined, attributes?: Record<string, string>): void {
  if (value === null || value === undefined || value === '') return;
  const element = parent.ele(`cbc:${name}`);
  for (const [key, v] of Object.entries(attributes ?? {})) xmlAttribute(element, key, v);
  xmlText(element, value);
}
const cac = (parent: Node, name: string): Node => parent.ele(`cac:${name}`);

function postalAddress(party: Node, address: EInvoiceAddress | null, fallbackCountry: string): void {
  const node = cac(party, 'PostalAddress');
  if (address) {
    cbc(node, 'StreetName', address.street);
    cbc(node, 'AdditionalStreetName', address.additionalStreet);
    cbc(node, 'CityName', address.city);
    cbc(node, 'PostalZone', address.zip);
    cbc(node, 'CountrySubentity', address.subdivision);
  }
  cbc(cac(node, 'Country'), 'IdentificationCode', address?.countryCode ?? fallbackCountry);
}

function taxScheme(parent: Node, id: string): void {
  cbc(cac(parent, 'TaxScheme'), 'ID', id);
}

function seller(root: Node, doc: EInvoiceDocument): void {
  const supplier = cac(root, 'AccountingSupplierParty');
  const party = cac(supplier, 'Party');
  const s = doc.seller;
  cbc(party, 'EndpointID', s.oib, { schemeID: EAS_OIB });
  postalAddress(party, s.address, 'HR');
  const partyTax = cac(party, 'PartyTaxScheme');
  if (doc.vatTreatment === 'NOT_IN_VAT') {
    // outside the VAT system: no VAT id; the OIB is the tax registration id (BT-32), as in the
    // Tax Administration's "Nije u sustavu PDV" sample
    cbc(partyTax, 'CompanyID', s.oib);
    taxScheme(partyTax, 'FRE');
  } else {
    cbc(partyTax, 'CompanyID', `HR${s.oib}`);
    taxScheme(partyTax, 'VAT');
  }
  const legal = cac(party, 'PartyLegalEntity');
  cbc(legal, 'RegistrationName', s.name);
  cbc(legal, 'CompanyID', s.oib);
  if (s.phone || s.email) {
    const contact = cac(party, 'Contact');
    cbc(contact, 'Telephone', s.phone);
    cbc(contact, 'ElectronicMail', s.email);
  }
  // HR-BT-4 / HR-BT-5: who issued the invoice
  const operator = cac(supplier, 'SellerContact');
  cbc(operator, 'ID', s.operator.oib);
  cbc(operator, 'Name', s.operator.name);
}

/**
 * The buyer's electronic address (BT-49): the OIB for a Croatian buyer, otherwise its e-mail
 * (EAS "EM"). A buyer with neither gets none: EN 16931 allows that, the HR CIUS does not (HR-BR-10).
 */
function buyer(root: Node, doc: EInvoiceDocument): void {
  const party = cac(cac(root, 'AccountingCustomerParty'), 'Party');
  const b = doc.buyer;
  if (b.oib) cbc(party, 'EndpointID', b.oib, { schemeID: EAS_OIB });
  else if (b.email) cbc(party, 'EndpointID', b.email, { schemeID: EAS_EMAIL });
  if (b.otherId) cbc(cac(party, 'PartyIdentification'), 'ID', b.otherId);
  postalAddress(party, b.address, b.address.countryCode);
  if (b.vatId) {
    const partyTax = cac(party, 'PartyTaxScheme');
    cbc(partyTax, 'CompanyID', b.vatId);
    taxScheme(partyTax, 'VAT');
  }
  const legal = cac(party, 'PartyLegalEntity');
  cbc(legal, 'RegistrationName', b.name);
  cbc(legal, 'CompanyID', b.oib);
}

/**
 * Payment: a transfer (code 30) to the issuer's IBAN with the model and reference (`HR00 7-2026`),
 * cash (10), a bank card (48, UNTDID 4461); without an IBAN the instrument is "not defined" (1), since a credit transfer must name
 * the account (BR-61). An ADVANCE invoice was paid before it was issued: its total is prepaid.
 */
function paymentMeans(root: Node, doc: EInvoiceDocument): void {
  const p = doc.payment;
  const transfer = p.method !== 'CASH' && p.method !== 'CARD' && p.iban !== null;
  const means = cac(root, 'PaymentMeans');
  cbc(means, 'PaymentMeansCode', p.method === 'CASH' ? '10' : p.method === 'CARD' ? '48' : transfer ? '30' : '1');
  if (doc.type === 'CREDIT_NOTE') cbc(means, 'PaymentDueDate', doc.dueDate);
  cbc(means, 'PaymentID', p.paymentId);
  if (transfer && p.iban) {
    const account = cac(means, 'PayeeFinancialAccount');
    cbc(account, 'ID', p.iban);
    if (p.bic) cbc(cac(account, 'FinancialInstitutionBranch'), 'ID', p.bic);
  }
}

function categoryNode(parent: Node, element: 'TaxCategory' | 'ClassifiedTaxCategory', category: TaxCategory, rateBp: number, doc: EInvoiceDocument) {
  const node = cac(parent, element);
  cbc(node, 'ID', category.id);
  if (element === 'ClassifiedTaxCategory') cbc(node, 'Name', category.hrName);
  cbc(node, 'Percent', percent(rateBp));
  if (category.exempt) {
    cbc(node, 'TaxExemptionReasonCode', category.exemptionCode);
    cbc(node, 'TaxExemptionReason', doc.exemptionReason);
  }
  taxScheme(node, 'VAT');
}

function taxTotals(root: Node, doc: EInvoiceDocument, totals: Totals): void {
  const currency = { currencyID: doc.currencyCode };
  const total = cac(root, 'TaxTotal');
  cbc(total, 'TaxAmount', amount(totals.vatCents), currency);
  for (const group of totals.vatGroups) {
    const sub = cac(total, 'TaxSubtotal');
    cbc(sub, 'TaxableAmount', amount(group.baseCents), currency);
    cbc(sub, 'TaxAmount', amount(group.vatCents), currency);
    categoryNode(sub, 'TaxCategory', taxCategory(doc, group.rateBp), group.rateBp, doc);
  }
  // BT-111: the VAT total in the VAT accounting currency (EUR) of an invoice in another currency
  if (doc.currencyCode !== 'EUR') {
    cbc(cac(root, 'TaxTotal'), 'TaxAmount', amount(toEuroCents(totals.vatCents, doc.eurFxRate)), { currencyID: 'EUR' });
  }
}

/**
 * The HR VAT breakdown (HR-BG-2) and HR totals (HR-BG-3) an invoice with exempt (E) amounts must
 * carry (HR-BR-26 … 32, 54, 55), as in the "Nije u sustavu PDV" sample. Nothing here is out of
 * the scope of VAT, so OutOfScopeOfVATAmount is 0.
 */
function hrExtension(root: Node, doc: EInvoiceDocument, totals: Totals): void {
  const currency = { currencyID: doc.currencyCode };
  const data = root
    .ele(NS.ext, 'ext:UBLExtensions')
    .ele(NS.ext, 'ext:UBLExtension')
    .ele(NS.ext, 'ext:ExtensionContent')
    .ele(NS.hrextac, 'hrextac:HRFISK20Data');
  const hr = (parent: Node, name: string) => parent.ele(NS.hrextac, `hrextac:${name}`);
  const taxTotal = hr(data, 'HRTaxTotal');
  cbc(taxTotal, 'TaxAmount', amount(totals.vatCents), currency);
  for (const group of totals.vatGroups) {
    const category = taxCategory(doc, group.rateBp);
    const sub = hr(taxTotal, 'HRTaxSubtotal');
    cbc(sub, 'TaxableAmount', amount(group.baseCents), currency);
    cbc(sub, 'TaxAmount', amount(group.vatCents), currency);
    const node = hr(sub, 'HRTaxCategory');
    cbc(node, 'ID', category.id);
    cbc(node, 'Name', category.hrName);
    cbc(node, 'Percent', percent(group.rateBp));
    if (category.exempt) {
      cbc(node, 'TaxExemptionReasonCode', category.exemptionCode);
      cbc(node, 'TaxExemptionReason', doc.exemptionReason);
    }
    cbc(hr(node, 'HRTaxScheme'), 'ID', 'VAT');
  }
  const monetary = hr(data, 'HRLegalMonetaryTotal');
  cbc(monetary, 'TaxExclusiveAmount', amount(totals.subtotalCents), currency);
  const outOfScope = monetary.ele(NS.hrextac, 'hrextac:OutOfScopeOfVATAmount');
  xmlAttribute(outOfScope, 'currencyID', doc.currencyCode);
  xmlText(outOfScope, amount(0));
}

function line(root: Node, doc: EInvoiceDocument, l: EInvoiceLine, index: number, netCents: number): void {
  const credit = doc.type === 'CREDIT_NOTE';
  const currency = { currencyID: doc.currencyCode };
  const node = cac(root, credit ? 'CreditNoteLine' : 'InvoiceLine');
  cbc(node, 'ID', String(index + 1));
  cbc(node, credit ? 'CreditedQuantity' : 'InvoicedQuantity', quantity(l.quantityMilli), { unitCode: l.unitCode });
  cbc(node, 'LineExtensionAmount', amount(netCents), currency);
  if (l.discountBp !== 0) {
    // the discount as a line allowance (BG-27): price × quantity − allowance = line net, exactly
    const gross = grossCents(l);
    const allowance = cac(node, 'AllowanceCharge');
    cbc(allowance, 'ChargeIndicator', 'false');
    cbc(allowance, 'AllowanceChargeReasonCode', '95');
    cbc(allowance, 'AllowanceChargeReason', doc.discountReason);
    cbc(allowance, 'MultiplierFactorNumeric', percent(l.discountBp));
    cbc(allowance, 'Amount', amount(gross - netCents), currency);
    cbc(allowance, 'BaseAmount', amount(gross), currency);
  }
  const item = cac(node, 'Item');
  cbc(item, 'Description', l.description);
  cbc(item, 'Name', l.name);
  if (l.kpdCode) cbc(cac(item, 'CommodityClassification'), 'ItemClassificationCode', l.kpdCode, { listID: 'CG' });
  categoryNode(item, 'ClassifiedTaxCategory', taxCategory(doc, l.vatRateBp), l.vatRateBp, doc);
  cbc(cac(node, 'Price'), 'PriceAmount', amount(l.priceCents), currency);
}

/**
 * The VAT point, stated one way only (EN 16931 BR-CO-03: BT-7 or BT-8, never both), and only by an
 * issuer inside the VAT system: VAT falls due when the supply is made (VAT Act art. 30). With a
 * period of supply, BT-8 says so (UNTDID 2005 code 35, "delivery date"); without one, BT-7 names
 * the date of supply when it differs from the date of issue (decision 026).
 */
function vatPoint(doc: EInvoiceDocument): { taxPointDate: string | null; descriptionCode: string | null } {
  if (doc.vatTreatment === 'NOT_IN_VAT') return { taxPointDate: null, descriptionCode: null };
  if (doc.servicePeriod) return { taxPointDate: null, descriptionCode: '35' };
  return { taxPointDate: doc.deliveryDate !== doc.issueDate ? doc.deliveryDate : null, descriptionCode: null };
}

/** BT-3: 380 invoice, 381 credit note, 386 advance invoice (račun za predujam, issue 48). */
export function typeCode(doc: Pick<EInvoiceDocument, 'type'>): '380' | '381' | '386' {
  return doc.type === 'CREDIT_NOTE' ? '381' : doc.type === 'ADVANCE' ? '386' : '380';
}

/**
 * BT-113, what was paid before: all of an advance invoice (it states money received: nothing remains
 * payable) and of an invoice paid by an advance, a final invoice's advances deducted (issue 48).
 */
export function prepaidCents(doc: Pick<EInvoiceDocument, 'type' | 'payment' | 'advances'>, totals: Pick<Totals, 'totalCents'>): number {
  if (doc.type === 'ADVANCE' || doc.payment.method === 'ADVANCE') return totals.totalCents;
  return doc.advances.reduce((sum, a) => sum + a.totalCents, 0);
}

export function buildUbl(doc: EInvoiceDocument): string {
  const credit = doc.type === 'CREDIT_NOTE';
  const totals = documentTotals(doc);
  // an empty attachment would be an empty element, which `cbc` leaves out (HR-BR-33)
  const embedded = doc.attachment && doc.attachment.content.byteLength > 0 ? doc.attachment.content : null;
  const root = xmlDocument(credit ? NS.creditNote : NS.invoice, credit ? 'CreditNote' : 'Invoice');
  for (const prefix of ['cac', 'cbc', 'ext', 'hrextac'] as const) xmlAttribute(root, `xmlns:${prefix}`, NS[prefix], NS.xmlns);

  if (doc.vatTreatment === 'NOT_IN_VAT') hrExtension(root, doc, totals);
  cbc(root, 'CustomizationID', CUSTOMIZATION_ID);
  cbc(root, 'ProfileID', doc.profileId);
  cbc(root, 'ID', doc.number);
  cbc(root, 'IssueDate', doc.issueDate);
  cbc(root, 'IssueTime', doc.issueTime);
  const point = vatPoint(doc);
  if (!credit) cbc(root, 'DueDate', doc.dueDate);
  if (credit && point.taxPointDate) cbc(root, 'TaxPointDate', point.taxPointDate);
  cbc(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode', typeCode(doc));
  cbc(root, 'Note', doc.note);
  if (!credit && point.taxPointDate) cbc(root, 'TaxPointDate', point.taxPointDate);
  cbc(root, 'DocumentCurrencyCode', doc.currencyCode);
  if (doc.currencyCode !== 'EUR') cbc(root, 'TaxCurrencyCode', 'EUR');
  if (doc.servicePeriod) {
    const period = cac(root, 'InvoicePeriod');
    cbc(period, 'StartDate', doc.servicePeriod.start);
    cbc(period, 'EndDate', doc.servicePeriod.end);
    if (point.descriptionCode) cbc(period, 'DescriptionCode', point.descriptionCode);
  }
  // BG-3: the invoice a credit note corrects, or each advance invoice a final invoice deducts (issue 48)
  const preceding = doc.billingReference ? [doc.billingReference] : doc.advances;
  for (const invoice of preceding) {
    const reference = cac(cac(root, 'BillingReference'), 'InvoiceDocumentReference');
    cbc(reference, 'ID', invoice.number);
    cbc(reference, 'IssueDate', invoice.issueDate);
  }
  if (doc.attachment) {
    const reference = cac(root, 'AdditionalDocumentReference');
    cbc(reference, 'ID', doc.number);
    const attachment = cac(reference, 'Attachment');
    // as `cbc` writes it, its text (the PDF's base64) written in by `xmlStringWithBase64` (the same bytes)
    if (embedded) {
      const element = attachment.ele(NS.cbc, EMBEDDED);
      xmlAttribute(element, 'mimeCode', doc.attachment.mimeCode);
      xmlAttribute(element, 'filename', doc.attachment.filename);
      xmlBase64(element);
    }
  }
  seller(root, doc);
  buyer(root, doc);
  cbc(cac(root, 'Delivery'), 'ActualDeliveryDate', doc.deliveryDate);
  paymentMeans(root, doc);
  taxTotals(root, doc, totals);

  const currency = { currencyID: doc.currencyCode };
  const prepaid = prepaidCents(doc, totals);
  const monetary = cac(root, 'LegalMonetaryTotal');
  cbc(monetary, 'LineExtensionAmount', amount(totals.subtotalCents), currency);
  cbc(monetary, 'TaxExclusiveAmount', amount(totals.subtotalCents), currency);
  cbc(monetary, 'TaxInclusiveAmount', amount(totals.totalCents), currency);
  if (prepaid !== 0) cbc(monetary, 'PrepaidAmount', amount(prepaid), currency);
  cbc(monetary, 'PayableAmount', amount(totals.totalCents - prepaid), currency);

  doc.lines.forEach((l, i) => line(root, doc, l, i, totals.lineNetCents[i] ?? 0));
  return embedded ? xmlStringWithBase64(root, EMBEDDED, embedded) : xmlString(root);
}
