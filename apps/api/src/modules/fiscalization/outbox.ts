import { randomUUID } from 'node:crypto';
import { addWorkingDays, paymentReportCode } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { RoundWorker } from '../../outside/roundWorker';
import { record } from '../audit';
import { buyerIdentifiers, eInvoiceDocumentOf, parseClientSnapshot, parseIssuerSnapshot } from '../invoice';
import { B2cInputError, assertFiscalizable, computeZki, fiscalizeB2cInvoice } from './b2c';
import { b2cInvoiceOf } from './b2c/fromInvoice';
import { type ExchangeResult, fiscalizeEInvoices, fiscalizeReceived, reportPayments, reportRejections, reportSupplies } from './exchange';
import * as repo from './outbox.repository';
import { type FiscalDeps, type SendingSetup, sendingSetup } from './settings';

/**
 * The fiscalization outbox (decision 030). Issued documents are never fiscalized inside the
 * transaction that issues them (a network call there would hold the invoice's locks, and an outage
 * would stop issuing); instead:
 * 1. `queueIssued` adds the document's `fiscal_document` row in the transaction that issues it (an
 *    issue hook of the invoice module): while Faktura fiscalizes (SELF), PENDING for an e-invoice (a
 *    Croatian business client with an OIB; an issuer outside the VAT system only from 2027, ZoF
 *    čl. 38) and NOT_REQUIRED for the rest; while the intermediary does (INTERMEDIARY),
 *    BY_INTERMEDIARY and NOT_REQUIRED, which are never sent; while it is OFF, nothing. So every
 *    document has its status from the moment it exists, and the list filters by it.
 *    `enqueueIssued` adds the rows of documents issued since SELF began that have none (issued by a
 *    version without the hook); it runs when the worker starts and before "fiscalize now".
 *    The row's kind is ERACUN (`EvidentirajERacunZahtjev`), or ISPORUKA when the client snapshot says
 *    the client could not receive e-invoices: then the supply is reported with
 *    `EvidentirajIsporukuZaKojuNijeIzdanERacunZahtjev` at issue instead (ZoF čl. 40, 51). The snapshot
 *    decides, so changing the client later never changes how an issued document is reported.
 * 2. `sendDue` claims each due PENDING row (an UPDATE that only one process wins), builds the
 *    message from the stored document, signs and sends it, and records the outcome with the message
 *    exactly as exchanged, in one transaction: FISCALIZED, FAILED (the service's reason), or still
 *    PENDING with the next attempt backed off (1, 2, 4 … minutes, then hourly), also past the legal
 *    deadline (5 working days after the date of issue, ZoF čl. 49): late is better than never, and
 *    the screens say it is late.
 * A process that dies between sending and recording leaves its claim to expire; the next attempt
 * sends again and the service's S008 ("already recorded") makes it FISCALIZED: at most one success.
 */
export type FiscalStatus = 'NOT_REQUIRED' | 'PENDING' | 'FISCALIZED' | 'FAILED';

const CLAIM_MS = 2 * 60_000;
const BATCH = 20;
/** E-invoices are obligatory for issuers outside the VAT system from 1 January 2027 (ZoF čl. 38 st.1 t.2, 80). */
export const NON_VAT_FROM = '2027-01-01';

/** The day `count` working days after `iso` (the shared rule). */
export { addWorkingDays };

/** The delay before attempt `n + 1` after `n` failed ones: 1, 2, 4, 8, 16, 32 minutes, then hourly. */
export const backoffMs = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1)) * 60_000;

/**
 * Which message reports an issued document at issue: an e-invoice, a supply without one, or a
 * consumer, cash or card invoice (`RacunZahtjev` with ZKI and JIR, decision 031).
 */
export type IssueReportKind = 'ERACUN' | 'ISPORUKA' | 'RACUN';

type Reportable = Pick<repo.IssuedDocument, 'id' | 'document_type' | 'client_snapshot' | 'issuer_snapshot' | 'billing_date' | 'payment_method'>;

/**
 * How the document is reported at issue, or null when Faktura reports nothing (NOT_REQUIRED):
 * - RACUN: every invoice to a private person (any payment method, ZoF čl. 3, 80) and every invoice
 *   paid in cash or by card (to a business too, with its OIB, instead of an e-invoice: ZoF čl. 39;
 *   the Tax Administration's Q&A 9, 97: one transaction, one invoice, one fiscalization);
 * - ERACUN: a Croatian business client with an OIB, unless its snapshot says it could not receive an
 *   e-invoice (ISPORUKA); an issuer outside the VAT system only from 2027.
 */
