import { type XmlNode, xmlAttribute, xmlDocument, xmlString, xmlText } from '../../xml';
import { NS_EFIS, NS_EIZV, NS_SOAP, sendingTime } from './soap';
import { type EInvoiceDocument, amount, documentTotals, percent, prepaidCents, quantity, taxCategory, typeCode } from '../invoice';

/**
 * The two messages that state a whole issued invoice, as a projection of the very document the UBL is
 * built from (`EInvoiceDocument`, TS-F2 Table 6 maps each field to its UBL element), amounts by the
 * app's one rule (`computeTotals`). Pure: the same documents, id and time give the same bytes.
 * - `EvidentirajERacunZahtjev`, the fiscalization of issued e-invoices (TS-F2 ch.3, XSD-F
 *   `eFiskalizacijaSchema.xsd` of 2026-01-17, `vrstaERacuna` I);
 * - `EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev`, the report of a supply to a Croatian business
 *   that cannot receive e-invoices (TS-F2 5.5, XSD-I `eIzvjestavanjeSchema.xsd`, ZoF čl. 40, 51): the
 *   same data set in the eIzvještavanje namespace, its record `Racun` with `valutaRacuna`,
 *   `PrethodniRacun` and `StavkaRacuna`, and `vrstaRacuna` fixed to IR (the specification's example
 *   5.6.1 shows I, the schema fixes IR: the schema is followed).
 *
 * Like the UBL, a credit note (381) states what it credits as positive amounts; its lines carry no
 * KPD code (TS-F2 3.1.3.17.13).
 */
/** A document the Tax Administration cannot take as an e-invoice: why, for the user. */
export class NotFiscalizableError extends Error {
  constructor(readonly reason: 'buyerWithoutOib' | 'tooManyDocuments' | 'noDocuments') {
    super(`not fiscalizable: ${reason}`);
    this.name = 'NotFiscalizableError';
  }
}

/** Where the two messages differ: namespace, request, header, and the names of the invoice's own elements. */
interface InvoiceMessage {
  ns: string;
  prefix: string;
  request: string;
  /** The header's element saying what kind of invoices the message carries, and its value. */
  kind: readonly [string, string];
  record: string;
  currency: string;
  previous: string;
  line: string;
}

const ERACUN: InvoiceMessage = {
  ns: NS_EFIS, prefix: 'efis', request: 'EvidentirajERacunZahtjev', kind: ['vrstaERacuna', 'I'],
  record: 'ERacun', currency: 'valutaERacuna', previous: 'PrethodniERacun', line: 'StavkaERacuna',
};
const ERACUN_RECEIVED: InvoiceMessage = { ...ERACUN, kind: ['vrstaERacuna', 'U'] };
const ISPORUKA: InvoiceMessage = {
  ns: NS_EIZV, prefix: 'eizv', request: 'EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev', kind: ['vrstaRacuna', 'IR'],
  record: 'Racun', currency: 'valutaRacuna', previous: 'PrethodniRacun', line: 'StavkaRacuna',
};

type Writer = { el: (parent: XmlNode, name: string, value: string | null | undefined) => void; group: (parent: XmlNode, name: string) => XmlNode };

function writer(message: InvoiceMessage): Writer {
  const group = (parent: XmlNode, name: string): XmlNode => parent.ele(message.ns, `${message.prefix}:${name}`);
  return {
    group,
    el(parent, name, value) {
      if (value === null || value === undefined || value === '') return;
      xmlText(group(parent, name), value);
    },
  };
}

/**
 * One `ERacun` (or `Racun`) record as the message states it, every value already written as the
 * schema wants it (amounts with two decimals). An issued document and a received one are both
 * projected into this, so one writer states both (decision 038).
 */
export interface ERacunRecord {
  number: string;
  issueDate: string;
  typeCode: string;
  currency: string;
  dueDate: string | null;
  profileId: string;
  contractReference: string | null;
  deliveryDate: string | null;
  previous: { number: string; issueDate: string | null }[];
  issuer: { name: string; oib: string; operatorOib: string | null };
  recipient: { name: string; oib: string };
  transfers: { iban: string; name: string | null; bic: string | null }[];
  totals: { net: string; allowance: string | null; charge: string | null; withoutVat: string; vat: string; withVat: string; prepaid: string | null; payable: string };
  vat: { category: string; base: string; tax: string; rate: string | null; exemptionCode: string | null; exemptionText: string | null; hrCategory: string | null }[];
  lines: {
    quantity: string; unit: string | null; net: string; price: string; category: string; rate: string | null; name: string;
    description: string | null; hrCategory: string | null; kpd: string | null;
  }[];
}

