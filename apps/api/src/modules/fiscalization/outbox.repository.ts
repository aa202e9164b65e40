import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/connection';
import type { FiscalDocumentTable, FiscalMessageTable, FiscalPaymentTable, FiscalReceivedTable, ReceivedRejectionTable } from '../../db/schema';

/** Private to the fiscalization module: the outbox (`fiscal_document`) and the kept messages (`fiscal_message`). */
export type FiscalDocumentRow = Selectable<FiscalDocumentTable>;
export type FiscalMessageRow = Selectable<FiscalMessageTable>;

/** What the outbox reads of an issued document to decide whether it is an e-invoice. */
export interface IssuedDocument {
  id: number;
  state: string;
  invoice_number: string | null;
  document_type: string;
  billing_date: string;
  client_snapshot: string | null;
  issuer_snapshot: string | null;
  issued_at: string | null;
  payment_method: string;
}

export function fiscalMode(db: Db): Promise<{ mode: string; self_since: string | null } | undefined> {
  return db.selectFrom('fiscal_settings').select(['mode', 'self_since']).where('id', '=', 1).executeTakeFirst();
}

export function issuedDocument(db: Db, id: number): Promise<IssuedDocument | undefined> {
  return db
    .selectFrom('invoice')
    .select(['id', 'state', 'invoice_number', 'document_type', 'billing_date', 'client_snapshot', 'issuer_snapshot', 'issued_at', 'payment_method'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Issued documents since `since` that are not in the outbox yet, oldest first. */
export function issuedNotQueued(db: Db, since: string): Promise<IssuedDocument[]> {
  return db
    .selectFrom('invoice')
    .select(['id', 'state', 'invoice_number', 'document_type', 'billing_date', 'client_snapshot', 'issuer_snapshot', 'issued_at', 'payment_method'])
    .where('state', '!=', 'DRAFT')
    .where('invoice_number', 'is not', null)
    .where('issued_at', '>=', since)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('fiscal_document').select('invoice_id').whereRef('fiscal_document.invoice_id', '=', 'invoice.id'))))
    .orderBy('id')
    .execute();
}

/** The status a document is queued with: sent (PENDING) or only kept (the others). */
export type QueuedStatus = 'PENDING' | 'NOT_REQUIRED' | 'BY_INTERMEDIARY';

export async function queue(db: Db, row: Insertable<FiscalDocumentTable>): Promise<void> {
  await db.insertInto('fiscal_document').values(row).onConflict((oc) => oc.column('invoice_id').doNothing()).execute();
}

export function outboxRow(db: Db, invoiceId: number): Promise<FiscalDocumentRow | undefined> {
  return db.selectFrom('fiscal_document').selectAll().where('invoice_id', '=', invoiceId).executeTakeFirst();
}

/** PENDING rows due by `at`, the longest waiting first. */
export async function due(db: Db, at: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('fiscal_document')
    .select('invoice_id')
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', at)
    .orderBy('next_attempt_at')
    .orderBy('invoice_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.invoice_id);
}

/**
 * Takes the row for `processId` until `until`, when nobody holds it and it is PENDING and due by
 * `at` (or, `force`, PENDING or FAILED at any time). One UPDATE: of several processes one wins.
 */
export async function claim(db: Db, invoiceId: number, processId: string, at: string, until: string, force: boolean): Promise<boolean> {
  let query = db
    .updateTable('fiscal_document')
    .set({ claimed_until: until, claimed_by: processId })
    .where('invoice_id', '=', invoiceId)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]));
  query = force ? query.where('status', 'in', ['PENDING', 'FAILED']) : query.where('status', '=', 'PENDING').where('next_attempt_at', '<=', at);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function update(db: Db, invoiceId: number, values: Updateable<FiscalDocumentTable>): Promise<void> {
  await db.updateTable('fiscal_document').set(values).where('invoice_id', '=', invoiceId).execute();
}

export async function keepMessage(db: Db, row: Insertable<FiscalMessageTable>): Promise<void> {
  await db.insertInto('fiscal_message').values(row).execute();
}

export function messagesOf(db: Db, invoiceId: number): Promise<FiscalMessageRow[]> {
  return db.selectFrom('fiscal_message').selectAll().where('invoice_id', '=', invoiceId).orderBy('id').execute();
}

// ---- received e-invoices fiscalized as received (vrstaERacuna U, decision 038)

export type FiscalReceivedRow = Selectable<FiscalReceivedTable>;

/** What the outbox reads of a received document: whether it exists, and its inbox status. */
export function receivedDocument(db: Db, id: number): Promise<{ id: number; fiscal_status: string; fiscal_deadline: string; number: string } | undefined> {
  return db.selectFrom('received_document').select(['id', 'fiscal_status', 'fiscal_deadline', 'number']).where('id', '=', id).executeTakeFirst();
}