export function issueReportKind(doc: Reportable): IssueReportKind | null {
  if (doc.document_type !== 'INVOICE' && doc.document_type !== 'CREDIT_NOTE' && doc.document_type !== 'ADVANCE') return null;
  if (!doc.client_snapshot || !doc.issuer_snapshot) return null;
  const client = parseClientSnapshot(doc.id, doc.client_snapshot);
  if (client.kind === 'CONSUMER' || doc.payment_method === 'CASH' || doc.payment_method === 'CARD') return 'RACUN';
  const issuer = parseIssuerSnapshot(doc.id, doc.issuer_snapshot);
  if (client.address.country_code !== 'HR' || !buyerIdentifiers(client).oib) return null;
  if (!issuer.in_vat_system && doc.billing_date < NON_VAT_FROM) return null;
  return client.receives_einvoices === false ? 'ISPORUKA' : 'ERACUN';
}

/** A consumer, cash or card invoice must be delivered within two working days when the service was unreachable (ZoF čl. 21). */
export const RACUN_LATE_DAYS = 2;
/** E-invoices and supplies: five working days after the date of issue (ZoF čl. 49). */
export const ERACUN_DAYS = 5;

/** The row a document issued now gets, by the mode in force: none while Faktura's fiscalization is OFF. */
function rowFor(mode: string | undefined, doc: repo.IssuedDocument, now: Date) {
  if (mode !== 'SELF' && mode !== 'INTERMEDIARY') return undefined;
  const kind = issueReportKind(doc);
  const at = now.toISOString();
  const status: repo.QueuedStatus = !kind ? 'NOT_REQUIRED' : mode === 'SELF' ? 'PENDING' : 'BY_INTERMEDIARY';
  const days = kind === 'RACUN' ? RACUN_LATE_DAYS : ERACUN_DAYS;
  return { invoice_id: doc.id, kind: kind ?? 'ERACUN', status, next_attempt_at: at, deadline: addWorkingDays(doc.billing_date, days), created_at: at, updated_at: at };
}

/**
 * The issue hook (invoice module): the document's fiscalization row, in the transaction that issues
 * it. A consumer, cash or card invoice may only be issued while Faktura fiscalizes (SELF, with a
 * certificate whose key this server can open) and its operator has an OIB: its ZKI is computed here,
 * without the network, and printed from the first moment; the JIR follows through the outbox. Any
 * refusal undoes the issue (ZoF čl. 71: software must not let an invoice escape fiscalization).
 */
export async function queueIssued(deps: Pick<FiscalDeps, 'db' | 'secret'>, trx: Db, invoiceId: number): Promise<void> {
  const [settings, doc] = await Promise.all([repo.fiscalMode(trx), repo.issuedDocument(trx, invoiceId)]);
  if (!doc) return;
  if (issueReportKind(doc) === 'RACUN') {
    await queueReceipt(deps, trx, doc);
    return;
  }
  const row = rowFor(settings?.mode, doc, new Date());
  if (row) await repo.queue(trx, row);
}

/** Why a consumer, cash or card invoice would be fiscalized: the reason named in a refusal. */
function receiptReason(doc: repo.IssuedDocument): 'consumer' | 'cash' | 'card' {
  if (doc.client_snapshot && parseClientSnapshot(doc.id, doc.client_snapshot).kind === 'CONSUMER') return 'consumer';
  return doc.payment_method === 'CARD' ? 'card' : 'cash';
}

async function queueReceipt(deps: Pick<FiscalDeps, 'db' | 'secret'>, trx: Db, doc: repo.IssuedDocument): Promise<void> {
  const setup = await sendingSetup({ ...deps, db: trx });
  const reason = receiptReason(doc);
  if ('none' in setup) {
    if (setup.none === 'keyUnreadable') throw new AppError('fiscalizationKeyUnreadable');
    throw new AppError('receiptNeedsFiscalization', { messageKey: `errors.receiptNeedsFiscalization_${reason}` });
  }
  let invoice;
  try {
    invoice = await b2cInvoiceOf(trx, doc.id, { lateDelivery: false });
  } catch (error) {
    if (error instanceof AppError && error.code === 'einvoiceOperatorOib') throw new AppError('receiptOperatorOib', { params: error.options.params ?? {} });
    throw error;
  }
  try {
    assertFiscalizable(invoice);
  } catch (error) {
    if (error instanceof B2cInputError) throw new AppError('receiptNotFiscalizable', { params: { field: error.problem } });
    throw error;
  }
  const row = rowFor('SELF', doc, new Date());
  if (!row) return;
  await repo.queue(trx, { ...row, zki: computeZki(invoice, setup.signer.privateKeyPem) });
}

