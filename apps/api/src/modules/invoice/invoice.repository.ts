import { type Insertable, type Selectable, type Updateable, sql } from 'kysely';
import type { InvoiceState } from '@faktura/shared';
import { compiledOnce } from '../../db/compiledOnce';
import type { Db } from '../../db/connection';
import { takeLock } from '../../db/lockOrder';
import type { DeliveryDocumentTable, FiscalDocumentTable, InvoiceLineTable, InvoiceTable } from '../../db/schema';
import { type PricedLine, type StoredLine, lineFromRow, lineToRow } from './invoice.lines';
import { TOTALS_COLUMNS, addShare, keepingTotals } from './invoice.monthTotals.repository';
import { assertHeld, writeContext } from './invoice.writeContext';

export type InvoiceRow = Selectable<InvoiceTable>;
export type InvoiceLineRow = Selectable<InvoiceLineTable>;
export type InvoiceValues = Omit<Insertable<InvoiceTable>, 'id'>;
export type LineValues = Omit<Insertable<InvoiceLineTable>, 'id' | 'invoice_id' | 'position'>;

/** An invoice row with the names shown beside it. */
export type InvoiceWithNames = InvoiceRow & { client_name: string; operator_name: string };
/** What the invoice's detail says of its fiscalization (decision 030). */
export type FiscalRecord = Pick<
  Selectable<FiscalDocumentTable>,
  'status' | 'kind' | 'request_id' | 'fiscalized_at' | 'attempts' | 'error_code' | 'error_text' | 'deadline' | 'next_attempt_at' | 'zki' | 'jir'
>;

/** What the invoice's detail says of its delivery through the intermediary (issue 32). */
export type DeliveryRecord = Pick<
  Selectable<DeliveryDocumentTable>,
  'status' | 'provider_document_id' | 'provider_status' | 'error' | 'fiscalized' | 'fiscal_error' | 'e_reported' | 'attempts' | 'next_attempt_at' | 'status_at'
  | 'buyer_rejected_at' | 'buyer_rejection_type' | 'buyer_rejection_reason'
>;
const DELIVERY_COLUMNS = [
  'status', 'provider_document_id', 'provider_status', 'error', 'fiscalized', 'fiscal_error', 'e_reported', 'attempts', 'next_attempt_at', 'status_at',
  'buyer_rejected_at', 'buyer_rejection_type', 'buyer_rejection_reason',
] as const;

export async function deliveryRecordsAmong(db: Db, ids: number[]): Promise<Map<number, DeliveryRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('delivery_document').select(['invoice_id', ...DELIVERY_COLUMNS]).where('invoice_id', 'in', ids).execute();
  return new Map(rows.map(({ invoice_id, ...record }) => [invoice_id, record]));
}

const withNames = (db: Db) =>
  db
    .selectFrom('invoice')
    .innerJoin('company', 'company.id', 'invoice.client_id')
    .innerJoin('operator', 'operator.id', 'invoice.operator_id')
    .selectAll('invoice')
    .select(['company.name as client_name', 'operator.name as operator_name']);

export function findInvoice(db: Db, id: number): Promise<InvoiceWithNames | undefined> {
  return withNames(db).where('invoice.id', '=', id).executeTakeFirst();
}

/**
 * The invoice detail's rows in one statement (issue 33 item 1): the document itself (`role` 0), the
 * credit notes that correct it (1, oldest first), the invoice it corrects (2), those re-issuing it (3), the advances a final
 * invoice deducts (4) and the final invoice that deducted an advance (5), each an invoice
 * row with its names. The document's row also carries, from indexes by its id, what the detail
 * shows beside it: what its payments sum to and how many there are, its fiscalization record
 * (`fiscal_*`, null: none), the newest number of its sequence, and its client as it is now (kind,
 * tax number, country: a draft's e-invoice mark). A new per-invoice field of the detail is one more
 * column here (a join or a subquery by the invoice's id), not one more statement.
 */
