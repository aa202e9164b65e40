import {
  type ClientKind,
  type DeliveryStatus,
  type FiscalStatus,
  type Invoice,
  type InvoiceDelivery,
  type InvoiceFiscalSummary,
  NOT_SENT_DELIVERY,
  type InvoiceListRow,
  computeTotals,
  dueCents,
  outstandingCents,
  formatMoney,
  lineToWire,
  paidState,
  percentToWire,
  quantityToWire,
  toEuroCents,
} from '@faktura/shared';
import { RESOURCE_LANGUAGE } from '../../http/language';
import { type RowFacts, creditNoteAction, deleteAction } from './invoice.actions';
import type { StoredLine } from './invoice.lines';
import type { DeliveryRecord, FiscalRecord, InvoiceRow, InvoiceWithNames } from './invoice.repository';
import { type ClientSnapshot, namesOf } from './invoice.snapshot';

/** An unpaid invoice past its due date; credit notes are never overdue (nothing is due on them). */
export function isOverdue(row: Pick<InvoiceRow, 'state' | 'payment_due_date' | 'document_type'>, today: string): boolean {
  return row.state === 'PUBLISHED' && row.document_type === 'INVOICE' && row.payment_due_date < today;
}

/** What an invoice's detail shows beside its own row and lines. */
export interface InvoiceExtras {
  deletable: boolean;
  /** For an invoice: its credit notes, oldest first. */
  creditNotes: readonly { id: number; invoice_number: string | null; billing_date: string; total_cents: number }[];
  /** For an invoice: thousandths credited so far per line id. */
  creditedQuantities: ReadonlyMap<number, number>;
  /** For a credit note: the invoice it corrects. */
  creditedInvoice: { id: number; invoice_number: string | null; billing_date: string } | null;
  eInvoice: boolean;
  /** The client as a business or a private person (as issued; as it is now for a draft). */
  clientKind: ClientKind;
  /** The language its documents are written in for the client (Croatian for a client in Croatia). */
  documentLanguage: 'hr' | 'en';
  /** For an issued invoice: what its payments sum to and how many there are (decision 027). */
  payments: { paidCents: number; count: number };
  /** Its fiscalization record, when Faktura keeps one (decision 030). */
  fiscal: FiscalRecord | undefined;
  /** Its delivery through the intermediary, when it was handed over (issue 32). */
  delivery?: DeliveryRecord | undefined;
  /** The re-issue links (issue 47): the invoice it re-issues, and those re-issuing it. */
  reissue?: { of: { id: number; number: string | null } | null; by: { id: number; number: string | null }[] } | undefined;
  /** A final invoice: the advances it deducts (issue 48). */
  advances?: Invoice['advances'] | undefined;
  /** An advance invoice: the final invoice that deducted it. */
  deductedBy?: Invoice['deductedBy'] | undefined;
  /** Its client snapshot, when the caller has already read it (read once per answer). */
  clientSnapshot?: ClientSnapshot | undefined;
}

/** Where a document stands with the intermediary (issue 32); never sent: NOT_SENT. */
export function toDelivery(record: DeliveryRecord | undefined): InvoiceDelivery {
  if (!record) return NOT_SENT_DELIVERY;
  const status = record.status as InvoiceDelivery['status'];
  return {
    status,
    providerDocumentId: record.provider_document_id,
    at: record.status_at,
    error: record.error,
    providerStatus: record.provider_status,
    fiscalized: record.fiscalized === null ? null : record.fiscalized === 1,
    fiscalizationError: record.fiscalized === 0 ? record.fiscal_error : null,
    eReported: record.e_reported === 1,
    attempts: record.attempts,
    nextAttemptAt: status === 'PENDING' ? record.next_attempt_at : null,
  };
}

/**
 * Where a document stands with the Tax Administration, from its fiscalization record (decision 030):
 * the error only while it is not fiscalized, the deadline only while one applies, the next attempt
 * only while one is planned. No record: nothing to say (a draft, or issued while Faktura did not
 * fiscalize).
 */
export function toFiscalSummary(record: FiscalRecord | undefined): InvoiceFiscalSummary {
  if (!record) return { status: null, kind: null, requestId: null, at: null, attempts: 0, error: null, deadline: null, nextAttemptAt: null, zki: null, jir: null };
  const status = record.status as FiscalStatus;
  return {
    status,
    // which message reports it: none for a document Faktura does not fiscalize
    kind: status === 'NOT_REQUIRED' ? null : record.kind === 'ISPORUKA' || record.kind === 'RACUN' ? record.kind : 'ERACUN',
    requestId: record.request_id,
    at: record.fiscalized_at,
    attempts: record.attempts,
    error: record.error_code && status !== 'FISCALIZED' ? { code: record.error_code, text: record.error_text } : null,
    deadline: status === 'PENDING' || status === 'FAILED' || status === 'FISCALIZED' ? record.deadline : null,
    nextAttemptAt: status === 'PENDING' ? record.next_attempt_at : null,
    zki: record.kind === 'RACUN' ? record.zki : null,
    jir: record.kind === 'RACUN' ? record.jir : null,
  };
}