/** Adds the outbox rows of documents issued since Faktura fiscalizes; returns how many are to be sent. */
export async function enqueueIssued(db: Db, now: Date = new Date()): Promise<number> {
  const settings = await repo.fiscalMode(db);
  if (settings?.mode !== 'SELF' || !settings.self_since) return 0;
  let pending = 0;
  for (const doc of await repo.issuedNotQueued(db, settings.self_since)) {
    const row = rowFor(settings.mode, doc, now);
    if (!row) continue;
    if (row.status === 'PENDING') pending += 1;
    await repo.queue(db, row);
  }
  return pending;
}

/**
 * A consumer, cash or card invoice's `RacunZahtjev`: late (`NakDost`) once an earlier attempt got no
 * JIR or when it is sent later than right after issue (the server was down), as ZoF čl. 21 asks.
 */
async function exchangeReceipt(deps: FiscalDeps, setup: SendingSetup, row: repo.FiscalDocumentRow, now: Date): Promise<ExchangeResult | { refused: string }> {
  const issued = await repo.issuedDocument(deps.db, row.invoice_id);
  const sinceIssue = now.getTime() - new Date(issued?.issued_at ?? row.created_at).getTime();
  let invoice;
  try {
    invoice = await b2cInvoiceOf(deps.db, row.invoice_id, { lateDelivery: row.attempts > 0 || sinceIssue > RIGHT_AFTER_ISSUE_MS });
  } catch (error) {
    if (error instanceof AppError) return { refused: error.code };
    throw error;
  }
  let result;
  try {
    result = await fiscalizeB2cInvoice(invoice, { endpoint: setup.b2c, signer: setup.signer }, now);
  } catch (error) {
    if (error instanceof B2cInputError) return { refused: `receipt.${error.problem}` };
    throw error;
  }
  // a document queued without its ZKI (issued by a version before the issue hook) gets it now: the same
  // key and fields always give the same ZKI
  if (!row.zki) await repo.update(deps.db, row.invoice_id, { zki: result.zki });
  // the JIR is the service's id of the recorded invoice: kept as the request id and printed
  return { ...result, requestId: result.jir, errorRecord: null };
}

/** How long after issue a first sending still counts as at issue (not a late delivery). */
const RIGHT_AFTER_ISSUE_MS = 2 * 60_000;

async function exchange(deps: FiscalDeps, setup: SendingSetup, row: repo.FiscalDocumentRow, now: Date): Promise<ExchangeResult | { refused: string }> {
  const invoiceId = row.invoice_id;
  if (row.kind === 'RACUN') return exchangeReceipt(deps, setup, row, now);
  let doc;
  try {
    doc = (await eInvoiceDocumentOf(deps.db, invoiceId)).document;
  } catch (error) {
    // what the document itself lacks (the operator's OIB) cannot be fixed by sending again
    if (error instanceof AppError) return { refused: error.code };
    throw error;
  }
  // a supply without an e-invoice is reported through eIzvještavanje (TS-F2 5.5), an e-invoice fiscalized
  if (row.kind === 'ISPORUKA') return reportSupplies([doc], { endpoint: setup.ereporting, signer: setup.signer }, now);
  return fiscalizeEInvoices([doc], { endpoint: setup.einvoice, signer: setup.signer }, now);
}

/** What an outcome is recorded on: a document's outbox row, or a payment's. */
interface Concluded {
  kind: IssueReportKind | 'NAPLATA' | 'ERACUN_U' | 'ODBIJANJE';
  /** The issued document, or null for a received one (`receivedId`). */
  invoiceId: number | null;
  receivedId?: number;
  /** The payment reported (NAPLATA), named in the audit entry. */
  paymentId?: number;
  /** The state an accepted message gives the row. */
  done: 'FISCALIZED' | 'REPORTED';
  update: (trx: Db, values: Record<string, string | number | null>) => Promise<void>;
  /** What else an accepted message changes (a payment's `reported_at`). */
  accepted?: (trx: Db, at: string) => Promise<void>;
  /** The audit entry of an accepted message, when not `fiscalization.done` (a rejection's: `inbox.rejectionReported`). */
  reported?: { action: 'inbox.rejectionReported'; details: Record<string, string | number> };
}