export async function invoiceDetailRows(db: Db, id: number): Promise<DetailRow[]> {
  return (await detailRowsById(db, { id })).rows;
}

// built and compiled once per database, the invoice's id bound per call (`compiledOnce`; issue 33 item 2:
// building and compiling the detail's statements with Kysely was about a quarter of its CPU)
const detailRowsById = compiledOnce((db: Db, { id }: { id: number }) =>
  detailBranch(db, 0)
    .where('invoice.id', '=', id)
    .unionAll(detailBranch(db, 1).where('invoice.credited_invoice_id', '=', id))
    .unionAll(
      detailBranch(db, 2).where('invoice.id', '=', (eb) =>
        eb.selectFrom('invoice as corrected').select('corrected.credited_invoice_id').where('corrected.id', '=', id),
      ),
    )
    // the invoices re-issuing it (3; issue 47)
    .unionAll(detailBranch(db, 3).where('invoice.reissue_of_id', '=', id))
    // a final invoice's advances (4) and an advance's final invoice (5; issue 48)
    .unionAll(
      detailBranch(db, 4).where('invoice.id', 'in', (eb) =>
        eb.selectFrom('invoice_advance').select('invoice_advance.advance_invoice_id').where('invoice_advance.final_invoice_id', '=', id),
      ),
    )
    .unionAll(
      detailBranch(db, 5).where('invoice.id', '=', (eb) =>
        eb.selectFrom('invoice_advance').select('invoice_advance.final_invoice_id').where('invoice_advance.advance_invoice_id', '=', id),
      ),
    )
    .orderBy('role')
    .orderBy('id')
    .$castTo<DetailRow>(),
);

/** A row of `invoiceDetailRows`. */
export type DetailRow = InvoiceWithNames & {
  role: number;
  reissue_of_number: string | null;
  deducted_cents: number | string | null;
  deducted_groups: string | null;
  paid_cents: number | string | null;
  payment_count: number | string | null;
  last_seq: number | null;
  client_kind: string;
  client_pin: string | null;
  client_country: string | null;
  fiscal_status: string | null;
  fiscal_kind: string | null;
  fiscal_request_id: string | null;
  fiscal_fiscalized_at: string | null;
  fiscal_attempts: number | null;
  fiscal_error_code: string | null;
  fiscal_error_text: string | null;
  fiscal_deadline: string | null;
  fiscal_next_attempt_at: string | null;
  fiscal_zki: string | null;
  fiscal_jir: string | null;
  delivery_status: string | null;
  delivery_provider_document_id: string | null;
  delivery_provider_status: string | null;
  delivery_error: string | null;
  delivery_fiscalized: DeliveryRecord['fiscalized'];
  delivery_fiscal_error: string | null;
  delivery_e_reported: number | null;
  delivery_attempts: number | null;
  delivery_next_attempt_at: string | null;
  delivery_status_at: string | null;
  delivery_buyer_rejected_at: string | null;
  delivery_buyer_rejection_type: string | null;
  delivery_buyer_rejection_reason: string | null;
};