/** What an issued document states (TS-F2 Table 6), amounts by the app's one rule. */
export function issuedRecord(doc: EInvoiceDocument): ERacunRecord {
  if (!doc.buyer.oib) throw new NotFiscalizableError('buyerWithoutOib');
  // a credit note's and an advance invoice's lines carry no KPD code (TS-F2 3.1.3.17.13)
  const withoutKpd = doc.type === 'CREDIT_NOTE' || doc.type === 'ADVANCE';
  const totals = documentTotals(doc);
  // as the UBL states it: a final invoice's advances (placeniIznos, the official final-invoice sample), an advance all of it
  const prepaid = prepaidCents(doc, totals);
  return {
    number: doc.number,
    issueDate: doc.issueDate,
    typeCode: typeCode(doc),
    currency: doc.currencyCode,
    dueDate: doc.dueDate,
    profileId: doc.profileId,
    contractReference: null,
    deliveryDate: doc.deliveryDate,
    previous: doc.billingReference ? [{ number: doc.billingReference.number, issueDate: doc.billingReference.issueDate }] : [],
    issuer: { name: doc.seller.name, oib: doc.seller.oib, operatorOib: doc.seller.operator.oib },
    recipient: { name: doc.buyer.name, oib: doc.buyer.oib },
    transfers: doc.payment.method !== 'CASH' && doc.payment.method !== 'CARD' && doc.payment.iban ? [{ iban: doc.payment.iban, name: null, bic: doc.payment.bic }] : [],
    totals: {
      net: amount(totals.subtotalCents), allowance: null, charge: null, withoutVat: amount(totals.subtotalCents), vat: amount(totals.vatCents),
      withVat: amount(totals.totalCents), prepaid: prepaid !== 0 ? amount(prepaid) : null, payable: amount(totals.totalCents - prepaid),
    },
    vat: totals.vatGroups.map((vat) => {
      const category = taxCategory(doc, vat.rateBp);
      return {
        category: category.id, base: amount(vat.baseCents), tax: amount(vat.vatCents), rate: percent(vat.rateBp),
        exemptionCode: category.exempt ? category.exemptionCode : null, exemptionText: category.exempt ? doc.exemptionReason : null, hrCategory: category.hrName,
      };
    }),
    lines: doc.lines.map((line, index) => {
      const category = taxCategory(doc, line.vatRateBp);
      return {
        quantity: quantity(line.quantityMilli), unit: line.unitCode, net: amount(totals.lineNetCents[index] ?? 0), price: amount(line.priceCents),
        category: category.id, rate: percent(line.vatRateBp), name: line.name, description: line.description, hrCategory: category.hrName,
        kpd: line.kpdCode && !withoutKpd ? line.kpdCode : null,
      };
    }),
  };
}

