import { addDays, contractDates, parseIsoDate, type Company, type Invoice, type ProposedDates } from '@faktura/shared';
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
 * rates and KPD codes), issued today (decision 026): its supply and period by the contract's rule
 * (working days), exactly as choosing the contract on the New page proposes; without a contract,
 * supplied today with the same number of days until due. The payment reference is not copied (the
 * new invoice gets its own) nor is a USD rate (it is the day's).
 */
export function repeatValues(
  invoice: Invoice,
  clients: readonly Pick<Company, 'id'>[],
  operatorId: number,
  today: string,
): Repeat {
  const copied = draftValues(invoice);
  let dates: ProposedDates;
  if (invoice.contractType && invoice.contractDueDays !== null) {
    dates = contractDates(invoice.contractType, invoice.contractDueDays, today);
  } else {
    const term = Math.max(daysBetween(invoice.billingDate ?? today, invoice.paymentDueDate), 0);
    dates = { deliveryDate: today, servicePeriod: null, paymentDueDate: addDays(today, term) };
  }
  const clientGone = !clients.some((client) => client.id === invoice.clientId);
  return {
    values: {
      ...copied,
      deliveryDate: dates.deliveryDate,
      servicePeriodStart: dates.servicePeriod?.start ?? '',
      servicePeriodEnd: dates.servicePeriod?.end ?? '',
      paymentDueDate: dates.paymentDueDate,
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