function detailBranch(db: Db, role: 0 | 1 | 2 | 3 | 4 | 5) {
  return withNames(db)
    .leftJoin('address', 'address.id', 'company.address_id')
    .leftJoin('fiscal_document', 'fiscal_document.invoice_id', 'invoice.id')
    .leftJoin('delivery_document', 'delivery_document.invoice_id', 'invoice.id')
    .select((eb) => [
      sql.lit(role).$castTo<number>().as('role'),
      // the number of the invoice it re-issues (issue 47), if any
      eb.selectFrom('invoice as reissued').select('reissued.invoice_number').whereRef('reissued.id', '=', 'invoice.reissue_of_id').as('reissue_of_number'),
      // an advance: what a final invoice deducted of it, per rate (issue 48), if any
      eb.selectFrom('invoice_advance').select('invoice_advance.amount_cents').whereRef('invoice_advance.advance_invoice_id', '=', 'invoice.id').as('deducted_cents'),
      eb.selectFrom('invoice_advance').select('invoice_advance.vat_groups').whereRef('invoice_advance.advance_invoice_id', '=', 'invoice.id').as('deducted_groups'),
      eb
        .selectFrom('invoice_payment')
        .select((p) => p.fn.sum<number | string | null>('invoice_payment.amount_cents').as('s'))
        .whereRef('invoice_payment.invoice_id', '=', 'invoice.id')
        .as('paid_cents'),
      eb
        .selectFrom('invoice_payment')
        .select((p) => p.fn.countAll<number | string>().as('n'))
        .whereRef('invoice_payment.invoice_id', '=', 'invoice.id')
        .as('payment_count'),
      eb
        .selectFrom('invoice_counter')
        .select('invoice_counter.last_seq')
        .whereRef('invoice_counter.number_year', '=', 'invoice.number_year')
        .whereRef('invoice_counter.premises_code', '=', 'invoice.premises_code')
        .whereRef('invoice_counter.device_code', '=', 'invoice.device_code')
        .as('last_seq'),
      'company.kind as client_kind',
      'company.pin as client_pin',
      'address.country_code as client_country',
      'fiscal_document.status as fiscal_status',
      'fiscal_document.kind as fiscal_kind',
      'fiscal_document.request_id as fiscal_request_id',
      'fiscal_document.fiscalized_at as fiscal_fiscalized_at',
      'fiscal_document.attempts as fiscal_attempts',
      'fiscal_document.error_code as fiscal_error_code',
      'fiscal_document.error_text as fiscal_error_text',
      'fiscal_document.deadline as fiscal_deadline',
      'fiscal_document.next_attempt_at as fiscal_next_attempt_at',
      'fiscal_document.zki as fiscal_zki',
      'fiscal_document.jir as fiscal_jir',
      'delivery_document.status as delivery_status',
      'delivery_document.provider_document_id as delivery_provider_document_id',
      'delivery_document.provider_status as delivery_provider_status',
      'delivery_document.error as delivery_error',
      'delivery_document.fiscalized as delivery_fiscalized',
      'delivery_document.fiscal_error as delivery_fiscal_error',
      'delivery_document.e_reported as delivery_e_reported',
      'delivery_document.attempts as delivery_attempts',
      'delivery_document.next_attempt_at as delivery_next_attempt_at',
      'delivery_document.status_at as delivery_status_at',
      'delivery_document.buyer_rejected_at as delivery_buyer_rejected_at',
      'delivery_document.buyer_rejection_type as delivery_buyer_rejection_type',
      'delivery_document.buyer_rejection_reason as delivery_buyer_rejection_reason',
    ]);
}

/**
 * An invoice's lines, in order, each with what its credit notes have credited of it so far
 * (thousandths, positive; absent: nothing), in one statement.
 */
export async function detailLines(db: Db, invoiceId: number): Promise<{ lines: StoredLine[]; credited: Map<number, number> }> {
  const { rows } = await linesById(db, { invoiceId });
  const credited = new Map<number, number>();
  const lines = rows.map(({ credited_milli, ...row }) => {
    if (credited_milli !== null) credited.set(row.id, -Number(credited_milli));
    return lineFromRow(row);
  });
  return { lines, credited };
}

const linesById = compiledOnce((db: Db, { invoiceId }: { invoiceId: number }) =>
  db
    .selectFrom('invoice_line')
    .selectAll('invoice_line')
    .select((eb) =>
      eb
        .selectFrom('invoice_line as credit')
        .innerJoin('invoice as note', 'note.id', 'credit.invoice_id')
        .select((c) => c.fn.sum<number | string | null>('credit.quantity_milli').as('q'))
        .whereRef('credit.credited_line_id', '=', 'invoice_line.id')
        .where('note.credited_invoice_id', '=', invoiceId)
        .as('credited_milli'),
    )
    .where('invoice_line.invoice_id', '=', invoiceId)
    .orderBy('invoice_line.position'),
);