/** The columns a list row is made of: the list never reads the snapshots or the notes. */
export const LIST_COLUMNS = [
  'invoice.id',
  'invoice.invoice_number',
  'invoice.billing_date',
  'invoice.state',
  'invoice.total_cents',
  'invoice.prepaid_cents',
  'invoice.currency_code',
  'invoice.payment_due_date',
  'invoice.document_type',
  'invoice.credit_status',
  // what decides the row's actions (invoice.actions.ts)
  'invoice.settled_with_original',
  'invoice.number_seq',
  'invoice.number_year',
  'invoice.premises_code',
  'invoice.device_code',
  'invoice.emailed_at',
] as const;

export type ListRowSource = Pick<
  InvoiceRow,
  | 'id'
  | 'invoice_number'
  | 'billing_date'
  | 'state'
  | 'total_cents'
  | 'prepaid_cents'
  | 'currency_code'
  | 'payment_due_date'
  | 'document_type'
  | 'credit_status'
  | 'settled_with_original'
  | 'number_seq'
  | 'number_year'
  | 'premises_code'
  | 'device_code'
  | 'emailed_at'
> & {
  client_name: string;
  /** The sums of its payments and of its credit notes' totals (null: none). */
  paid_cents: number | string | null;
  credited_cents: number | string | null;
  /** Its delivery outbox row's status (issue 32), null when it has none. */
  delivery_status: string | null;
  /** When the buyer rejected it (decision 041), null when it did not. */
  buyer_rejected_at: string | null;
};

/**
 * A row of the invoice list; `amountFormatted` in Croatian whatever the request's language (decision 019).
 * Its actions, payments and fiscalization status from the row alone (`rowColumns`, no statement of
 * its own): what its payments sum to and what is due (decision 027). Built as one object, the
 * actions shared answers (`invoice.actions.ts`): 50 rows per page (issue 33 item 2).
 */
export function toListRow(row: ListRowSource & RowFacts, today: string): InvoiceListRow {
  const hasNotes = row.credited_cents !== null;
  const paidCents = Number(row.paid_cents ?? 0);
  const count = Number(row.payment_count ?? 0);
  // what is due: the total less its advances (a final invoice) and its credit notes (their totals are negative)
  const due = Number(row.total_cents) - Number(row.prepaid_cents) + (hasNotes ? Number(row.credited_cents) : 0);
  const fiscal = row.fiscal_status ?? undefined;
  const draft = row.state === 'DRAFT';
  return {
    id: row.id,
    invoiceNumber: row.invoice_number,
    client: row.client_name,
    invoiceDate: row.billing_date,
    invoiceState: row.state,
    amountFormatted: formatMoney(row.total_cents, row.currency_code, RESOURCE_LANGUAGE),
    totalCents: row.total_cents,
    currencyCode: row.currency_code,
    paymentDueDate: row.payment_due_date,
    overdue: isOverdue(row, today),
    documentType: row.document_type,
    creditStatus: row.credit_status,
    actions: {
      delete: deleteAction(row, hasNotes, row.last_seq ?? undefined, count, fiscal, row.delivery_status),
      creditNote: creditNoteAction(row),
    },
    sentAt: row.emailed_at,
    paidState: draft || row.document_type === 'CREDIT_NOTE' ? null : paidState(due, paidCents),
    paidCents,
    dueCents: due,
    creditSettled: row.settled_with_original === 1,
    // what is still owed (decision 028): null for drafts and credit notes
    outstandingCents: draft || row.document_type !== 'INVOICE' ? null : outstandingCents(due, paidCents),
    fiscalStatus: (fiscal as FiscalStatus | undefined) ?? null,
    // an issued document without an outbox row was never handed to the intermediary
    deliveryStatus: draft ? null : ((row.delivery_status as DeliveryStatus | null) ?? 'NOT_SENT'),
    buyerRejected: !draft && row.buyer_rejected_at !== null,
  };
}

/**
 * A stored line as the invoice answer carries it (spec §3): its decimal numbers written by the
 * shared `lineToWire`, the catalogue item named `productId` there, the exact cents beside them.
 */
