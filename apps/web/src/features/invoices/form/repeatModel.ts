import {
  addDays,
  contractDates,
  dueDateNotPast,
  issuableBillingDate,
  parseIsoDate,
  type Company,
  type Invoice,
} from '@faktura/shared';
import { draftValues, type InvoiceFormValues } from './invoiceFormModel';

/** Only an issued (or cleared) invoice is repeated; a credit note or a draft is not. */
export function isRepeatable(invoice: Pick<Invoice, 'state' | 'documentType'>): boolean {
  return invoice.state !== 'DRAFT' && invoice.documentType === 'INVOICE';
}

/** What the page must say about a repeated invoice before the user saves it. */
export interface RepeatNotes {
  /** The client the invoice was for is no longer among the clients: one must be chosen. */
  clientGone: boolean;
  /** Lines whose catalogue item was deleted: they are copied as the invoice had them. */
  orphanLines: string[];
  /** A USD invoice: the exchange rate is today's to enter, not the old invoice's. */
  needsRate: boolean;
}

export interface Repeat {
  values: InvoiceFormValues;
  notes: RepeatNotes;
}

function daysBetween(from: string, to: string): number {
  return Math.round((parseIsoDate(to).getTime() - parseIsoDate(from).getTime()) / 86_400_000);
}

/**
 * A new invoice with everything the issued one said (client, contract, payment method, VAT
 * treatment, internal number, lines with their descriptions, quantities, prices, discounts, VAT
 * rates and KPD codes), dated this month: by the contract's rule (spec §4, working days), moved
 * into the issuable range exactly as choosing the contract on the New page does; without a
 * contract, billed today with the same number of days until due. The payment reference is not
 * copied (the new invoice gets its own) nor is a USD rate (it is the day's).
 */
export function repeatValues(
  invoice: Invoice,
  clients: readonly Pick<Company, 'id'>[],
  operatorId: number,
  today: string,
  earliest: string,
): Repeat {
  const copied = draftValues(invoice);
  let dates: Pick<InvoiceFormValues, 'billingDate' | 'deliveryDate' | 'paymentDueDate'>;
  if (invoice.contractType && invoice.contractDueDays !== null) {
    const proposed = contractDates(invoice.contractType, invoice.contractDueDays, today, earliest);
    dates = {
      ...proposed,
      paymentDueDate: dueDateNotPast(proposed.paymentDueDate, invoice.contractDueDays, today).paymentDueDate,
    };
  } else {
    const billing = issuableBillingDate(today, earliest, today);
    const term = Math.max(daysBetween(invoice.billingDate, invoice.paymentDueDate), 0);
    dates = { billingDate: billing, deliveryDate: billing, paymentDueDate: addDays(billing, term) };
  }
  const clientGone = !clients.some((client) => client.id === invoice.clientId);
  return {
    values: {
      ...copied,
      ...dates,
      clientId: clientGone ? null : invoice.clientId,
      referenceModel: 'HR00',
      referenceNumber: '',
      eurFxRate: '',
      operatorId,
    },
    notes: {
      clientGone,
      orphanLines: invoice.lineItems
        .filter((line) => line.productId === null)
        .map((line) => line.description),
      needsRate: invoice.currencyCode === 'USD',
    },
  };
}