/** A page of every invoice, newest first (billing date, then id), after the given one. */
export function invoicesPage(db: Db, limit: number, after?: { billing_date: string; id: number }): Promise<InvoiceWithNames[]> {
  let query = withNames(db);
  if (after) {
    query = query.where((eb) =>
      eb.or([
        eb('invoice.billing_date', '<', after.billing_date),
        eb.and([eb('invoice.billing_date', '=', after.billing_date), eb('invoice.id', '<', after.id)]),
      ]),
    );
  }
  return query.orderBy('invoice.billing_date', 'desc').orderBy('invoice.id', 'desc').limit(limit).execute();
}

/** The invoices' lines, in order, as lines in integer units (`lineFromRow`). */
export async function linesOf(db: Db, invoiceIds: number[]): Promise<StoredLine[]> {
  if (invoiceIds.length === 0) return [];
  const rows = await db
    .selectFrom('invoice_line')
    .selectAll()
    .where('invoice_id', 'in', invoiceIds)
    .orderBy('invoice_id')
    .orderBy('position')
    .execute();
  return rows.map(lineFromRow);
}

/** What a document has before it is issued: no number, no sequence, no snapshots, not cleared. */
export const UNISSUED = {
  state: 'DRAFT',
  invoice_number: null,
  number_year: null,
  number_seq: null,
  premises_code: null,
  device_code: null,
  issued_at: null,
  cleared_at: null,
  client_snapshot: null,
  issuer_snapshot: null,
} as const;

/*
 * Every write below that can change a document's month, state or amount also moves its share of the
 * month totals and counts (`invoice.monthTotals.repository.ts`), in the caller's transaction.
 * Each runs only inside `writeDocuments` (invoice.write.ts) and only on rows it locked first or
 * inserted itself (decision 024): otherwise it throws before touching anything.
 */

export async function insertInvoice(db: Db, values: InvoiceValues): Promise<number> {
  const { held } = writeContext(db, 'invoice inserted');
  const row = await db.insertInto('invoice').values(values).returning('id').executeTakeFirstOrThrow();
  held.add(row.id);
  await addShare(db, row.id);
  return row.id;
}

export async function updateInvoice(db: Db, id: number, values: Updateable<InvoiceTable>): Promise<void> {
  assertHeld(db, [id], 'invoice updated');
  const write = async () => {
    await db.updateTable('invoice').set(values).where('id', '=', id).execute();
  };
  if (TOTALS_COLUMNS.some((column) => column in values)) await keepingTotals(db, [id], write);
  else await write();
}

export async function replaceLines(db: Db, invoiceId: number, lines: readonly PricedLine[]): Promise<void> {
  assertHeld(db, [invoiceId], 'invoice lines replaced');
  await db.deleteFrom('invoice_line').where('invoice_id', '=', invoiceId).execute();
  if (lines.length === 0) return;
  await db
    .insertInto('invoice_line')
    .values(lines.map((line, position) => ({ ...lineToRow(line), invoice_id: invoiceId, position })))
    .execute();
}

export async function deleteInvoice(db: Db, id: number): Promise<void> {
  assertHeld(db, [id], 'invoice deleted');
  await keepingTotals(db, [id], async () => {
    // a fiscalization record that sends nothing goes with its document (decision 030)
    await db.deleteFrom('fiscal_document').where('invoice_id', '=', id).where('status', 'in', ['NOT_REQUIRED', 'BY_INTERMEDIARY']).execute();
    // so does a sending the intermediary refused: the document never left (issue 32)
    await db.deleteFrom('delivery_document').where('invoice_id', '=', id).where('status', '=', 'FAILED').execute();
    await db.deleteFrom('invoice').where('id', '=', id).execute();
  });
}