/** Records an outcome: the message as exchanged, the row's new state, and the audit entry, in one transaction. */
async function conclude(db: Db, target: Concluded, attempts: number, result: ExchangeResult | { refused: string; params?: Record<string, string> }, now: Date): Promise<void> {
  const invoiceId = target.invoiceId ?? undefined;
  // the message named in the History: ERACUN, ISPORUKA (a supply without an e-invoice), NAPLATA or ERACUN_U (a received one)
  const about = {
    message: target.kind,
    ...(target.paymentId === undefined ? {} : { paymentId: target.paymentId }),
    ...(target.receivedId === undefined ? {} : { receivedId: target.receivedId }),
  };
  await db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    const released = { attempts: attempts + 1, claimed_until: null, claimed_by: null, updated_at: at };
    if ('refused' in result) {
      // Faktura's own refusal: its code, and the words its reason names (decision 038)
      const words = 'params' in result && result.params && Object.keys(result.params).length > 0 ? JSON.stringify(result.params) : null;
      await target.update(trx, { ...released, status: 'FAILED', error_code: result.refused, error_text: words });
      await record(trx, null, { action: 'fiscalization.failed', invoiceId, details: { ...about, code: result.refused } });
      return;
    }
    await repo.keepMessage(trx, {
      invoice_id: target.invoiceId, received_document_id: target.receivedId ?? null, kind: target.kind, message_id: result.messageId, outcome: result.status, request_id: result.requestId,
      error_code: result.errorCode, error_text: result.errorText, http_status: result.httpStatus, request_xml: result.request,
      response_xml: result.response, sent_at: result.sentAt.toISOString(),
    });
    const base = { ...released, error_code: result.errorCode, error_text: result.errorText };
    if (result.status === 'FISCALIZED') {
      const when: Record<string, string> = target.done === 'FISCALIZED' ? { fiscalized_at: at } : { reported_at: at };
      await target.update(trx, { ...base, status: target.done, request_id: result.requestId, ...when });
      await target.accepted?.(trx, at);
      const duplicate = result.errorCode === 'S008' || result.errorCode === 'S010';
      if (target.reported) await record(trx, null, { action: target.reported.action, details: { ...about, ...target.reported.details, requestId: result.requestId, duplicate } });
      else await record(trx, null, { action: 'fiscalization.done', invoiceId, details: { ...about, requestId: result.requestId, duplicate } });
    } else if (result.status === 'FAILED') {
      await target.update(trx, { ...base, status: 'FAILED' });
      await record(trx, null, { action: 'fiscalization.failed', invoiceId, details: { ...about, code: result.errorCode, text: result.errorText } });
    } else {
      await target.update(trx, { ...base, status: 'PENDING', next_attempt_at: new Date(now.getTime() + backoffMs(attempts + 1)).toISOString() });
    }
  });
}

/** Counts an outcome in a round's report. */
function tally(report: SendReport, result: ExchangeResult | { refused: string }): void {
  report.sent += 1;
  const status = 'refused' in result ? 'FAILED' : result.status;
  if (status === 'FISCALIZED') report.fiscalized += 1;
  else if (status === 'FAILED') report.failed += 1;
  else report.retry += 1;
}

export interface SendReport {
  sent: number;
  fiscalized: number;
  failed: number;
  retry: number;
  /** Why nothing could be sent (OFF, INTERMEDIARY, no certificate, a key this secret cannot open). */
  blocked: string | null;
}

