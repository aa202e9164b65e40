import type { FiscalMessage, InvoiceFiscalization } from '@faktura/shared';
import { AppError } from '../../http/errors';
import { enqueueIssued, issueReportKind, sendDue } from './outbox';
import * as repo from './outbox.repository';
import type { FiscalDeps } from './settings';

/** Where an issued document stands with the Tax Administration, and the messages exchanged about it. */
export async function invoiceFiscalization(deps: FiscalDeps, invoiceId: number): Promise<InvoiceFiscalization> {
  const { db } = deps;
  const invoice = await repo.issuedDocument(db, invoiceId);
  if (!invoice) throw new AppError('invoiceNotFound');
  const row = await repo.outboxRow(db, invoiceId);
  const messages: FiscalMessage[] = (await repo.messagesOf(db, invoiceId)).map((m) => ({
    id: m.id, kind: m.kind, messageId: m.message_id, outcome: m.outcome as FiscalMessage['outcome'], requestId: m.request_id,
    errorCode: m.error_code, errorText: m.error_text, httpStatus: m.http_status, sentAt: m.sent_at,
  }));
  if (row) {
    return {
      status: row.status as InvoiceFiscalization['status'],
      kind: row.status === 'NOT_REQUIRED' ? null : row.kind === 'ISPORUKA' ? 'ISPORUKA' : 'ERACUN',
      requestId: row.request_id,
      at: row.fiscalized_at,
      attempts: row.attempts,
      error: row.error_code && row.status !== 'FISCALIZED' ? { code: row.error_code, text: row.error_text } : null,
      deadline: row.status === 'NOT_REQUIRED' ? null : row.deadline,
      nextAttemptAt: row.status === 'PENDING' ? row.next_attempt_at : null,
      messages,
    };
  }
  const kind = issueReportKind(invoice);
  const none = { kind, requestId: null, at: null, attempts: 0, error: null, deadline: null, nextAttemptAt: null, messages };
  if (invoice.state === 'DRAFT' || !invoice.invoice_number) return { ...none, kind: null, status: null };
  if (!kind) return { ...none, status: 'NOT_REQUIRED' };
  const settings = await repo.fiscalMode(db);
  if (settings?.mode === 'INTERMEDIARY') return { ...none, status: 'BY_INTERMEDIARY' };
  // issued while Faktura fiscalizes, not yet taken into the outbox: it will be in the next round
  if (settings?.mode === 'SELF' && settings.self_since && invoice.issued_at && invoice.issued_at >= settings.self_since) {
    return { ...none, status: 'PENDING' };
  }
  return { ...none, kind: null, status: null };
}

/** Fiscalizes one document now (a pending or refused one); answers where it stands then. */
export async function fiscalizeNow(deps: FiscalDeps, invoiceId: number, processId: string): Promise<InvoiceFiscalization> {
  const before = await invoiceFiscalization(deps, invoiceId);
  if (before.status === 'FISCALIZED') return before;
  if (before.status === 'NOT_REQUIRED') {
    const invoice = await repo.issuedDocument(deps.db, invoiceId);
    throw new AppError('fiscalizationNotRequired', { params: { number: invoice?.invoice_number ?? '' } });
  }
  if (before.status === null || before.status === 'BY_INTERMEDIARY') throw new AppError('fiscalizationNotSelf');
  await enqueueIssued(deps.db, deps.now?.() ?? new Date());
  const report = await sendDue(deps, processId, { only: invoiceId });
  if (report.blocked === 'keyUnreadable') throw new AppError('fiscalizationKeyUnreadable');
  if (report.blocked) throw new AppError('fiscalizationNotSelf');
  return invoiceFiscalization(deps, invoiceId);
}

/** Every message of a document, exactly as exchanged. */
export async function fiscalMessages(deps: FiscalDeps, invoiceId: number) {
  if (!(await repo.issuedDocument(deps.db, invoiceId))) throw new AppError('invoiceNotFound');
  const rows = await repo.messagesOf(deps.db, invoiceId);
  return rows.map((m) => ({
    id: m.id, kind: m.kind, messageId: m.message_id, outcome: m.outcome as FiscalMessage['outcome'], requestId: m.request_id,
    errorCode: m.error_code, errorText: m.error_text, httpStatus: m.http_status, sentAt: m.sent_at,
    requestXml: m.request_xml, responseXml: m.response_xml,
  }));
}
