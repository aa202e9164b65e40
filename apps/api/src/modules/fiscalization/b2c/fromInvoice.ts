import { toEuroCents } from '@faktura/shared';
import type { Db } from '../../../db/connection';
import { AppError } from '../../../http/errors';
import { type EInvoiceDocument, documentTotals, issuedDocumentOf, parseClientSnapshot, parseIssuerSnapshot } from '../../invoice';
import { issuedDocument } from '../outbox.repository';
import type { B2cInvoice, B2cPaymentMethod, B2cVat } from './racun';

/** `NacinPlac` of the invoice's payment method (TS-F1 2.1.1): transfer T, cash G, card K, anything else O. */
export function b2cPaymentMethod(method: string): B2cPaymentMethod {
  if (method === 'WIRE') return 'T';
  if (method === 'CASH') return 'G';
  if (method === 'CARD') return 'K';
  return 'O';
}

/** `7/POSL1/1` → its numeric part, premises and device; null for a number of another shape. */
export function numberParts(invoiceNumber: string): B2cInvoice['number'] | null {
  const match = /^(\d+)\/([0-9A-Za-z]+)\/(\d+)$/.exec(invoiceNumber);
  if (!match?.[1] || !match[2] || !match[3]) return null;
  return { sequence: String(Number(match[1])), premises: match[2], device: String(Number(match[3])) };
}

/**
 * The amounts as the service records them, in euro cents (an invoice in another currency at its
 * stored rate): VAT per rate for a domestic supply (a 0 % rate and the exempt treatments as
 * `IznosOslobPdv`), everything as `IznosNePodlOpor` for an issuer outside the VAT system.
 */
function amounts(doc: EInvoiceDocument): Pick<B2cInvoice, 'vat' | 'exemptCents' | 'notTaxableCents' | 'totalCents'> {
  const totals = documentTotals(doc);
  // the e-invoice states a credit note's amounts as positive (UBL CreditNote); the service takes a negative invoice
  const sign = doc.type === 'CREDIT_NOTE' ? -1 : 1;
  const eur = (cents: number) => sign * toEuroCents(cents, doc.eurFxRate);
  const totalCents = eur(totals.totalCents);
  if (doc.vatTreatment === 'NOT_IN_VAT') return { vat: [], notTaxableCents: totalCents, totalCents };
  if (doc.vatTreatment !== 'DOMESTIC') return { vat: [], exemptCents: totalCents, totalCents };
  const vat: B2cVat[] = [];
  let exemptCents = 0;
  for (const group of totals.vatGroups) {
    if (group.rateBp === 0) exemptCents += eur(group.baseCents);
    else vat.push({ rateBp: group.rateBp, baseCents: eur(group.baseCents), vatCents: eur(group.vatCents) });
  }
  return { vat, ...(exemptCents ? { exemptCents } : {}), totalCents };
}

/**
 * The `Racun` of an issued invoice or credit note, from what it said when it was issued (its
 * snapshots, stored lines and moment of issue): the same document always gives the same fields, so
 * its ZKI never changes. A credit note is a negative invoice (TS-F1 2.7). The recipient's OIB goes
 * only with a business paying in cash or by card (ZoF čl. 39; TS-F1 2.1.1), never for a private person.
 */
export async function b2cInvoiceOf(db: Db, invoiceId: number, options: { lateDelivery: boolean }): Promise<B2cInvoice> {
  const { invoiceNumber, document } = await issuedDocumentOf(db, invoiceId);
  const number = numberParts(invoiceNumber);
  if (!number) throw new AppError('receiptNumber', { params: { number: invoiceNumber } });
  const issued = await issuedDocument(db, invoiceId);
  if (!issued) throw new AppError('invoiceNotFound');
  if (!issued.client_snapshot || !issued.issuer_snapshot) throw new AppError('einvoiceDraft');
  const client = parseClientSnapshot(invoiceId, issued.client_snapshot);
  const issuer = parseIssuerSnapshot(invoiceId, issued.issuer_snapshot);
  const paymentMethod = b2cPaymentMethod(document.payment.method);
  const business = client.kind !== 'CONSUMER';
  return {
    issuerOib: document.seller.oib,
    inVatSystem: issuer.in_vat_system,
    issuedAt: new Date(issued.issued_at ?? `${document.issueDate}T${document.issueTime}`),
    sequenceMark: 'P',
    number,
    ...amounts(document),
    paymentMethod,
    operatorOib: document.seller.operator.oib,
    lateDelivery: options.lateDelivery,
    buyerOib: business && (paymentMethod === 'G' || paymentMethod === 'K') ? document.buyer.oib : null,
  };
}
