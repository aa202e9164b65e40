import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { type PaidState, type Totals, computeTotals, dueCents, paidState } from '@faktura/shared';
import type { Db } from '../../../db/connection';
import { operatorOib } from '../../auth';
import { eInvoiceRefusal } from '../einvoice/einvoice';
import type { StoredLine } from '../invoice.lines';
import { paymentSumsOf } from '../invoice.payment.repository';
import { creditNoteTotalsAmong, linesOf } from '../invoice.repository';
import { type ClientSnapshot, type IssuerSnapshot, issuingOperator, parseClientSnapshot, parseIssuerSnapshot } from '../invoice.snapshot';
import { type ExportCursor, type ExportDocumentRow, issuedDocumentsPage } from './export.repository';

/** Documents read per step of an export; between steps other requests get their turn. */
export const EXPORT_PAGE = 200;

/** An issued document as the accountant's export writes it. */
export interface ExportDocument {
  row: ExportDocumentRow;
  /** Who it was for and who issued it, as at issue (decision 016). */
  client: ClientSnapshot;
  issuer: IssuerSnapshot;
  /** Its lines' totals: one VAT group per rate (`computeTotals`, the printout's and the UBL's). */
  totals: Totals;
  /** An invoice's payments and state (credit notes and what they settle included); null for a credit note. */
  payment: { paidCents: number; state: PaidState } | null;
  /** Why it has no e-invoice (UBL), or null when it has one. */
  eInvoiceRefusal: 'einvoiceConsumer' | 'einvoiceOperatorOib' | null;
}

/**
 * The issued documents of a period, a page at a time (keyset along `invoice_list_idx`), each with its
 * lines' VAT groups, payments and snapshots: what one page needs is read with one statement per kind,
 * and only one page is held at a time, so a year of fifty thousand documents streams in bounded
 * memory. `signal` stops the reading (the client went away).
 */
export async function* exportDocuments(db: Db, from: string, to: string, signal?: AbortSignal): AsyncGenerator<ExportDocument[]> {
  const operatorOibs = new Map<number, string | null>();
  let after: ExportCursor | undefined;
  for (;;) {
    if (signal?.aborted) return;
    const page = await issuedDocumentsPage(db, from, to, EXPORT_PAGE, after);
    const ids = page.rows.map((r) => r.id);
    const invoiceIds = page.rows.filter((r) => r.document_type === 'INVOICE').map((r) => r.id);
    const [lines, paid, credited] = await Promise.all([linesOf(db, ids), paymentSumsOf(db, invoiceIds), creditNoteTotalsAmong(db, invoiceIds)]);
    const linesOfDocument = new Map<number, StoredLine[]>();
    for (const line of lines) linesOfDocument.set(line.invoiceId, [...(linesOfDocument.get(line.invoiceId) ?? []), line]);
    const documents: ExportDocument[] = [];
    for (const row of page.rows) {
      const client = parseClientSnapshot(row.id, row.client_snapshot);
      const issuer = parseIssuerSnapshot(row.id, row.issuer_snapshot);
      // the operator's OIB as the e-invoice takes it: frozen at issue, else the one entered since
      let oib = issuingOperator(issuer, row.operator_name).oib;
      if (!oib) {
        if (!operatorOibs.has(row.operator_id)) operatorOibs.set(row.operator_id, await operatorOib(db, row.operator_id));
        oib = operatorOibs.get(row.operator_id) ?? null;
      }
      const due = dueCents(row.total_cents - row.prepaid_cents, [credited.get(row.id) ?? 0]);
      const paidCents = paid.get(row.id)?.paidCents ?? 0;
      documents.push({
        row,
        client,
        issuer,
        totals: computeTotals(linesOfDocument.get(row.id) ?? []),
        payment: row.document_type === 'INVOICE' ? { paidCents, state: paidState(due, paidCents) } : null,
        eInvoiceRefusal: eInvoiceRefusal(client.kind, oib),
      });
    }
    if (documents.length > 0) yield documents;
    if (!page.next) return;
    after = page.next;
    await yieldToEventLoop();
  }
}
