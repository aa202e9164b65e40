import type { InvoiceListRow, RowAction, RowActionRefusal } from '@faktura/shared';
import type { Db } from '../../db/connection';
import * as repo from './invoice.repository';

type ActionRow = Pick<
  repo.InvoiceRow,
  'id' | 'state' | 'document_type' | 'credit_status' | 'settled_with_original' | 'number_year' | 'premises_code' | 'device_code' | 'number_seq'
>;

const allowed: RowAction = { allowed: true, reason: null };
const refused = (reason: RowActionRefusal): RowAction => ({ allowed: false, reason });

/**
 * Whether a document may be deleted now, by the rules `deleteInvoice` enforces (decision 004):
 * drafts always; an issued one while open (uncleared, or a credit note settled with its invoice),
 * uncorrected by credit notes, and the newest of its sequence (`lastSeq`).
 */
export function deleteAction(row: ActionRow, hasCreditNotes: boolean, lastSeq: number | undefined): RowAction {
  if (row.state === 'DRAFT') return allowed;
  if (hasCreditNotes) return refused('HAS_CREDIT_NOTES');
  const open = row.state === 'PUBLISHED' || (row.document_type === 'CREDIT_NOTE' && row.settled_with_original === 1);
  if (!open) return refused('CLEARED');
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

/** Loads what the actions of a page of list rows depend on (two queries, whatever the page's size). */
export async function rowActions(db: Db, rows: readonly ActionRow[]): Promise<(row: ActionRow) => InvoiceListRow['actions']> {
  const [last, credited] = await Promise.all([repo.lastNumbers(db), repo.creditedAmong(db, rows.map((r) => r.id))]);
  return (row) => ({
    delete: deleteAction(row, credited.has(row.id), last.get(`${row.number_year}/${row.premises_code}/${row.device_code}`)),
    creditNote: creditNoteAction(row),
  });
}