/** Sends what is due (or, with `only`, that one document at once). */
export async function sendDue(deps: FiscalDeps, processId: string, options: { only?: number } = {}): Promise<SendReport> {
  const now = deps.now?.() ?? new Date();
  const report: SendReport = { sent: 0, fiscalized: 0, failed: 0, retry: 0, blocked: null };
  const setup = await sendingSetup(deps);
  if ('none' in setup) return { ...report, blocked: setup.none };
  const at = now.toISOString();
  const ids = options.only !== undefined ? [options.only] : await repo.due(deps.db, at, BATCH);
  for (const invoiceId of ids) {
    const until = new Date(now.getTime() + CLAIM_MS).toISOString();
    if (!(await repo.claim(deps.db, invoiceId, processId, at, until, options.only !== undefined))) continue;
    const row = await repo.outboxRow(deps.db, invoiceId);
    if (!row) continue;
    const result = await exchange(deps, setup, row, now);
    const kind: IssueReportKind = row.kind === 'ISPORUKA' || row.kind === 'RACUN' ? row.kind : 'ERACUN';
    const target: Concluded = { kind, invoiceId, done: 'FISCALIZED', update: (trx, values) => repo.update(trx, invoiceId, values) };
    // a receipt's JIR is printed on it
    if (kind === 'RACUN') target.accepted = (trx) => repo.update(trx, invoiceId, { jir: 'requestId' in result ? result.requestId : null });
    await conclude(deps.db, target, row.attempts, result, deps.now?.() ?? new Date());
    tally(report, result);
  }
  return report;
}

/**
 * A received e-invoice enters the outbox (`vrstaERacuna` U, decision 038) in the transaction that
 * keeps it (the inbox's `keepDocument`), while Faktura fiscalizes (SELF); otherwise nothing is queued
 * (INTERMEDIARY: the intermediary does it; OFF: the user does it elsewhere).
 */
export async function queueReceived(trx: Db, receivedId: number, deadline: string, now: Date = new Date()): Promise<boolean> {
  if ((await repo.fiscalMode(trx))?.mode !== 'SELF') return false;
  const at = now.toISOString();
  await repo.queueReceived(trx, { received_document_id: receivedId, status: 'PENDING', next_attempt_at: at, deadline, created_at: at, updated_at: at });
  return true;
}

/**
 * Catch-up: every received document the inbox still has PENDING and the outbox does not know (kept
 * while fiscalization was off, or by a version without the hook), while SELF. Late is better than
 * never; one fiscalized elsewhere meanwhile answers S008 and counts as fiscalized.
 */
export async function enqueueReceived(db: Db, now: Date = new Date()): Promise<number> {
  if ((await repo.fiscalMode(db))?.mode !== 'SELF') return 0;
  const at = now.toISOString();
  const rows = await repo.receivedNotQueued(db);
  for (const row of rows) {
    await repo.queueReceived(db, { received_document_id: row.id, status: 'PENDING', next_attempt_at: at, deadline: row.fiscal_deadline, created_at: at, updated_at: at });
  }
  return rows.length;
}

async function exchangeReceived(
  deps: FiscalDeps & { received: NonNullable<FiscalDeps['received']> }, setup: SendingSetup, id: number, now: Date,
): Promise<ExchangeResult | { refused: string; params?: Record<string, string> }> {
  let record;
  try {
    record = await deps.received.record(deps.db, id);
  } catch (error) {
    // what the document itself lacks cannot be fixed by sending again
    if (error instanceof AppError) return { refused: error.code, params: Object.fromEntries(Object.entries(error.options.params ?? {}).map(([k, v]) => [k, String(v)])) };
    throw error;
  }
  return fiscalizeReceived([record], { endpoint: setup.einvoice, signer: setup.signer }, now);
}

async function notRequiredReceived(db: Db, id: number, attempts: number, params: Record<string, string>, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const at = now.toISOString();
    await repo.updateReceived(trx, id, { attempts, claimed_until: null, claimed_by: null, updated_at: at, status: 'NOT_REQUIRED', error_code: null, error_text: null });
    await record(trx, null, { action: 'fiscalization.notRequired', details: { message: 'ERACUN_U', receivedId: id, ...params } });
  });
}