/** Where the document stands with the intermediary (issue 32); undefined: never sent. */
export async function deliveryStatus(db: Db, id: number): Promise<string | undefined> {
  return (await db.selectFrom('delivery_document').select('status').where('invoice_id', '=', id).executeTakeFirst())?.status;
}

/** The document's fiscalization record (decision 030); undefined: Faktura keeps none. */
export function fiscalRecord(db: Db, id: number): Promise<FiscalRecord | undefined> {
  return db
    .selectFrom('fiscal_document')
    .select(['status', 'kind', 'request_id', 'fiscalized_at', 'attempts', 'error_code', 'error_text', 'deadline', 'next_attempt_at', 'zki', 'jir'])
    .where('invoice_id', '=', id)
    .executeTakeFirst();
}

/** The catalogue items that still exist among `ids`, with their KPD codes. */
export async function existingLineItems(db: Db, ids: number[]): Promise<Map<number, { kpdCode: string | null }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('line_item').select(['id', 'kpd_code']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, { kpdCode: r.kpd_code }]));
}

export interface CreditNoteSummary {
  id: number;
  invoice_number: string | null;
  billing_date: string;
  total_cents: number;
  state: InvoiceState;
  settled_with_original: number;
}

/** The credit notes that correct an invoice, oldest first. */
export function creditNotesOf(db: Db, invoiceId: number): Promise<CreditNoteSummary[]> {
  return db
    .selectFrom('invoice')
    .select(['id', 'invoice_number', 'billing_date', 'total_cents', 'state', 'settled_with_original'])
    .where('credited_invoice_id', '=', invoiceId)
    .orderBy('id')
    .execute();
}

/** The credit notes of each of the invoices, oldest first. */
export async function creditNotesOfMany(db: Db, invoiceIds: number[]): Promise<Map<number, CreditNoteSummary[]>> {
  const notes = new Map<number, CreditNoteSummary[]>();
  if (invoiceIds.length === 0) return notes;
  const rows = await db
    .selectFrom('invoice')
    .select(['id', 'invoice_number', 'billing_date', 'total_cents', 'state', 'settled_with_original', 'credited_invoice_id'])
    .where('credited_invoice_id', 'in', invoiceIds)
    .orderBy('id')
    .execute();
  for (const { credited_invoice_id: of, ...note } of rows) {
    if (of === null) continue;
    const list = notes.get(of);
    if (list) list.push(note);
    else notes.set(of, [note]);
  }
  return notes;
}

