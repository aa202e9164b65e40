import { Readable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { invoiceSchema } from '@faktura/shared';
import type { Db } from '../../db/connection';
import type { StoredLine } from './invoice.lines';
import { toInvoice } from './invoice.mapper';
import { paymentSumsOf } from './invoice.payment.repository';
import * as repo from './invoice.repository';
import { type InvoiceClient, invoiceClientOf } from './invoice.service';

/** Invoices read, mapped and written per step; between steps other requests get their turn. */
export const ALL_INVOICES_CHUNK = 200;

/**
 * Every invoice and credit note with its lines (spec §7), newest first, as the JSON text
 * `{"data":[...]}` in pieces: a chunk of invoices at a time is read (by keyset, along
 * `invoice_list_idx`), mapped, checked against the contract's invoice schema (as the response
 * serializer would) and written, and the event loop is yielded between chunks. So fifty thousand
 * invoices neither block the server nor sit in memory at once. The answer is the one the whole list
 * built at once gave; a document issued while it streams may or may not be in it.
 */
export function allInvoicesJson(db: Db, chunkSize = ALL_INVOICES_CHUNK): Readable {
  return Readable.from(chunks(db, chunkSize), { objectMode: false });
}

async function* chunks(db: Db, chunkSize: number): AsyncGenerator<string> {
  yield '{"data":[';
  const clients = new Map<number, InvoiceClient>();
  let after: { billing_date: string; id: number } | undefined;
  let first = true;
  for (;;) {
    const rows = await repo.invoicesPage(db, chunkSize, after);
    if (rows.length === 0) break;
    const ids = rows.map((r) => r.id);
    const lines = await repo.linesOf(db, ids);
    const linesByInvoice = new Map<number, StoredLine[]>();
    for (const line of lines) {
      const list = linesByInvoice.get(line.invoiceId);
      if (list) list.push(line);
      else linesByInvoice.set(line.invoiceId, [line]);
    }
    const [notes, credited, originals, paid, fiscal, delivery] = await Promise.all([
      repo.creditNotesOfMany(db, ids),
      repo.creditedQuantitiesOfLines(db, lines.map((l) => l.id)),
      repo.invoiceNumbersOf(db, rows.flatMap((r) => (r.credited_invoice_id === null ? [] : [r.credited_invoice_id]))),
      paymentSumsOf(db, ids),
      repo.fiscalRecordsAmong(db, ids),
      repo.deliveryRecordsAmong(db, ids),
    ]);
    const parts: string[] = [];
    for (const row of rows) {
      // from the issue-time snapshot; a draft asks its client, once per client
      let client: InvoiceClient;
      if (row.client_snapshot) client = await invoiceClientOf(db, row);
      else {
        const known = clients.get(row.client_id) ?? (await invoiceClientOf(db, row));
        clients.set(row.client_id, known);
        client = known;
      }
      const invoice = toInvoice(row, linesByInvoice.get(row.id) ?? [], {
        deletable: row.state === 'DRAFT',
        creditNotes: notes.get(row.id) ?? [],
        creditedQuantities: credited,
        creditedInvoice: row.credited_invoice_id === null ? null : (originals.get(row.credited_invoice_id) ?? null),
        eInvoice: client.eInvoice,
        clientKind: client.kind,
        documentLanguage: client.language,
        payments: paid.get(row.id) ?? { paidCents: 0, count: 0 },
        fiscal: fiscal.get(row.id),
        delivery: delivery.get(row.id),
      });
      // what the response serializer would send: the contract's fields, in its order
      parts.push(JSON.stringify(invoiceSchema.parse(invoice)));
    }
    yield (first ? '' : ',') + parts.join(',');
    first = false;
    const last = rows[rows.length - 1];
    if (!last || rows.length < chunkSize) break;
    after = { billing_date: last.billing_date, id: last.id };
    await yieldToEventLoop();

  }
  yield ']}';
}