/** Received documents still to fiscalize (the inbox says PENDING) that are not in the outbox yet, oldest first. */
export async function receivedNotQueued(db: Db): Promise<{ id: number; fiscal_deadline: string }[]> {
  return db
    .selectFrom('received_document')
    .select(['id', 'fiscal_deadline'])
    .where('fiscal_status', '=', 'PENDING')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('fiscal_received').select('received_document_id').whereRef('fiscal_received.received_document_id', '=', 'received_document.id'))))
    .orderBy('id')
    .execute();
}

export async function queueReceived(db: Db, row: Insertable<FiscalReceivedTable>): Promise<void> {
  await db.insertInto('fiscal_received').values(row).onConflict((oc) => oc.column('received_document_id').doNothing()).execute();
}

export function receivedRow(db: Db, id: number): Promise<FiscalReceivedRow | undefined> {
  return db.selectFrom('fiscal_received').selectAll().where('received_document_id', '=', id).executeTakeFirst();
}

export async function dueReceived(db: Db, at: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('fiscal_received')
    .select('received_document_id')
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', at)
    .orderBy('next_attempt_at')
    .orderBy('received_document_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.received_document_id);
}

/** As `claim`, for a received document's row. */
export async function claimReceived(db: Db, id: number, processId: string, at: string, until: string, force: boolean): Promise<boolean> {
  let query = db
    .updateTable('fiscal_received')
    .set({ claimed_until: until, claimed_by: processId })
    .where('received_document_id', '=', id)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]));
  query = force ? query.where('status', 'in', ['PENDING', 'FAILED']) : query.where('status', '=', 'PENDING').where('next_attempt_at', '<=', at);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records a received document's outcome, and what the inbox lists and filters by (`received_document.fiscal_status`). */
export async function updateReceived(db: Db, id: number, values: Updateable<FiscalReceivedTable>): Promise<void> {
  await db.updateTable('fiscal_received').set(values).where('received_document_id', '=', id).execute();
  if (typeof values.status === 'string') await db.updateTable('received_document').set({ fiscal_status: values.status }).where('id', '=', id).execute();
}

export function messagesOfReceived(db: Db, id: number): Promise<FiscalMessageRow[]> {
  return db.selectFrom('fiscal_message').selectAll().where('received_document_id', '=', id).orderBy('id').execute();
}

// ---- payment reports (EvidentirajNaplatuZahtjev)

export type FiscalPaymentRow = Selectable<FiscalPaymentTable>;

/** Payments on e-invoices Faktura fiscalized that are neither reported nor queued. */
export function paymentsToQueue(db: Db): Promise<{ id: number; invoice_id: number; paid_on: string }[]> {
  return db
    .selectFrom('invoice_payment')
    .innerJoin('fiscal_document', 'fiscal_document.invoice_id', 'invoice_payment.invoice_id')
    .select(['invoice_payment.id', 'invoice_payment.invoice_id', 'invoice_payment.paid_on'])
    .where('fiscal_document.status', '=', 'FISCALIZED')
    // a consumer, cash or card invoice's payments are not reported: its fiscalization recorded how it is paid
    .where('fiscal_document.kind', '!=', 'RACUN')
    .where('invoice_payment.reported_at', 'is', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('fiscal_payment').select('payment_id').whereRef('fiscal_payment.payment_id', '=', 'invoice_payment.id'))))
    .orderBy('invoice_payment.id')
    .execute();
}

export async function queuePayment(db: Db, row: Insertable<FiscalPaymentTable>): Promise<void> {
  await db.insertInto('fiscal_payment').values(row).onConflict((oc) => oc.column('payment_id').doNothing()).execute();
}

export async function duePayments(db: Db, at: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('fiscal_payment')
    .select('payment_id')
    .where('status', '=', 'PENDING')
    .where('next_attempt_at', '<=', at)
    .orderBy('next_attempt_at')
    .orderBy('payment_id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.payment_id);
}

/** An invoice's payment reports that wait or were refused, to be sent again at once (`POST .../fiscalize`). */
export async function paymentsToRetry(db: Db, invoiceId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('fiscal_payment')
    .select('payment_id')
    .where('invoice_id', '=', invoiceId)
    .where('status', 'in', ['PENDING', 'FAILED'])
    .orderBy('payment_id')
    .execute();
  return rows.map((row) => row.payment_id);
}

/** As `claim` for a payment's report: PENDING and due by `at` (or, `force`, PENDING or FAILED at any time). */
export async function claimPayment(db: Db, paymentId: number, processId: string, at: string, until: string, force = false): Promise<boolean> {
  let query = db
    .updateTable('fiscal_payment')
    .set({ claimed_until: until, claimed_by: processId })
    .where('payment_id', '=', paymentId)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]));
  query = force ? query.where('status', 'in', ['PENDING', 'FAILED']) : query.where('status', '=', 'PENDING').where('next_attempt_at', '<=', at);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A queued payment with what its report says of it. */
