import { type XmlNode, xmlAttribute, xmlDocument, xmlString, xmlText } from '../../xml';
import { amount } from '../invoice';
import { NS_EIZV, NS_SOAP, sendingTime } from './soap';

/**
 * eIzvještavanje reports about an e-invoice (XSD-I `eIzvjestavanjeSchema.xsd`), each record identified
 * by the e-invoice's number, date of issue and issuer's OIB, with the recipient's OIB:
 * - `EvidentirajNaplatuZahtjev` (TS-F2 ch.4): payments received on fiscalized e-invoices, with the day
 *   paid, the amount (negative: a correction, ZoF čl. 53) and the method code (T transfer, O set-off,
 *   Z other);
 * - `EvidentirajOdbijanjeZahtjev` (TS-F2 ch.5, ZoF čl. 52): the buyer's rejection of a received
 *   e-invoice, with its day, reason type (N, U, O) and reason (decision 040).
 */
export interface PaymentReport {
  number: string;
  issueDate: string;
  issuerOib: string;
  recipientOib: string;
  paidOn: string;
  amountCents: number;
  code: 'T' | 'O' | 'Z';
}

/** A rejection of a received e-invoice: the supplier is the issuer, we are the recipient. */
export interface RejectionReportRecord {
  number: string;
  issueDate: string;
  issuerOib: string;
  recipientOib: string;
  rejectedOn: string;
  type: 'N' | 'U' | 'O';
  reason: string;
}

function el(parent: XmlNode, name: string, value: string): void {
  xmlText(parent.ele(NS_EIZV, `eizv:${name}`), value);
}

interface Identified {
  number: string;
  issueDate: string;
  issuerOib: string;
  recipientOib: string;
}

/** The envelope of an eIzvještavanje request: header, then 1 to 100 records, each starting with the e-invoice's identifier. */
function reportEnvelope<T extends Identified>(
  request: string, recordName: string, records: readonly T[], fields: (node: XmlNode, record: T) => void, envelope: { id: string; sentAt: Date },
): string {
  if (records.length === 0 || records.length > 100) throw new Error(`${request} carries 1 to 100 records`);
  const soap = xmlDocument(NS_SOAP, 'soapenv:Envelope');
  const body = soap.ele(NS_SOAP, 'soapenv:Body').ele(NS_EIZV, `eizv:${request}`);
  xmlAttribute(body, 'eizv:id', envelope.id, NS_EIZV);
  el(body.ele(NS_EIZV, 'eizv:Zaglavlje'), 'datumVrijemeSlanja', sendingTime(envelope.sentAt));
  for (const record of records) {
    const node = body.ele(NS_EIZV, `eizv:${recordName}`);
    el(node, 'brojDokumenta', record.number);
    el(node, 'datumIzdavanja', record.issueDate);
    el(node, 'oibPorezniBrojIzdavatelja', record.issuerOib);
    el(node, 'oibPorezniBrojPrimatelja', record.recipientOib);
    fields(node, record);
  }
  return xmlString(soap);
}

export function evidentirajNaplatuEnvelope(reports: readonly PaymentReport[], envelope: { id: string; sentAt: Date }): string {
  return reportEnvelope('EvidentirajNaplatuZahtjev', 'Naplata', reports, (node, report) => {
    el(node, 'datumNaplate', report.paidOn);
    el(node, 'naplaceniIznos', amount(report.amountCents));
    el(node, 'nacinPlacanja', report.code);
  }, envelope);
}

export function evidentirajOdbijanjeEnvelope(rejections: readonly RejectionReportRecord[], envelope: { id: string; sentAt: Date }): string {
  return reportEnvelope('EvidentirajOdbijanjeZahtjev', 'Odbijanje', rejections, (node, rejection) => {
    el(node, 'datumOdbijanja', rejection.rejectedOn);
    el(node, 'vrstaRazlogaOdbijanja', rejection.type);
    el(node, 'razlogOdbijanja', rejection.reason);
  }, envelope);
}