/** Fiscalizes the received e-invoices that are due as received (or, with `only`, that one at once, also a refused one). */
export async function sendDueReceived(deps: FiscalDeps, processId: string, options: { only?: number } = {}): Promise<SendReport> {
  const now = deps.now?.() ?? new Date();
  const report: SendReport = { sent: 0, fiscalized: 0, failed: 0, retry: 0, blocked: null };
  const { received } = deps;
  if (!received) return { ...report, blocked: 'OFF' };
  const setup = await sendingSetup(deps);
  if ('none' in setup) return { ...report, blocked: setup.none };
  const at = now.toISOString();
  const ids = options.only !== undefined ? [options.only] : await repo.dueReceived(deps.db, at, BATCH);
  for (const id of ids) {
    const until = new Date(now.getTime() + CLAIM_MS).toISOString();
    if (!(await repo.claimReceived(deps.db, id, processId, at, until, options.only !== undefined))) continue;
    const row = await repo.receivedRow(deps.db, id);
    if (!row) continue;
    const result = await exchangeReceived({ ...deps, received }, setup, id, now);
    if ('refused' in result && result.refused === 'inboxFiscalNotRequired') {
      // a supplier abroad without an OIB (kept before this was known): nothing to fiscalize, nothing refused
      await notRequiredReceived(deps.db, id, row.attempts, result.params ?? {}, deps.now?.() ?? new Date());
      continue;
    }
    const target: Concluded = { kind: 'ERACUN_U', invoiceId: null, receivedId: id, done: 'FISCALIZED', update: (trx, values) => repo.updateReceived(trx, id, values) };
    await conclude(deps.db, target, row.attempts, result, deps.now?.() ?? new Date());
    tally(report, result);
  }
  return report;
}

/** The last day to report a payment: the 20th of the month after it was received (ZoF čl. 53). */
export function reportDeadline(paidOn: string): string {
  const [year = 0, month = 0] = paidOn.split('-').map(Number);
  const next = month === 12 ? { y: year + 1, m: 1 } : { y: year, m: month + 1 };
  return `${next.y}-${String(next.m).padStart(2, '0')}-20`;
}

/** Queues every payment received on an e-invoice Faktura fiscalized that is not reported yet. */
export async function enqueuePayments(db: Db, now: Date = new Date()): Promise<number> {
  const at = now.toISOString();
  const payments = await repo.paymentsToQueue(db);
  for (const p of payments) {
    await repo.queuePayment(db, {
      payment_id: p.id, invoice_id: p.invoice_id, status: 'PENDING', next_attempt_at: at, deadline: reportDeadline(p.paid_on),
      created_at: at, updated_at: at,
    });
  }
  return payments.length;
}