export function paymentToReport(db: Db, paymentId: number) {
  return db
    .selectFrom('fiscal_payment')
    .innerJoin('invoice_payment', 'invoice_payment.id', 'fiscal_payment.payment_id')
    .select([
      'fiscal_payment.payment_id', 'fiscal_payment.invoice_id', 'fiscal_payment.attempts', 'invoice_payment.paid_on',
      'invoice_payment.amount_cents', 'invoice_payment.method',
    ])
    .where('fiscal_payment.payment_id', '=', paymentId)
    .executeTakeFirst();
}

export async function updatePayment(db: Db, paymentId: number, values: Updateable<FiscalPaymentTable>): Promise<void> {
  await db.updateTable('fiscal_payment').set(values).where('payment_id', '=', paymentId).execute();
}

/** The payment itself records that it was reported: from now on it is corrected, never deleted. */
export async function markReported(db: Db, paymentId: number, at: string): Promise<void> {
  await db.updateTable('invoice_payment').set({ reported_at: at }).where('id', '=', paymentId).execute();
}

export function paymentReportsOf(db: Db, invoiceId: number): Promise<FiscalPaymentRow[]> {
  return db.selectFrom('fiscal_payment').selectAll().where('invoice_id', '=', invoiceId).orderBy('payment_id').execute();
}

// ---- rejections of received e-invoices (EvidentirajOdbijanjeZahtjev, decision 040): the inbox's
// `received_rejection` rows carry their report's outbox columns (`report_status` …)

/**
 * Rejections due to be reported: PENDING, due by `at`, and their document fiscalized as received
 * (the service answers S009 before that); the others wait, untouched, until it is. Oldest first.
 */
export async function dueRejections(db: Db, at: string, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('received_rejection')
    .innerJoin('received_document', 'received_document.id', 'received_rejection.document_id')
    .select('received_rejection.document_id')
    .where('received_rejection.report_status', '=', 'PENDING')
    .where('received_rejection.next_attempt_at', '<=', at)
    .where('received_document.fiscal_status', '=', 'FISCALIZED')
    .orderBy('received_rejection.next_attempt_at')
    .orderBy('received_rejection.document_id')
    .limit(limit)
    .execute();
  return rows.map((row) => Number(row.document_id));
}

/** PENDING rejections whose document has nothing to fiscalize as received (a supplier abroad: no Croatian e-invoice). */
export async function rejectionsNotReportable(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('received_rejection')
    .innerJoin('received_document', 'received_document.id', 'received_rejection.document_id')
    .select('received_rejection.document_id')
    .where('received_rejection.report_status', '=', 'PENDING')
    .where('received_document.fiscal_status', '=', 'NOT_REQUIRED')
    .orderBy('received_rejection.document_id')
    .execute();
  return rows.map((row) => Number(row.document_id));
}

/** As `claim`, for a rejection's report: PENDING and due by `at`, not claimed by a living process. */
export async function claimRejection(db: Db, documentId: number, processId: string, at: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('received_rejection')
    .set({ claimed_until: until, claimed_by: processId })
    .where('document_id', '=', documentId)
    .where('report_status', '=', 'PENDING')
    .where('next_attempt_at', '<=', at)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A claimed rejection with what its report says, and the document's number. */
export async function rejectionToReport(db: Db, documentId: number) {
  const row = await db
    .selectFrom('received_rejection')
    .innerJoin('received_document', 'received_document.id', 'received_rejection.document_id')
    .select(['received_rejection.document_id', 'received_rejection.rejected_on', 'received_rejection.type', 'received_rejection.reason', 'received_rejection.attempts', 'received_document.number'])
    .where('received_rejection.document_id', '=', documentId)
    .executeTakeFirst();
  return row ? { ...row, document_id: Number(row.document_id), attempts: Number(row.attempts) } : undefined;
}

/** Records a rejection's report outcome; the outbox's `status` is the row's `report_status`. */
export async function updateRejection(db: Db, documentId: number, values: Record<string, string | number | null>): Promise<void> {
  const { status, ...rest } = values;
  const set = { ...rest, ...(typeof status === 'string' ? { report_status: status } : {}) } as Updateable<ReceivedRejectionTable>;
  await db
    .updateTable('received_rejection')
    .set(set)
    .where('document_id', '=', documentId)
    .execute();
}
