import { ROW_ACTION_REFUSALS, type RowAction, type RowActionRefusal } from '@faktura/shared';
import type * as repo from './invoice.repository';

type ActionRow = Pick<
  repo.InvoiceRow,
  | 'id'
  | 'state'
  | 'document_type'
  | 'credit_status'
  | 'settled_with_original'
  | 'number_year'
  | 'premises_code'
  | 'device_code'
  | 'number_seq'
  | 'total_cents'
>;

/**
 * The answers of an action, one object each, shared by every row that gives them (issue 33 item 2: a
 * list row no longer allocates its actions); frozen, since many answers hold the same one.
 */
const allowed: RowAction = Object.freeze({ allowed: true, reason: null });
const refusals = new Map<RowActionRefusal, RowAction>(ROW_ACTION_REFUSALS.map((reason) => [reason, Object.freeze({ allowed: false, reason })]));

/**
 * A document on the Tax Administration's record, or about to be (decision 030), stays: fiscalized,
 * refused (it was received) or waiting to be sent. One Faktura does not fiscalize (NOT_REQUIRED), or
 * leaves to the intermediary, which Faktura does not send it to yet (issue 32), may still go.
 */
export function keptForFiscalization(status: string | undefined): boolean {
  return status === 'PENDING' || status === 'FISCALIZED' || status === 'FAILED';
}
const refused = (reason: RowActionRefusal): RowAction => refusals.get(reason) ?? { allowed: false, reason };

/**
 * An e-invoice the intermediary took (or is about to be handed over: PENDING) exists outside Faktura
 * (issue 32) and stays; one it refused (FAILED) never left.
 */
export function keptForDelivery(status: string | null | undefined): boolean {
  return status === 'PENDING' || status === 'SENT' || status === 'DELIVERED' || status === 'REJECTED';
}

/**
 * Whether a document may be deleted now, by the rules `deleteInvoice` enforces (decision 004):
 * drafts always; an issued one while open (uncleared, or a credit note settled with its invoice),
 * uncorrected by credit notes, without payments (decision 027), not fiscalized (decision 030) and the
 * newest of its sequence (`lastSeq`).
 */
export function deleteAction(row: ActionRow, hasCreditNotes: boolean, lastSeq: number | undefined, payments = 0, fiscal?: string, delivery?: string | null): RowAction {
  if (row.state === 'DRAFT') return allowed;
  if (hasCreditNotes) return refused('HAS_CREDIT_NOTES');
  const open = row.state === 'PUBLISHED' || (row.document_type === 'CREDIT_NOTE' && row.settled_with_original === 1);
  if (!open) return refused('CLEARED');
  if (payments > 0) return refused('HAS_PAYMENTS');
  if (keptForFiscalization(fiscal)) return refused('FISCALIZED');
  if (keptForDelivery(delivery)) return refused('SENT_TO_INTERMEDIARY');
  if (row.number_seq === null || lastSeq !== row.number_seq) return refused('NOT_NEWEST');
  return allowed;
}

/** Only an issued invoice with something left to credit takes a credit note. */
export function creditNoteAction(row: ActionRow): RowAction {
  if (row.document_type === 'CREDIT_NOTE') return refused('IS_CREDIT_NOTE');
  if (row.state === 'DRAFT') return refused('NOT_ISSUED');
  if (row.credit_status === 'FULL') return refused('FULLY_CREDITED');
  return allowed;
}

/** What a list row's actions and paid state depend on, read with the row (`rowColumns`, invoice.listing.repository.ts). */
export interface RowFacts {
  /** Its payments summed, and how many (decision 027). */
  paid_cents: number | string | null;
  payment_count: number | string | null;
  /** What its credit notes sum to (negative; null: it has none). */
  credited_cents: number | string | null;
  /** Its fiscalization status (decision 030; null: none). */
  fiscal_status: string | null;
  /** The newest number taken in its sequence (null: a draft). */
  last_seq: number | null;
  /** Its delivery through the intermediary (issue 32; null: never sent). */
  delivery_status?: string | null;
}