/** Reports the payments that are due, one message each (or, with `invoiceId`, that invoice's waiting or refused ones at once). */
export async function sendDuePayments(deps: FiscalDeps, processId: string, options: { invoiceId?: number } = {}): Promise<SendReport> {
  const now = deps.now?.() ?? new Date();
  const report: SendReport = { sent: 0, fiscalized: 0, failed: 0, retry: 0, blocked: null };
  const setup = await sendingSetup(deps);
  if ('none' in setup) return { ...report, blocked: setup.none };
  const at = now.toISOString();
  const force = options.invoiceId !== undefined;
  const ids = force ? await repo.paymentsToRetry(deps.db, options.invoiceId ?? 0) : await repo.duePayments(deps.db, at, BATCH);
  for (const paymentId of ids) {
    if (!(await repo.claimPayment(deps.db, paymentId, processId, at, new Date(now.getTime() + CLAIM_MS).toISOString(), force))) continue;
    const row = await repo.paymentToReport(deps.db, paymentId);
    if (!row) continue;
    let result: ExchangeResult | { refused: string };
    try {
      const { document } = await eInvoiceDocumentOf(deps.db, row.invoice_id);
      if (!document.buyer.oib) throw new AppError('fiscalizationNotRequired');
      result = await reportPayments(
        [{
          number: document.number, issueDate: document.issueDate, issuerOib: document.seller.oib, recipientOib: document.buyer.oib,
          paidOn: row.paid_on, amountCents: row.amount_cents, code: paymentReportCode(row.method),
        }],
        { endpoint: setup.ereporting, signer: setup.signer },
        now,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result = { refused: error.code };
    }
    const target: Concluded = {
      kind: 'NAPLATA', invoiceId: row.invoice_id, paymentId, done: 'REPORTED',
      update: (trx, values) => repo.updatePayment(trx, paymentId, values),
      accepted: (trx, at) => repo.markReported(trx, paymentId, at),
    };
    await conclude(deps.db, target, row.attempts, result, deps.now?.() ?? new Date());
    tally(report, result);
  }
  return report;
}

/**
 * What an answer to a rejection's report means (decision 040): S010 (a rejection already on record)
 * counts as reported, its code and text kept; S009 (the service has no such e-invoice yet: its
 * fiscalization as received not yet on record there) is sent again later, as an outage is.
 */
function rejectionOutcome(result: ExchangeResult): ExchangeResult {
  if (result.status !== 'FAILED') return result;
  if (result.errorCode === 'S010') return { ...result, status: 'FISCALIZED' };
  if (result.errorCode === 'S009') return { ...result, status: 'RETRY' };
  return result;
}

/**
 * Reports the rejections that are due, one message each (`EvidentirajOdbijanjeZahtjev`, decision 040):
 * only once the document is fiscalized as received (before that a rejection waits, unclaimed); one whose
 * document has nothing to fiscalize (a supplier abroad: not a Croatian e-invoice, no OIB to name) cannot
 * be reported through the service and is concluded NONE, left to the user.
 */
export async function sendDueRejections(deps: FiscalDeps, processId: string): Promise<SendReport> {
  const now = deps.now?.() ?? new Date();
  const report: SendReport = { sent: 0, fiscalized: 0, failed: 0, retry: 0, blocked: null };
  const { received } = deps;
  if (!received) return { ...report, blocked: 'OFF' };
  const setup = await sendingSetup(deps);
  if ('none' in setup) return { ...report, blocked: setup.none };
  const at = now.toISOString();
  for (const id of await repo.rejectionsNotReportable(deps.db)) {
    await repo.updateRejection(deps.db, id, { status: 'NOT_REQUIRED', updated_at: at });
  }
  for (const id of await repo.dueRejections(deps.db, at, BATCH)) {
    if (!(await repo.claimRejection(deps.db, id, processId, at, new Date(now.getTime() + CLAIM_MS).toISOString()))) continue;
    const row = await repo.rejectionToReport(deps.db, id);
    if (!row) continue;
    let result: ExchangeResult | { refused: string; params?: Record<string, string> };
    try {
      const doc = await received.record(deps.db, id);
      result = rejectionOutcome(await reportRejections(
        [{
          number: doc.number, issueDate: doc.issueDate, issuerOib: doc.issuer.oib, recipientOib: doc.recipient.oib,
          rejectedOn: row.rejected_on, type: row.type as 'N' | 'U' | 'O', reason: row.reason,
        }],
        { endpoint: setup.ereporting, signer: setup.signer },
        now,
      ));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      result = { refused: error.code };
    }
    const target: Concluded = {
      kind: 'ODBIJANJE', invoiceId: null, receivedId: id, done: 'REPORTED',
      update: (trx, values) => repo.updateRejection(trx, id, values),
      reported: { action: 'inbox.rejectionReported', details: { number: row.number } },
    };
    await conclude(deps.db, target, row.attempts, result, deps.now?.() ?? new Date());
    tally(report, result);
  }
  return report;
}

/**
 * One round: send what is due, then the payments on what is fiscalized, the received documents, and
 * the rejections of received ones. `catchUp` (the worker's first round) first queues what was issued
 * without the issue hook.
 */
export async function fiscalizeRound(
  deps: FiscalDeps, processId: string, options: { catchUp?: boolean } = {},
): Promise<SendReport & { payments: SendReport; received: SendReport; rejections: SendReport }> {
  const now = deps.now?.() ?? new Date();
  if (options.catchUp) {
    await enqueueIssued(deps.db, now);
    await enqueueReceived(deps.db, now);
  }
  const documents = await sendDue(deps, processId);
  await enqueuePayments(deps.db, now);
  const payments = await sendDuePayments(deps, processId);
  const received = await sendDueReceived(deps, processId);
  // after the received ones: a rejection whose document was just fiscalized as received goes in the same round
  return { ...documents, payments, received, rejections: await sendDueRejections(deps, processId) };
}

/**
 * Runs rounds in the background: at start, then every `intervalMs`, and soon after `kick()` (an
 * issue, a retry asked for). One round at a time per process; several processes share the work
 * through the claims. Errors of a round are logged and the next round comes anyway.
 */
export class FiscalizationWorker {
  readonly processId = `p-${randomUUID()}`;
  private readonly worker: RoundWorker;

  constructor(deps: FiscalDeps, log: { error: (object: object, message: string) => void }, intervalMs = 15_000) {
    // the first round after a start catches up with what a stopped server left behind
    this.worker = new RoundWorker((first) => fiscalizeRound(deps, this.processId, { catchUp: first }), log, intervalMs, 'fiscalization');
  }

  start(): void {
    this.worker.kick();
  }

  kick(): void {
    this.worker.kick();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }
}
