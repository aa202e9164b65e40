import { type XmlNode, xmlAttribute, xmlDocument, xmlString, xmlText } from '../../xml';
import { amount } from '../invoice';
import { NS_EIZV, NS_SOAP, sendingTime } from './soap';

/**
 * `EvidentirajNaplatuZahtjev` (TS-F2 ch.4, XSD-I `eIzvjestavanjeSchema.xsd`): the payments received on
 * fiscalized e-invoices, each identified by the e-invoice's number, date of issue and issuer's OIB, with
 * the recipient's OIB, the day paid, the amount (negative: a correction, ZoF čl. 53) and the method code
 * (T transfer, O set-off, Z other).
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

function el(parent: XmlNode, name: string, value: string): void {
  xmlText(parent.ele(NS_EIZV, `eizv:${name}`), value);
}

export function evidentirajNaplatuEnvelope(reports: readonly PaymentReport[], envelope: { id: string; sentAt: Date }): string {
  if (reports.length === 0 || reports.length > 100) throw new Error('a payment report carries 1 to 100 payments');
  const soap = xmlDocument(NS_SOAP, 'soapenv:Envelope');
  const request = soap.ele(NS_SOAP, 'soapenv:Body').ele(NS_EIZV, 'eizv:EvidentirajNaplatuZahtjev');
  xmlAttribute(request, 'eizv:id', envelope.id, NS_EIZV);
  el(request.ele(NS_EIZV, 'eizv:Zaglavlje'), 'datumVrijemeSlanja', sendingTime(envelope.sentAt));
  for (const report of reports) {
    const node = request.ele(NS_EIZV, 'eizv:Naplata');
    el(node, 'brojDokumenta', report.number);
    el(node, 'datumIzdavanja', report.issueDate);
    el(node, 'oibPorezniBrojIzdavatelja', report.issuerOib);
    el(node, 'oibPorezniBrojPrimatelja', report.recipientOib);
    el(node, 'datumNaplate', report.paidOn);
    el(node, 'naplaceniIznos', amount(report.amountCents));
    el(node, 'nacinPlacanja', report.code);
  }
  return xmlString(soap);
}