function writeRecord(parent: XmlNode, rec: ERacunRecord, message: InvoiceMessage): void {
  const { el, group } = writer(message);
  const node = group(parent, message.record);
  el(node, 'brojDokumenta', rec.number);
  el(node, 'datumIzdavanja', rec.issueDate);
  el(node, 'vrstaDokumenta', rec.typeCode);
  el(node, message.currency, rec.currency);
  el(node, 'datumDospijecaPlacanja', rec.dueDate);
  el(node, 'vrstaPoslovnogProcesa', rec.profileId);
  el(node, 'referencaNaUgovor', rec.contractReference);
  el(node, 'datumIsporuke', rec.deliveryDate);
  for (const ref of rec.previous) {
    const previous = group(node, message.previous);
    el(previous, 'brojDokumenta', ref.number);
    el(previous, 'datumIzdavanja', ref.issueDate);
  }
  const issuer = group(node, 'Izdavatelj');
  el(issuer, 'ime', rec.issuer.name);
  el(issuer, 'oibPorezniBroj', rec.issuer.oib);
  el(issuer, 'oibOperatera', rec.issuer.operatorOib);
  const recipient = group(node, 'Primatelj');
  el(recipient, 'ime', rec.recipient.name);
  el(recipient, 'oibPorezniBroj', rec.recipient.oib);
  for (const account of rec.transfers) {
    const transfer = group(node, 'PrijenosSredstava');
    el(transfer, 'identifikatorRacunaZaPlacanje', account.iban);
    el(transfer, 'nazivRacunaZaPlacanje', account.name);
    el(transfer, 'identifikatorPruzateljaPlatnihUsluga', account.bic);
  }
  const sum = group(node, 'DokumentUkupanIznos');
  el(sum, 'neto', rec.totals.net);
  el(sum, 'popust', rec.totals.allowance);
  el(sum, 'trosak', rec.totals.charge);
  el(sum, 'iznosBezPdv', rec.totals.withoutVat);
  el(sum, 'pdv', rec.totals.vat);
  el(sum, 'iznosSPdv', rec.totals.withVat);
  el(sum, 'placeniIznos', rec.totals.prepaid);
  el(sum, 'iznosKojiDospijevaZaPlacanje', rec.totals.payable);
  for (const vat of rec.vat) {
    const breakdown = group(node, 'RaspodjelaPdv');
    el(breakdown, 'kategorijaPdv', vat.category);
    el(breakdown, 'oporeziviIznos', vat.base);
    el(breakdown, 'iznosPoreza', vat.tax);
    el(breakdown, 'stopa', vat.rate);
    el(breakdown, 'razlogOslobodenja', vat.exemptionCode);
    el(breakdown, 'tekstRazlogaOslobodenja', vat.exemptionText);
    el(breakdown, 'hrOznakaKategorijaPdv', vat.hrCategory);
  }
  for (const line of rec.lines) {
    const item = group(node, message.line);
    el(item, 'kolicina', line.quantity);
    el(item, 'jedinicaMjere', line.unit);
    el(item, 'neto', line.net);
    el(item, 'artiklNetoCijena', line.price);
    el(item, 'artiklKategorijaPdv', line.category);
    el(item, 'artiklStopaPdv', line.rate);
    el(item, 'artiklNaziv', line.name);
    el(item, 'artiklOpis', line.description);
    el(item, 'artiklHrOznakaKategorijaPdv', line.hrCategory);
    if (line.kpd) {
      const classification = group(item, 'ArtiklIdentifikatorKlasifikacija');
      el(classification, 'identifikatorKlasifikacije', line.kpd);
      el(classification, 'identifikatorSheme', 'CG');
    }
  }
  el(node, 'indikatorKopije', 'false');
}

export interface RequestEnvelope {
  /** The request's `efis:id`, which the signature's first reference points to (`#id`). */
  id: string;
  sentAt: Date;
}

/** The SOAP 1.1 envelope (TS-F2 ch.8) with an unsigned request for 1 to 100 documents; `signRequest` then signs it in place. */
function invoiceEnvelope(message: InvoiceMessage, docs: readonly ERacunRecord[], envelope: RequestEnvelope): string {
  if (docs.length === 0) throw new NotFiscalizableError('noDocuments');
  if (docs.length > 100) throw new NotFiscalizableError('tooManyDocuments');
  const { el, group } = writer(message);
  const soap = xmlDocument(NS_SOAP, 'soapenv:Envelope');
  const request = soap.ele(NS_SOAP, 'soapenv:Body').ele(message.ns, `${message.prefix}:${message.request}`);
  xmlAttribute(request, `${message.prefix}:id`, envelope.id, message.ns);
  const header = group(request, 'Zaglavlje');
  el(header, 'datumVrijemeSlanja', sendingTime(envelope.sentAt));
  el(header, message.kind[0], message.kind[1]);
  for (const doc of docs) writeRecord(request, doc, message);
  return xmlString(soap);
}

/** `EvidentirajERacunZahtjev` for up to 100 issued (`I`) e-invoices. */
export function evidentirajERacunEnvelope(docs: readonly EInvoiceDocument[], envelope: RequestEnvelope): string {
  return invoiceEnvelope(ERACUN, docs.map(issuedRecord), envelope);
}

/**
 * `EvidentirajERacunZahtjev` for up to 100 received (`U`) e-invoices (ZoF čl. 48 st. 4): the same
 * record, stated as the supplier's document states it (the supplier the issuer, we the recipient).
 */
export function evidentirajPrimljeniERacunEnvelope(records: readonly ERacunRecord[], envelope: RequestEnvelope): string {
  return invoiceEnvelope(ERACUN_RECEIVED, records, envelope);
}

/** `EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev` for up to 100 invoices issued (`IR`) to clients that cannot receive e-invoices. */
export function evidentirajIsporukuEnvelope(docs: readonly EInvoiceDocument[], envelope: RequestEnvelope): string {
  return invoiceEnvelope(ISPORUKA, docs.map(issuedRecord), envelope);
}
