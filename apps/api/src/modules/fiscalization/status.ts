import { type FiscalMessage, type InvoiceFiscalization, type Language, type PaymentReportState, type ReceivedFiscalization, translate } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { toFiscalSummary } from '../invoice';
import { enqueueIssued, enqueuePayments, enqueueReceived, reportDeadline, sendDue, sendDuePayments, sendDueReceived } from './outbox';
import * as repo from './outbox.repository';
import type { FiscalDeps } from './settings';

/** Where an issued document stands with the Tax Administration (its record, decision 030), and the messages exchanged about it. */
export async function invoiceFiscalization(deps: FiscalDeps, invoiceId: number): Promise<InvoiceFiscalization> {
  const { db } = deps;
  if (!(await repo.issuedDocument(db, invoiceId))) throw new AppError('invoiceNotFound');
  const [row, messages] = await Promise.all([repo.outboxRow(db, invoiceId), repo.messagesOf(db, invoiceId)]);
  return { ...toFiscalSummary(row), messages: messages.map(toMessage) };
}

function toMessage(m: repo.FiscalMessageRow): FiscalMessage {
  return {
    id: m.id, kind: m.kind, messageId: m.message_id, outcome: m.outcome as FiscalMessage['outcome'], requestId: m.request_id,
    errorCode: m.error_code, errorText: m.error_text, httpStatus: m.http_status, sentAt: m.sent_at,
  };
}

/** Why nothing could be sent, as the refusal the caller sees. */
function blockedError(blocked: string): AppError {
  return new AppError(blocked === 'keyUnreadable' ? 'fiscalizationKeyUnreadable' : 'fiscalizationNotSelf');
}

/**
 * Fiscalizes one document now (a pending or refused one), then reports its payments that wait or
 * were refused (decision 030: a payment is reported only once its e-invoice is on record); answers
 * where the document stands then. A fiscalized document with nothing left to report answers as it is.
 */
export async function fiscalizeNow(deps: FiscalDeps, invoiceId: number, processId: string): Promise<InvoiceFiscalization> {
  // one issued since SELF began but not queued yet (issued by a version without the issue hook)
  await enqueueIssued(deps.db, deps.now?.() ?? new Date());
  const before = await invoiceFiscalization(deps, invoiceId);
  if (before.status === 'NOT_REQUIRED') {
    const invoice = await repo.issuedDocument(deps.db, invoiceId);
    throw new AppError('fiscalizationNotRequired', { params: { number: invoice?.invoice_number ?? '' } });
  }
  if (before.status !== 'FISCALIZED') {
    if (before.status === null || before.status === 'BY_INTERMEDIARY') throw new AppError('fiscalizationNotSelf');
    const report = await sendDue(deps, processId, { only: invoiceId });
    if (report.blocked) throw blockedError(report.blocked);
  }
  if ((await repo.outboxRow(deps.db, invoiceId))?.status === 'FISCALIZED') {
    await enqueuePayments(deps.db, deps.now?.() ?? new Date());
    if ((await repo.paymentsToRetry(deps.db, invoiceId)).length > 0) {
      const payments = await sendDuePayments(deps, processId, { invoiceId });
      if (payments.blocked) throw blockedError(payments.blocked);
    }
  }
  return invoiceFiscalization(deps, invoiceId);
}

/**
 * What Faktura says of each payment's report (the invoice module's payment answers read it through
 * this, decision 030): its `fiscal_payment` row; PENDING when it is not queued yet but will be (its
 * e-invoice is fiscalized, or in the outbox to be); null when Faktura does not report it. Two or
 * three reads for all the payments of one invoice.
 */
export async function paymentReports(
  db: Db,
  invoiceId: number,
  payments: readonly { id: number; paidOn: string; reportedAt: string | null }[],
): Promise<Map<number, PaymentReportState | null>> {
  const answer = new Map<number, PaymentReportState | null>();
  if (payments.length === 0) return answer;
  const rows = new Map((await repo.paymentReportsOf(db, invoiceId)).map((row) => [row.payment_id, row]));
  const unqueued = payments.filter((p) => !rows.has(p.id));
  const willReport = unqueued.length > 0 && (await documentReportsPayments(db, invoiceId));
  for (const payment of payments) {
    const row = rows.get(payment.id);
    if (row) {
      const status = row.status as PaymentReportState['status'];
      answer.set(payment.id, {
        status,
        deadline: row.deadline,
        at: row.reported_at,
        requestId: row.request_id,
        error: row.error_code && status !== 'REPORTED' ? { code: row.error_code, text: row.error_text } : null,
        nextAttemptAt: status === 'PENDING' ? row.next_attempt_at : null,
        attempts: row.attempts,
      });
    } else if (payment.reportedAt !== null || willReport) {
      const reported = payment.reportedAt !== null;
      answer.set(payment.id, {
        status: reported ? 'REPORTED' : 'PENDING', deadline: reportDeadline(payment.paidOn), at: payment.reportedAt,
        requestId: null, error: null, nextAttemptAt: null, attempts: 0,
      });
    } else {
      answer.set(payment.id, null);
    }
  }
  return answer;
}

