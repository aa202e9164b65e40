import { DOMParser, type Element, onErrorStopParsing } from '@xmldom/xmldom';
import { isValidOib, isXmlText } from '@faktura/shared';
import type { ErrorCode, ReceivedDocument, ReceivedFlag, ReceivedParty } from '@faktura/shared';

/**
 * Reads a received UBL 2.1 Invoice or CreditNote (EN 16931, HR CIUS) into what the inbox keeps and
 * shows. Nothing here changes the document: the bytes are kept as they came and this reading is
 * done again whenever the document is shown, so a better reader shows old documents better too.
 *
 * Safety (issue 46): the bytes must be UTF-8 (with or without a BOM); a DTD or an entity declaration
 * is refused before parsing (no external entity is ever fetched and no entity expanded: "billion
 * laughs" and XXE cannot start); characters XML cannot carry are refused; any error of the parser
 * stops it (`onErrorStopParsing`). The reader needs the number, the date of issue, the currency and
 * the supplier's name; everything else is read where present.
 */
export const UBL_NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const;

export class UblReadError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, string> = {},
  ) {
    super(code);
  }
}

/** What a reading gives: the row's fields and the readable document (ids and state aside). */
export interface ReadDocument {
  documentType: 'INVOICE' | 'CREDIT_NOTE';
  typeCode: string;
  number: string;
  issueDate: string;
  issueTime: string | null;
  dueDate: string | null;
  currency: string;
  supplier: ReceivedParty;
  buyer: ReceivedParty;
  supplierContact: ReceivedDocument['supplierContact'];
  lines: ReceivedDocument['lines'];
  vatBreakdown: ReceivedDocument['vatBreakdown'];
  vatCents: number;
  totalCents: number;
  payableCents: number;
  taxExclusiveCents: number;
  totals: ReceivedDocument['totals'];
  payment: ReceivedDocument['payment'];
  deliveryDate: string | null;
  period: ReceivedDocument['period'];
  notes: string[];
  buyerReference: string | null;
  orderReference: string | null;
  contractReference: string | null;
  billingReferences: { number: string; issueDate: string | null }[];
  attachments: (Omit<ReceivedDocument['attachments'][number], 'byteSize'> & { byteSize: number; base64: string })[];
  /** Noticed while reading (amounts with more than two decimals, rounded to cents). */
  flags: ReceivedFlag[];
  /** What the fiscalization as received states besides (decision 038): BT-23, and per VAT group and line the VATEX code and HR category. */
  fiscal: {
    profileId: string | null;
    vat: { exemptionCode: string | null; exemptionText: string | null; hrCategory: string | null }[];
    lines: { hrCategory: string | null }[];
  };
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The text of the bytes, refused unless UTF-8 (a declared other encoding too). */
export function decodeUtf8(bytes: Buffer, file: string): string {
  if ((bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe)) throw new UblReadError('inboxEncoding', { file });
  const body = bytes.subarray(0, 3).equals(BOM) ? bytes.subarray(3) : bytes;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new UblReadError('inboxEncoding', { file });
  }
  const declared = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) throw new UblReadError('inboxEncoding', { file });
  return text;
}

type Ns = keyof typeof UBL_NS;

function children(parent: Element | null | undefined, ns: Ns, name: string): Element[] {
  if (!parent) return [];
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1) {
      const element = node as Element;
      if (element.localName === name && element.namespaceURI === UBL_NS[ns]) found.push(element);
    }
  }
  return found;
}
const child = (parent: Element | null | undefined, ns: Ns, name: string): Element | null => children(parent, ns, name)[0] ?? null;
/** A path of `prefix:Name` steps, first match at each step. */
function at(parent: Element | null | undefined, path: string): Element | null {
  let current: Element | null = parent ?? null;
  for (const step of path.split('/')) {
    const [ns, name] = step.split(':') as [Ns, string];
    current = child(current, ns, name);
    if (!current) return null;
  }
  return current;
}
const textOf = (element: Element | null): string | null => {
  const value = element?.textContent?.trim();
  return value ? value : null;
};
const text = (parent: Element | null | undefined, path: string): string | null => textOf(at(parent, path));

const DECIMAL = /^[+-]?(\d+)(?:\.(\d+))?$/;

