import { isValidOib, plainAmount as amount } from '@faktura/shared';
import { type XmlNode, xmlAttribute, xmlDocument, xmlString, xmlText } from '../../../xml';
import { NS_SOAP, zagrebTime } from '../soap';

/**
 * `RacunZahtjev`, the fiscalization request of one invoice to a consumer, or of one invoice paid in
 * cash or by card ("Fiskalizacija 1.0": TS-F1 v2.6 ch. 2.1.1, `FiskalizacijaSchema.xsd` v1.9,
 * namespace `…/fin/2012/types/f73`), in the SOAP 1.1 envelope the service takes (TS-F1 9.1).
 * Pure: the same invoice, ZKI, message id and time give the same bytes. Amounts are integer cents
 * written by the app's one decimal rule (`amount`); a credit note is a negative invoice (TS-F1 2.7:
 * "stornirani račun" with a negative amount).
 */
export const NS_F73 = 'http://www.apis-it.hr/fin/2012/types/f73';
/** The request's `Id`, which the signature's reference names (TS-F1 ch. 7 recommends the root's name). */
export const RACUN_ZAHTJEV_ID = 'RacunZahtjev';
/** The WSDL's `soapAction` of the `racuni` operation (wsdl-test and wsdl-prod alike). */
export const RACUNI_SOAP_ACTION = '"http://e-porezna.porezna-uprava.hr/fiskalizacija/2012/services/FiskalizacijaService/racuni"';

/** `NacinPlac`: bank transfer T, cash G, card K, other (or several) O (TS-F1 2.1.1; cheques C gone since 1.9.2025). */
export type B2cPaymentMethod = 'T' | 'G' | 'K' | 'O';

/** One VAT rate of the invoice: rate in basis points (2500 = 25 %), base and tax in cents. */
export interface B2cVat {
  rateBp: number;
  baseCents: number;
  vatCents: number;
}

/** One consumer, cash or card invoice as the Tax Administration records it. */
export interface B2cInvoice {
  /** The issuer's OIB (`Oib`): the certificate's, or the taxpayer's an authorised person signs for. */
  issuerOib: string;
  /** `USustPdv`. */
  inVatSystem: boolean;
  /** The moment of issue (`DatVrijeme`, printed on the invoice), written in Croatian local time. */
  issuedAt: Date;
  /** `OznSlijed`: numbers run per business premises (P) or per device (N). */
  sequenceMark: 'P' | 'N';
  /** `BrRac`: the numeric part (no leading zeros), the premises' mark (registered in ePorezna) and the device's number. */
  number: { sequence: string; premises: string; device: string };
  /** `Pdv`: one entry per rate; empty for an issuer outside the VAT system. */
  vat: readonly B2cVat[];
  /** `IznosOslobPdv`: the exempt part (e.g. art. 39-40 of the VAT Act), when there is one. */
  exemptCents?: number;
  /** `IznosNePodlOpor`: the part not subject to tax (e.g. an issuer outside the VAT system), when there is one. */
  notTaxableCents?: number;
  /** `IznosUkupno`: the invoice's total, negative for a credit note. */
  totalCents: number;
  paymentMethod: B2cPaymentMethod;
  /** `OibOper`: the OIB of the person who issues it. */
  operatorOib: string;
  /** `NakDost`: sent after the invoice was handed over without a JIR (outage). */
  lateDelivery: boolean;
  /** `OibPrimateljaRacuna`: only for a business paying in cash or by card, never with T (TS-F1 2.1.1). */
  buyerOib?: string | null;
}

export type B2cInputProblem =
  | 'issuerOib'
  | 'operatorOib'
  | 'buyerOib'
  | 'buyerOibWithTransfer'
  | 'sequence'
  | 'premises'
  | 'device'
  | 'amount'
  | 'rate';

/** An invoice the service would refuse (s001) before it is sent: which field, for the user. */
export class B2cInputError extends Error {
  constructor(readonly problem: B2cInputProblem) {
    super(`consumer invoice: ${problem}`);
    this.name = 'B2cInputError';
  }
}

const MAX_CENTS = 10 ** 17 - 1; // Decimal(15,2): 15 digits before the point
const NUMBER_PART = /^[1-9]\d{0,19}$/; // digits, no leading zeros, up to 20 (XSD BrOznRac, OznNapUr)
const PREMISES = /^[0-9a-zA-Z]{1,20}$/; // XSD OznPoslProstoraType