/** Whether the payments of this document are Faktura's to report: it is fiscalized, or is to be (its record says so from its issue). */
async function documentReportsPayments(db: Db, invoiceId: number): Promise<boolean> {
  const row = await repo.outboxRow(db, invoiceId);
  // payments are reported on e-invoices and supplies (ZoF čl. 53), not on consumer, cash or card invoices
  if (!row || row.kind === 'RACUN') return false;
  return row.status === 'PENDING' || row.status === 'FISCALIZED' || row.status === 'FAILED';
}

/** Every message of a document, exactly as exchanged. */
export async function fiscalMessages(deps: FiscalDeps, invoiceId: number) {
  if (!(await repo.issuedDocument(deps.db, invoiceId))) throw new AppError('invoiceNotFound');
  const rows = await repo.messagesOf(deps.db, invoiceId);
  return rows.map((m) => ({ ...toMessage(m), requestXml: m.request_xml, responseXml: m.response_xml }));
}

// ---- received e-invoices fiscalized as received (vrstaERacuna U, decision 038)

const TRANSPORT = ['NETWORK', 'TIMEOUT', 'TLS', 'HTTP', 'ANSWER'];

/** What a stored code means in the reader's language: the service's S-codes, an outage, or Faktura's own refusal. */
export function reasonOf(language: Language, code: string, params: Record<string, string> = {}): string {
  if (/^S0\d\d$/.test(code)) return translate(language, `fiscalization.serviceCodes.${code}`);
  if (TRANSPORT.includes(code)) return translate(language, `fiscalization.status.errors.${code}`);
  return translate(language, `errors.${code}`, params);
}

/** Where a received document stands with its fiscalization as received, and every message about it. */
export async function receivedFiscalization(deps: FiscalDeps, receivedId: number, language: Language): Promise<ReceivedFiscalization> {
  const { db } = deps;
  const doc = await repo.receivedDocument(db, receivedId);
  if (!doc) throw new AppError('inboxNotFound');
  const [row, messages, mode] = await Promise.all([repo.receivedRow(db, receivedId), repo.messagesOfReceived(db, receivedId), repo.fiscalMode(db)]);
  const status = doc.fiscal_status as ReceivedFiscalization['status'];
  const sender = status === 'BY_INTERMEDIARY' || mode?.mode === 'INTERMEDIARY' ? 'INTERMEDIARY' : mode?.mode === 'SELF' ? 'FAKTURA' : 'NONE';
  const code = row?.error_code && status !== 'FISCALIZED' ? row.error_code : null;
  let params: Record<string, string> = {};
  if (code && row?.error_text && !/^S0\d\d$/.test(code) && !TRANSPORT.includes(code)) {
    try {
      params = JSON.parse(row.error_text) as Record<string, string>;
    } catch {
      params = {};
    }
  }
  const serviceText = code && (/^S0\d\d$/.test(code) || TRANSPORT.includes(code)) ? (row?.error_text ?? null) : null;
  return {
    status,
    sender,
    deadline: row?.deadline ?? doc.fiscal_deadline,
    attempts: row?.attempts ?? 0,
    nextAttemptAt: row && status === 'PENDING' ? row.next_attempt_at : null,
    requestId: status === 'FISCALIZED' ? (row?.request_id ?? null) : null,
    at: status === 'FISCALIZED' ? (row?.fiscalized_at ?? null) : null,
    error: code ? { code, text: serviceText, reason: reasonOf(language, code, params) } : null,
    messages: messages.map(toMessage),
  };
}

/** "Fiscalize now" for a received document: sends a pending or refused one at once; answers where it stands then. */
export async function fiscalizeReceivedNow(deps: FiscalDeps, receivedId: number, processId: string, language: Language): Promise<ReceivedFiscalization> {
  await enqueueReceived(deps.db, deps.now?.() ?? new Date());
  const before = await receivedFiscalization(deps, receivedId, language);
  // fiscalized already, or nothing to fiscalize (a supplier abroad): where it stands
  if (before.status === 'FISCALIZED' || before.status === 'NOT_REQUIRED') return before;
  if (before.sender !== 'FAKTURA' || !(await repo.receivedRow(deps.db, receivedId))) throw new AppError('fiscalizationNotSelf');
  const report = await sendDueReceived(deps, processId, { only: receivedId });
  if (report.blocked) throw blockedError(report.blocked);
  return receivedFiscalization(deps, receivedId, language);
}

/** Every message of a received document's fiscalization, exactly as exchanged. */
export async function receivedFiscalMessages(deps: FiscalDeps, receivedId: number) {
  if (!(await repo.receivedDocument(deps.db, receivedId))) throw new AppError('inboxNotFound');
  const rows = await repo.messagesOfReceived(deps.db, receivedId);
  return rows.map((m) => ({ ...toMessage(m), requestXml: m.request_xml, responseXml: m.response_xml }));
}