/** Cents from a UBL amount (decimal text): exact to two decimals, rounded half away from zero past them. */
export function centsOf(value: string, field: string, file: string, flags: Set<ReceivedFlag>): number {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new UblReadError('inboxBadAmount', { file, field, value: value.slice(0, 40) });
  const negative = value.trim().startsWith('-');
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (whole.replace(/^0+/, '').length > 13) throw new UblReadError('inboxBadAmount', { file, field, value: value.slice(0, 40) });
  let cents = Number(whole) * 100 + Number((fraction + '00').slice(0, 2));
  if (fraction.length > 2 && /[1-9]/.test(fraction.slice(2))) {
    flags.add('amountsRounded');
    if (Number(fraction[2]) >= 5) cents += 1;
  }
  return negative ? -cents : cents;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const date = (value: string | null): string | null => (value && ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? value : null);

/** An OIB named by a party: its electronic address (scheme 9934), its VAT id (HR…), its legal id, its identifier. */
function oibOf(party: Element | null): string | null {
  const endpoint = at(party, 'cbc:EndpointID');
  const candidates = [
    endpoint?.getAttribute('schemeID') === '9934' ? textOf(endpoint) : null,
    text(party, 'cac:PartyTaxScheme/cbc:CompanyID')?.replace(/^HR/i, '') ?? null,
    text(party, 'cac:PartyLegalEntity/cbc:CompanyID'),
    text(party, 'cac:PartyIdentification/cbc:ID')?.replace(/^(?:9934:|HR)/i, '') ?? null,
  ];
  const oibs = candidates.filter((value): value is string => value !== null && /^\d{11}$/.test(value));
  // one whose check digit holds, else the one the document states (the Tax Administration's own
  // samples use OIBs such as 12345678901): the supplier is who the document says it is
  return oibs.find((value) => isValidOib(value)) ?? oibs[0] ?? null;
}

function partyOf(wrapper: Element | null): ReceivedParty {
  const party = at(wrapper, 'cac:Party');
  const endpoint = at(party, 'cbc:EndpointID');
  const endpointText = textOf(endpoint);
  const address = at(party, 'cac:PostalAddress');
  const street = [text(address, 'cbc:StreetName'), text(address, 'cbc:AdditionalStreetName')].filter(Boolean).join(', ');
  return {
    name: text(party, 'cac:PartyLegalEntity/cbc:RegistrationName') ?? text(party, 'cac:PartyName/cbc:Name') ?? '',
    oib: oibOf(party),
    vatId: text(party, 'cac:PartyTaxScheme/cbc:CompanyID'),
    endpoint: endpointText ? `${endpoint?.getAttribute('schemeID') ? `${endpoint.getAttribute('schemeID')}:` : ''}${endpointText}` : null,
    address: {
      street: street || null,
      city: text(address, 'cbc:CityName'),
      postcode: text(address, 'cbc:PostalZone'),
      country: text(address, 'cac:Country/cbc:IdentificationCode'),
    },
    email: text(party, 'cac:Contact/cbc:ElectronicMail'),
    phone: text(party, 'cac:Contact/cbc:Telephone'),
  };
}

const percent = (value: string | null): number | null => {
  if (value === null || !DECIMAL.test(value)) return null;
  return Number(value);
};

/** `HR00 2026-17` → model HR00 and reference 2026-17 (HUB-3A); null where it is not of that form. */
export function paymentReferenceOf(paymentId: string | null): { model: string | null; reference: string | null } {
  const match = paymentId ? /^(HR\d{2})\s*(.*)$/i.exec(paymentId.trim()) : null;
  if (!match) return { model: null, reference: paymentId ? paymentId.trim() : null };
  return { model: match[1]!.toUpperCase(), reference: (match[2] ?? '').trim() || null };
}

/** Reads the document; throws `UblReadError` with the reason for anything it cannot keep. */
export function readUbl(bytes: Buffer, file: string): ReadDocument {
  const xml = decodeUtf8(bytes, file);
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new UblReadError('inboxDoctype', { file });
  if (!isXmlText(xml)) throw new UblReadError('inboxXmlChar', { file });
  let root: Element | null;
  try {
    root = new DOMParser({ onError: onErrorStopParsing }).parseFromString(xml, 'text/xml').documentElement;
  } catch (error) {
    // where the parser stopped, in the reader's language (its own message is English: the log has it)
    const at = (error as { locator?: { lineNumber?: number; columnNumber?: number } }).locator;
    throw new UblReadError('inboxNotXml', { file, line: String(Math.max(at?.lineNumber ?? 1, 1)), column: String(Math.max(at?.columnNumber ?? 1, 1)) });
  }
  if (!root) throw new UblReadError('inboxNotXml', { file, line: '1', column: '1' });
  const kind = root.namespaceURI === UBL_NS.Invoice && root.localName === 'Invoice' ? 'Invoice' : root.namespaceURI === UBL_NS.CreditNote && root.localName === 'CreditNote' ? 'CreditNote' : null;
  if (!kind) throw new UblReadError('inboxNotUbl', { file, root: `${root.localName ?? root.nodeName}${root.namespaceURI ? ` (${root.namespaceURI})` : ''}`.slice(0, 200) });

  const flags = new Set<ReceivedFlag>();
  const required = (path: string, field: string): string => {
    const value = text(root, path);
    if (!value) throw new UblReadError('inboxMissingField', { file, field });
    return value;
  };
  const amount = (parent: Element | null, path: string, field: string): number => {
    const value = text(parent, path);
    return value === null ? 0 : centsOf(value, field, file, flags);
  };

  const number = required('cbc:ID', 'ID (BT-1)');
  const issueDate = date(required('cbc:IssueDate', 'IssueDate (BT-2)'));
  if (!issueDate) throw new UblReadError('inboxMissingField', { file, field: 'IssueDate (BT-2)' });
  const currency = required('cbc:DocumentCurrencyCode', 'DocumentCurrencyCode (BT-5)').toUpperCase();
  const supplierWrapper = at(root, 'cac:AccountingSupplierParty');
  const supplier = partyOf(supplierWrapper);
  if (!supplier.name) throw new UblReadError('inboxMissingField', { file, field: 'Seller name (BT-27)' });
  const buyer = partyOf(at(root, 'cac:AccountingCustomerParty'));

  const totalsElement = at(root, 'cac:LegalMonetaryTotal');
  if (!totalsElement) throw new UblReadError('inboxMissingField', { file, field: 'LegalMonetaryTotal' });
  // the tax total in the document's currency (a second one may be in the accounting currency)
  const taxTotals = children(root, 'cac', 'TaxTotal');
  const taxTotal = taxTotals.find((t) => at(t, 'cbc:TaxAmount')?.getAttribute('currencyID')?.toUpperCase() === currency) ?? taxTotals[0] ?? null;
  const vatBreakdown = children(taxTotal, 'cac', 'TaxSubtotal').map((subtotal) => {
    const category = at(subtotal, 'cac:TaxCategory');
    return {
      category: text(category, 'cbc:ID') ?? '',
      rate: percent(text(category, 'cbc:Percent')),
      baseCents: amount(subtotal, 'cbc:TaxableAmount', 'TaxableAmount (BT-116)'),
      vatCents: amount(subtotal, 'cbc:TaxAmount', 'TaxAmount (BT-117)'),
      exemptionReason: text(category, 'cbc:TaxExemptionReason') ?? text(category, 'cbc:TaxExemptionReasonCode'),
    };
  });

  const lineName = kind === 'Invoice' ? 'InvoiceLine' : 'CreditNoteLine';
  const quantityName = kind === 'Invoice' ? 'InvoicedQuantity' : 'CreditedQuantity';
  const lines = children(root, 'cac', lineName).map((line, index) => {
    const quantity = child(line, 'cbc', quantityName);
    const item = child(line, 'cac', 'Item');
    const classifications = children(item, 'cac', 'CommodityClassification').map((c) => child(c, 'cbc', 'ItemClassificationCode'));
    const kpd = classifications.find((c) => c?.getAttribute('listID') === 'CG') ?? null;
    return {
      id: text(line, 'cbc:ID') ?? String(index + 1),
      name: text(item, 'cbc:Name') ?? '',
      description: text(item, 'cbc:Description'),
      quantity: textOf(quantity) ?? '',
      unitCode: quantity?.getAttribute('unitCode') || null,
      price: text(line, 'cac:Price/cbc:PriceAmount'),
      netCents: amount(line, 'cbc:LineExtensionAmount', 'LineExtensionAmount (BT-131)'),
      vatCategory: text(item, 'cac:ClassifiedTaxCategory/cbc:ID'),
      vatRate: percent(text(item, 'cac:ClassifiedTaxCategory/cbc:Percent')),
      kpd: textOf(kpd),
      note: text(line, 'cbc:Note'),
    };
  });

  const means = children(root, 'cac', 'PaymentMeans');
  const payMeans = means.find((m) => at(m, 'cac:PayeeFinancialAccount/cbc:ID')) ?? means[0] ?? null;
  const paymentId = text(payMeans, 'cbc:PaymentID');
  const { model, reference } = paymentReferenceOf(paymentId);
  const dueDate =
    date(text(root, 'cbc:DueDate')) ?? date(text(payMeans, 'cbc:PaymentDueDate')) ?? date(text(root, 'cac:PaymentTerms/cbc:PaymentDueDate'));

  const attachments = children(root, 'cac', 'AdditionalDocumentReference').flatMap((reference, index) => {
    const binary = at(reference, 'cac:Attachment/cbc:EmbeddedDocumentBinaryObject');
    if (!binary) return [];
    const base64 = (binary.textContent ?? '').replace(/\s+/g, '');
    return [{
      index,
      id: text(reference, 'cbc:ID'),
      fileName: binary.getAttribute('filename') || null,
      mimeCode: binary.getAttribute('mimeCode') || 'application/octet-stream',
      description: text(reference, 'cbc:DocumentDescription') ?? text(reference, 'cbc:DocumentType'),
      byteSize: Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0),
      base64,
    }];
  });

  const fiscalVat = children(taxTotal, 'cac', 'TaxSubtotal').map((subtotal) => {
    const category = at(subtotal, 'cac:TaxCategory');
    return { exemptionCode: text(category, 'cbc:TaxExemptionReasonCode'), exemptionText: text(category, 'cbc:TaxExemptionReason'), hrCategory: text(category, 'cbc:Name') };
  });
  const fiscalLines = children(root, 'cac', lineName).map((line) => ({ hrCategory: text(line, 'cac:Item/cac:ClassifiedTaxCategory/cbc:Name') }));
  const period = at(root, 'cac:InvoicePeriod');
  const contact = at(supplierWrapper, 'cac:SellerContact');
  return {
    documentType: kind === 'Invoice' ? 'INVOICE' : 'CREDIT_NOTE',
    typeCode: text(root, kind === 'Invoice' ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode') ?? (kind === 'Invoice' ? '380' : '381'),
    number,
    issueDate,
    issueTime: text(root, 'cbc:IssueTime'),
    dueDate,
    currency,
    supplier,
    buyer,
    supplierContact: contact ? { id: text(contact, 'cbc:ID'), name: text(contact, 'cbc:Name') } : null,
    lines,
    vatBreakdown,
    vatCents: taxTotal ? amount(taxTotal, 'cbc:TaxAmount', 'TaxAmount (BT-110)') : 0,
    totalCents: amount(totalsElement, 'cbc:TaxInclusiveAmount', 'TaxInclusiveAmount (BT-112)'),
    payableCents: amount(totalsElement, 'cbc:PayableAmount', 'PayableAmount (BT-115)'),
    taxExclusiveCents: amount(totalsElement, 'cbc:TaxExclusiveAmount', 'TaxExclusiveAmount (BT-109)'),
    totals: {
      lineExtensionCents: amount(totalsElement, 'cbc:LineExtensionAmount', 'LineExtensionAmount (BT-106)'),
      taxExclusiveCents: amount(totalsElement, 'cbc:TaxExclusiveAmount', 'TaxExclusiveAmount (BT-109)'),
      allowanceCents: amount(totalsElement, 'cbc:AllowanceTotalAmount', 'AllowanceTotalAmount (BT-107)'),
      chargeCents: amount(totalsElement, 'cbc:ChargeTotalAmount', 'ChargeTotalAmount (BT-108)'),
      prepaidCents: amount(totalsElement, 'cbc:PrepaidAmount', 'PrepaidAmount (BT-113)'),
      roundingCents: amount(totalsElement, 'cbc:PayableRoundingAmount', 'PayableRoundingAmount (BT-114)'),
    },
    payment: {
      meansCode: text(payMeans, 'cbc:PaymentMeansCode'),
      iban: text(payMeans, 'cac:PayeeFinancialAccount/cbc:ID')?.replace(/\s+/g, '') ?? null,
      bic: text(payMeans, 'cac:PayeeFinancialAccount/cac:FinancialInstitutionBranch/cbc:ID'),
      accountName: text(payMeans, 'cac:PayeeFinancialAccount/cbc:Name'),
      paymentId,
      model,
      reference,
      terms: text(root, 'cac:PaymentTerms/cbc:Note'),
    },
    deliveryDate: date(text(root, 'cac:Delivery/cbc:ActualDeliveryDate')),
    period: period ? { start: date(text(period, 'cbc:StartDate')), end: date(text(period, 'cbc:EndDate')) } : null,
    notes: children(root, 'cbc', 'Note').map(textOf).filter((n): n is string => n !== null),
    buyerReference: text(root, 'cbc:BuyerReference'),
    orderReference: text(root, 'cac:OrderReference/cbc:ID'),
    contractReference: text(root, 'cac:ContractDocumentReference/cbc:ID'),
    billingReferences: children(root, 'cac', 'BillingReference').flatMap((ref) => {
      const doc = at(ref, 'cac:InvoiceDocumentReference') ?? at(ref, 'cac:CreditNoteDocumentReference');
      const refNumber = text(doc, 'cbc:ID');
      return refNumber ? [{ number: refNumber, issueDate: date(text(doc, 'cbc:IssueDate')) }] : [];
    }),
    attachments,
    flags: [...flags],
    fiscal: { profileId: text(root, 'cbc:ProfileID'), vat: fiscalVat, lines: fiscalLines },
  };
}

/** The key that, with number and year, makes a supplier's document unique. */
export function supplierKeyOf(doc: Pick<ReadDocument, 'supplier'>): string {
  return doc.supplier.oib ?? doc.supplier.vatId ?? doc.supplier.endpoint ?? doc.supplier.name.toLowerCase();
}