function answerLine(line: StoredLine, creditedMilli: number): Invoice['lineItems'][number] {
  const wire = lineToWire(line);
  return {
    lineId: line.id,
    productId: wire.id,
    quantity: wire.quantity,
    price: wire.price,
    priceCents: line.priceCents,
    discountPercent: wire.discountPercent,
    currencyCode: wire.currency,
    description: wire.description,
    descriptionEn: wire.descriptionEn,
    unit: wire.unit,
    vatRate: wire.vatRate,
    lineTotalCents: line.lineTotalCents,
    kpdCode: wire.kpdCode,
    creditedQuantity: quantityToWire(creditedMilli),
    creditedLineId: line.creditedLineId,
  };
}

/** The stored period of supply, when the invoice has one. */
export function servicePeriodOf(row: Pick<InvoiceRow, 'service_period_start' | 'service_period_end'>): Invoice['servicePeriod'] {
  return row.service_period_start && row.service_period_end ? { start: row.service_period_start, end: row.service_period_end } : null;
}

export function toInvoice(
  row: InvoiceWithNames,
  lines: readonly StoredLine[],
  extras: InvoiceExtras,
): Invoice {
  const totals = computeTotals(lines);
  // a final invoice's advances were paid already (issue 48): what is due is the rest
  const due = dueCents(row.total_cents - row.prepaid_cents, extras.creditNotes.map((n) => n.total_cents));
  // an issued document names its client and operator as it did when issued (decision 016)
  const names = namesOf(row, extras.clientSnapshot);
  return {
    id: row.id,
    clientId: row.client_id,
    client: names.client,
    invoiceNumber: row.invoice_number,
    state: row.state,
    operator: names.operator,
    operatorId: row.operator_id,
    paymentMethod: row.payment_method,
    contractType: row.contract_type,
    contractDueDays: row.contract_due_days,
    // a draft is dated the day it is issued (decision 026): it has no date of issue yet
    createDate: row.state === 'DRAFT' ? null : row.billing_date,
    billingDate: row.state === 'DRAFT' ? null : row.billing_date,
    deliveryDate: row.delivery_date,
    servicePeriod: servicePeriodOf(row),
    paymentDueDate: row.payment_due_date,
    extraInfo: row.extra_info,
    referenceModel: (row.reference_model ?? 'HR00') as Invoice['referenceModel'],
    referenceNumber: row.reference_number,
    currencyCode: row.currency_code,
    eurFxRate: row.eur_fx_rate,
    vatTreatment: row.vat_treatment,
    lineItems: lines.map((l) => answerLine(l, extras.creditedQuantities.get(l.id) ?? 0)),
    subtotalCents: row.subtotal_cents,
    vatCents: row.vat_cents,
    totalCents: row.total_cents,
    totalEurCents: toEuroCents(row.total_cents, row.eur_fx_rate),
    vatGroups: totals.vatGroups.map((g) => ({ rate: percentToWire(g.rateBp), baseCents: g.baseCents, vatCents: g.vatCents })),
    amountFormatted: formatMoney(row.total_cents, row.currency_code, RESOURCE_LANGUAGE),
    issuedAt: row.issued_at,
    paymentDate: row.cleared_at,
    locked: row.state !== 'DRAFT',
    deletable: extras.deletable,
    documentType: row.document_type,
    issueTime: row.issue_time,
    creditedInvoice: extras.creditedInvoice
      ? {
          id: extras.creditedInvoice.id,
          number: extras.creditedInvoice.invoice_number,
          billingDate: extras.creditedInvoice.billing_date,
        }
      : null,
    creditReason: row.credit_reason,
    creditStatus: row.credit_status,
    creditNotes: extras.creditNotes.map((n) => ({
      id: n.id,
      number: n.invoice_number,
      billingDate: n.billing_date,
      totalCents: n.total_cents,
    })),
    remainingCents: due,
    eInvoice: extras.eInvoice,
    clientKind: extras.clientKind,
    documentLanguage: extras.documentLanguage,
    paidState: row.state === 'DRAFT' || row.document_type === 'CREDIT_NOTE' ? null : paidState(due, extras.payments.paidCents),
    paidCents: extras.payments.paidCents,
    payments: extras.payments.count,
    creditSettled: row.settled_with_original === 1,
    fiscalization: toFiscalSummary(extras.fiscal),
    delivery: toDelivery(extras.delivery),
    buyerRejection: toBuyerRejection(extras.delivery),
    reissueOf: extras.reissue?.of ?? null,
    reissuedBy: extras.reissue?.by ?? [],
    advances: extras.advances ?? [],
    deductedBy: extras.deductedBy ?? null,
  };
}

/** The buyer's rejection kept on the delivery record (issue 47); null when there is none. */
export function toBuyerRejection(record: DeliveryRecord | undefined): Invoice['buyerRejection'] {
  if (!record?.buyer_rejected_at) return null;
  const type = record.buyer_rejection_type;
  return { at: record.buyer_rejected_at, type: type === 'N' || type === 'U' || type === 'O' ? type : null, reason: record.buyer_rejection_reason };
}
