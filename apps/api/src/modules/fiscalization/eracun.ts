import { type XmlNode, xmlAttribute, xmlDocument, xmlString, xmlText } from '../../xml';
import { NS_EFIS, NS_EIZV, NS_SOAP, sendingTime } from './soap';
import { type EInvoiceDocument, amount, documentTotals, percent, quantity, taxCategory } from '../invoice';

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

function invoiceRecord(parent: XmlNode, doc: EInvoiceDocument, message: InvoiceMessage): void {
  if (!doc.buyer.oib) throw new NotFiscalizableError('buyerWithoutOib');
  const { el, group } = writer(message);
  const credit = doc.type === 'CREDIT_NOTE';
  const totals = documentTotals(doc);
  const prepaid = doc.payment.method === 'ADVANCE' ? totals.totalCents : 0;
  const node = group(parent, message.record);
  el(node, 'brojDokumenta', doc.number);
  el(node, 'datumIzdavanja', doc.issueDate);
  el(node, 'vrstaDokumenta', credit ? '381' : '380');
  el(node, message.currency, doc.currencyCode);
  el(node, 'datumDospijecaPlacanja', doc.dueDate);
  el(node, 'vrstaPoslovnogProcesa', doc.profileId);
  el(node, 'datumIsporuke', doc.deliveryDate);
  if (doc.billingReference) {
    const previous = group(node, message.previous);
    el(previous, 'brojDokumenta', doc.billingReference.number);
    el(previous, 'datumIzdavanja', doc.billingReference.issueDate);
  }
  const issuer = group(node, 'Izdavatelj');
  el(issuer, 'ime', doc.seller.name);
  el(issuer, 'oibPorezniBroj', doc.seller.oib);
  el(issuer, 'oibOperatera', doc.seller.operator.oib);
  const recipient = group(node, 'Primatelj');
  el(recipient, 'ime', doc.buyer.name);
  el(recipient, 'oibPorezniBroj', doc.buyer.oib);
  if (doc.payment.method !== 'CASH' && doc.payment.method !== 'CARD' && doc.payment.iban) {
    const transfer = group(node, 'PrijenosSredstava');
    el(transfer, 'identifikatorRacunaZaPlacanje', doc.payment.iban);
    el(transfer, 'identifikatorPruzateljaPlatnihUsluga', doc.payment.bic);
  }
  const sum = group(node, 'DokumentUkupanIznos');
  el(sum, 'neto', amount(totals.subtotalCents));
  el(sum, 'iznosBezPdv', amount(totals.subtotalCents));
  el(sum, 'pdv', amount(totals.vatCents));
  el(sum, 'iznosSPdv', amount(totals.totalCents));
  if (prepaid !== 0) el(sum, 'placeniIznos', amount(prepaid));
  el(sum, 'iznosKojiDospijevaZaPlacanje', amount(totals.totalCents - prepaid));
  for (const vat of totals.vatGroups) {
    const category = taxCategory(doc, vat.rateBp);
    const breakdown = group(node, 'RaspodjelaPdv');
    el(breakdown, 'kategorijaPdv', category.id);
    el(breakdown, 'oporeziviIznos', amount(vat.baseCents));
    el(breakdown, 'iznosPoreza', amount(vat.vatCents));
    el(breakdown, 'stopa', percent(vat.rateBp));
    if (category.exempt) {
      el(breakdown, 'razlogOslobodenja', category.exemptionCode);
      el(breakdown, 'tekstRazlogaOslobodenja', doc.exemptionReason);
    }
    el(breakdown, 'hrOznakaKategorijaPdv', category.hrName);
  }
  doc.lines.forEach((line, index) => {
    const category = taxCategory(doc, line.vatRateBp);
    const item = group(node, message.line);
    el(item, 'kolicina', quantity(line.quantityMilli));
    el(item, 'jedinicaMjere', line.unitCode);
    el(item, 'neto', amount(totals.lineNetCents[index] ?? 0));
    el(item, 'artiklNetoCijena', amount(line.priceCents));
    el(item, 'artiklKategorijaPdv', category.id);
    el(item, 'artiklStopaPdv', percent(line.vatRateBp));
    el(item, 'artiklNaziv', line.name);
    el(item, 'artiklOpis', line.description);
    el(item, 'artiklHrOznakaKategorijaPdv', category.hrName);
    if (line.kpdCode && !credit) {
      const classification = group(item, 'ArtiklIdentifikatorKlasifikacija');
      el(classification, 'identifikatorKlasifikacije', line.kpdCode);
      el(classification, 'identifikatorSheme', 'CG');
    }
  });
  el(node, 'indikatorKopije', 'false');
}

export interface RequestEnvelope {
  /** The request's `efis:id`, which the signature's first reference points to (`#id`). */
  id: string;
  sentAt: Date;
}

/** The SOAP 1.1 envelope (TS-F2 ch.8) with an unsigned request for 1 to 100 documents; `signRequest` then signs it in place. */
function invoiceEnvelope(message: InvoiceMessage, docs: readonly EInvoiceDocument[], envelope: RequestEnvelope): string {
  if (docs.length === 0) throw new NotFiscalizableError('noDocuments');
  if (docs.length > 100) throw new NotFiscalizableError('tooManyDocuments');
  const { el, group } = writer(message);
  const soap = xmlDocument(NS_SOAP, 'soapenv:Envelope');
  const request = soap.ele(NS_SOAP, 'soapenv:Body').ele(message.ns, `${message.prefix}:${message.request}`);
  xmlAttribute(request, `${message.prefix}:id`, envelope.id, message.ns);
  const header = group(request, 'Zaglavlje');
  el(header, 'datumVrijemeSlanja', sendingTime(envelope.sentAt));
  el(header, message.kind[0], message.kind[1]);
  for (const doc of docs) invoiceRecord(request, doc, message);
  return xmlString(soap);
}

/** `EvidentirajERacunZahtjev` for up to 100 issued (`I`) e-invoices. */
export function evidentirajERacunEnvelope(docs: readonly EInvoiceDocument[], envelope: RequestEnvelope): string {
  return invoiceEnvelope(ERACUN, docs, envelope);
}

/** `EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev` for up to 100 invoices issued (`IR`) to clients that cannot receive e-invoices. */
export function evidentirajIsporukuEnvelope(docs: readonly EInvoiceDocument[], envelope: RequestEnvelope): string {
  return invoiceEnvelope(ISPORUKA, docs, envelope);
}