/** Thousandths credited so far (positive) of each of the lines that credit notes have credited, by line id. */
export async function creditedQuantitiesOfLines(db: Db, lineIds: number[]): Promise<Map<number, number>> {
  if (lineIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoice_line')
    .innerJoin('invoice', 'invoice.id', 'invoice_line.invoice_id')
    .select(['invoice_line.credited_line_id as lineId', (eb) => eb.fn.sum<number | string>('invoice_line.quantity_milli').as('quantity')])
    .where('invoice.credited_invoice_id', 'is not', null)
    .where('invoice_line.credited_line_id', 'in', lineIds)
    .groupBy('invoice_line.credited_line_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.lineId), -Number(r.quantity)]));
}

/** Number and date of the given invoices, by id. */
export async function invoiceNumbersOf(db: Db, ids: number[]): Promise<Map<number, { id: number; invoice_number: string | null; billing_date: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('invoice').select(['id', 'invoice_number', 'billing_date']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** How much of each line of an invoice its credit notes have credited, in thousandths (positive). */
export async function creditedQuantities(db: Db, invoiceId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('invoice_line')
    .innerJoin('invoice', 'invoice.id', 'invoice_line.invoice_id')
    .select(['invoice_line.credited_line_id as lineId', (eb) => eb.fn.sum<number | string>('invoice_line.quantity_milli').as('quantity')])
    .where('invoice.credited_invoice_id', '=', invoiceId)
    .where('invoice_line.credited_line_id', 'is not', null)
    .groupBy('invoice_line.credited_line_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.lineId), -Number(r.quantity)]));
}

export interface Sequence {
  year: number;
  premises: string;
  device: string;
}

const inSequence = (s: Sequence) => ({ number_year: s.year, premises_code: s.premises, device_code: s.device });

/**
 * Takes the next number of a sequence inside the caller's transaction. The UPDATE locks the counter
 * row (PostgreSQL) or runs under BEGIN IMMEDIATE (SQLite), so concurrent issues queue up; a rollback
 * returns the number, so numbering stays gapless.
 */
export async function takeNextNumber(db: Db, sequence: Sequence): Promise<number> {
  writeContext(db, 'number taken');
  takeLock(db, 'counter');
  await db
    .insertInto('invoice_counter')
    .values({ ...inSequence(sequence), last_seq: 0 })
    .onConflict((oc) => oc.columns(['number_year', 'premises_code', 'device_code']).doNothing())
    .execute();
  const row = await db
    .updateTable('invoice_counter')
    .set((eb) => ({ last_seq: eb('last_seq', '+', 1) }))
    .where('number_year', '=', sequence.year)
    .where('premises_code', '=', sequence.premises)
    .where('device_code', '=', sequence.device)
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  return row.last_seq;
}

export async function lastNumber(db: Db, sequence: Sequence): Promise<number> {
  const row = await db
    .selectFrom('invoice_counter')
    .select('last_seq')
    .where('number_year', '=', sequence.year)
    .where('premises_code', '=', sequence.premises)
    .where('device_code', '=', sequence.device)
    .executeTakeFirst();
  return row?.last_seq ?? 0;
}

/** Gives back the newest number of a sequence; false when `seq` is no longer the newest. */
export async function releaseNumber(db: Db, sequence: Sequence, seq: number): Promise<boolean> {
  writeContext(db, 'number given back');
  takeLock(db, 'counter');
  const result = await db
    .updateTable('invoice_counter')
    .set({ last_seq: seq - 1 })
    .where('number_year', '=', sequence.year)
    .where('premises_code', '=', sequence.premises)
    .where('device_code', '=', sequence.device)
    .where('last_seq', '=', seq)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks an invoice's open credit notes settled together with it (cleared on `date`). */
export async function settleCreditNotes(db: Db, invoiceId: number, date: string): Promise<void> {
  const open = db.selectFrom('invoice').where('credited_invoice_id', '=', invoiceId).where('state', '=', 'PUBLISHED');
  const ids = (await open.select('id').execute()).map((r) => r.id);
  assertHeld(db, ids, 'credit notes settled');
  await keepingTotals(db, ids, async () => {
    if (ids.length === 0) return;
    await db
      .updateTable('invoice')
      .set({ state: 'CLEARED', cleared_at: date, settled_with_original: 1, updated_at: new Date().toISOString() })
      .where('id', 'in', ids)
      .execute();
  });
}

/** Reopens the credit notes that were settled together with an invoice whose clearing is undone. */
export async function unsettleCreditNotes(db: Db, invoiceId: number): Promise<void> {
  const settled = db.selectFrom('invoice').where('credited_invoice_id', '=', invoiceId).where('settled_with_original', '=', 1);
  const ids = (await settled.select('id').execute()).map((r) => r.id);
  assertHeld(db, ids, 'credit notes reopened');
  await keepingTotals(db, ids, async () => {
    if (ids.length === 0) return;
    await db
      .updateTable('invoice')
      .set({ state: 'PUBLISHED', cleared_at: null, settled_with_original: 0, updated_at: new Date().toISOString() })
      .where('id', 'in', ids)
      .execute();
  });
}

/** The newest number taken in every sequence, keyed `year/premises/device`. */
export async function lastNumbers(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('invoice_counter').selectAll().execute();
  return new Map(rows.map((r) => [`${r.number_year}/${r.premises_code}/${r.device_code}`, r.last_seq]));
}

/** Those of `ids` that credit notes correct, with what their notes sum to (negative, in the invoice's currency). */
/** The fiscalization records of these documents (decision 030); absent: none. */
export async function fiscalRecordsAmong(db: Db, ids: number[]): Promise<Map<number, FiscalRecord>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('fiscal_document')
    .select(['invoice_id', 'status', 'kind', 'request_id', 'fiscalized_at', 'attempts', 'error_code', 'error_text', 'deadline', 'next_attempt_at', 'zki', 'jir'])
    .where('invoice_id', 'in', ids)
    .execute();
  return new Map(rows.map(({ invoice_id, ...record }) => [invoice_id, record]));
}

/** The fiscalization outbox states of these documents (decision 030); absent: not in it. */
export async function fiscalStatusesAmong(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('fiscal_document').select(['invoice_id', 'status']).where('invoice_id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.invoice_id, r.status]));
}

export async function creditNoteTotalsAmong(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('invoice')
    .select((eb) => ['credited_invoice_id', eb.fn.sum<number | string | null>('total_cents').as('total')])
    .where('credited_invoice_id', 'in', ids)
    .groupBy('credited_invoice_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.credited_invoice_id), Number(r.total ?? 0)]));
}


/** The invoices re-issuing a document (issue 47); the detail reads them with its rows (`role` 3). */
export async function reissuedBy(db: Db, id: number): Promise<{ id: number; number: string | null }[]> {
  const by = await db.selectFrom('invoice').select(['id', 'invoice_number']).where('reissue_of_id', '=', id).orderBy('id').execute();
  return by.map((r) => ({ id: r.id, number: r.invoice_number }));
}

/** The buyer's rejection kept on the document's delivery record (issue 47), if any. */
export async function buyerRejectionOf(db: Db, invoiceId: number): Promise<{ at: string; type: string | null } | undefined> {
  const row = await db
    .selectFrom('delivery_document')
    .select(['buyer_rejected_at', 'buyer_rejection_type'])
    .where('invoice_id', '=', invoiceId)
    .where('buyer_rejected_at', 'is not', null)
    .executeTakeFirst();
  return row?.buyer_rejected_at ? { at: row.buyer_rejected_at, type: row.buyer_rejection_type } : undefined;
}

/** The advances a final invoice deducts (issue 48), oldest first: number, date, amount and per-rate groups. */
export async function advancesDeductedBy(db: Db, finalInvoiceId: number): Promise<{ id: number; invoice_number: string | null; billing_date: string; deducted_cents: number; deducted_groups: string }[]> {
  const rows = await db
    .selectFrom('invoice_advance')
    .innerJoin('invoice', 'invoice.id', 'invoice_advance.advance_invoice_id')
    .select(['invoice.id', 'invoice.invoice_number', 'invoice.billing_date', 'invoice_advance.amount_cents as deducted_cents', 'invoice_advance.vat_groups as deducted_groups'])
    .where('invoice_advance.final_invoice_id', '=', finalInvoiceId)
    .orderBy('invoice.id')
    .execute();
  return rows.map((r) => ({ ...r, deducted_cents: Number(r.deducted_cents) }));
}

/** The final invoice that deducted this advance (issue 48), if one did. */
export function finalInvoiceOf(db: Db, advanceId: number): Promise<{ id: number; invoice_number: string | null } | undefined> {
  return db
    .selectFrom('invoice_advance')
    .innerJoin('invoice', 'invoice.id', 'invoice_advance.final_invoice_id')
    .select(['invoice.id', 'invoice.invoice_number'])
    .where('invoice_advance.advance_invoice_id', '=', advanceId)
    .executeTakeFirst();
}