/** Checks what the schema and TS-F1 2.1.1 ask of an invoice; throws `B2cInputError` with the field. */
export function assertFiscalizable(invoice: B2cInvoice): void {
  if (!isValidOib(invoice.issuerOib)) throw new B2cInputError('issuerOib');
  if (!isValidOib(invoice.operatorOib)) throw new B2cInputError('operatorOib');
  if (invoice.buyerOib) {
    if (!isValidOib(invoice.buyerOib)) throw new B2cInputError('buyerOib');
    if (invoice.paymentMethod === 'T') throw new B2cInputError('buyerOibWithTransfer');
  }
  if (!NUMBER_PART.test(invoice.number.sequence)) throw new B2cInputError('sequence');
  if (!PREMISES.test(invoice.number.premises)) throw new B2cInputError('premises');
  if (!NUMBER_PART.test(invoice.number.device)) throw new B2cInputError('device');
  const amounts = [invoice.totalCents, invoice.exemptCents ?? 0, invoice.notTaxableCents ?? 0, ...invoice.vat.flatMap((v) => [v.baseCents, v.vatCents])];
  if (amounts.some((cents) => !Number.isSafeInteger(cents) || Math.abs(cents) > MAX_CENTS)) throw new B2cInputError('amount');
  // StopaType: up to three digits before the point
  if (invoice.vat.some((v) => !Number.isSafeInteger(v.rateBp) || v.rateBp < 0 || v.rateBp > 99_999)) throw new B2cInputError('rate');
}

/** `DatVrijeme` / `DatumVrijeme`: `dd.MM.yyyyTHH:mm:ss` in Croatian local time (XSD DatumVrijemeType). */
export function messageTime(at: Date): string {
  const t = zagrebTime(at);
  return `${t.day}.${t.month}.${t.year}T${t.hour}:${t.minute}:${t.second}`;
}

/**
 * The text the ZKI signs (TS-F1 ch. 12.1): OIB + date and time of issue (`dd.MM.yyyy HH:mm:ss`,
 * a space, not the message's T) + numeric part + premises + device + total (`1245.56`, point).
 */
export function zkiPayload(invoice: Pick<B2cInvoice, 'issuerOib' | 'issuedAt' | 'number' | 'totalCents'>): string {
  const { number } = invoice;
  return `${invoice.issuerOib}${messageTime(invoice.issuedAt).replace('T', ' ')}${number.sequence}${number.premises}${number.device}${amount(invoice.totalCents)}`;
}

export interface B2cEnvelope {
  /** `IdPoruke`: a new UUID for every message, resends included (TS-F1 2.1.1). */
  messageId: string;
  sentAt: Date;
}

const tns = (parent: XmlNode, name: string, value?: string): XmlNode => {
  const node = parent.ele(NS_F73, `tns:${name}`);
  if (value !== undefined) xmlText(node, value);
  return node;
};

/**
 * The unsigned SOAP envelope with `RacunZahtjev` for `invoice` and its `zki`; `signRacunZahtjev`
 * then signs the request element in place. Elements in the schema's order (XSD RacunType).
 */
export function racunZahtjevEnvelope(invoice: B2cInvoice, zki: string, envelope: B2cEnvelope): string {
  assertFiscalizable(invoice);
  if (!/^[a-f0-9]{32}$/.test(zki)) throw new Error('a ZKI is 32 lower-case hex digits');
  const soap = xmlDocument(NS_SOAP, 'soapenv:Envelope');
  const request = soap.ele(NS_SOAP, 'soapenv:Body').ele(NS_F73, 'tns:RacunZahtjev');
  xmlAttribute(request, 'Id', RACUN_ZAHTJEV_ID);
  const header = tns(request, 'Zaglavlje');
  tns(header, 'IdPoruke', envelope.messageId);
  tns(header, 'DatumVrijeme', messageTime(envelope.sentAt));
  const racun = tns(request, 'Racun');
  tns(racun, 'Oib', invoice.issuerOib);
  tns(racun, 'USustPdv', String(invoice.inVatSystem));
  tns(racun, 'DatVrijeme', messageTime(invoice.issuedAt));
  tns(racun, 'OznSlijed', invoice.sequenceMark);
  const number = tns(racun, 'BrRac');
  tns(number, 'BrOznRac', invoice.number.sequence);
  tns(number, 'OznPosPr', invoice.number.premises);
  tns(number, 'OznNapUr', invoice.number.device);
  if (invoice.vat.length > 0) {
    const pdv = tns(racun, 'Pdv');
    for (const vat of invoice.vat) {
      const porez = tns(pdv, 'Porez');
      tns(porez, 'Stopa', amount(vat.rateBp));
      tns(porez, 'Osnovica', amount(vat.baseCents));
      tns(porez, 'Iznos', amount(vat.vatCents));
    }
  }
  if (invoice.exemptCents) tns(racun, 'IznosOslobPdv', amount(invoice.exemptCents));
  if (invoice.notTaxableCents) tns(racun, 'IznosNePodlOpor', amount(invoice.notTaxableCents));
  tns(racun, 'IznosUkupno', amount(invoice.totalCents));
  tns(racun, 'NacinPlac', invoice.paymentMethod);
  tns(racun, 'OibOper', invoice.operatorOib);
  tns(racun, 'ZastKod', zki);
  tns(racun, 'NakDost', String(invoice.lateDelivery));
  if (invoice.buyerOib) tns(racun, 'OibPrimateljaRacuna', invoice.buyerOib);
  return xmlString(soap);
}
