import type { FiscalMessage, InvoiceFiscalization } from '@faktura/shared';
import { AppError } from '../../http/errors';
import { toFiscalSummary } from '../invoice';
import { enqueueIssued, sendDue } from './outbox';
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

/** Fiscalizes one document now (a pending or refused one); answers where it stands then. */
export async function fiscalizeNow(deps: FiscalDeps, invoiceId: number, processId: string): Promise<InvoiceFiscalization> {
  // one issued since SELF began but not queued yet (issued by a version without the issue hook)
  await enqueueIssued(deps.db, deps.now?.() ?? new Date());
  const before = await invoiceFiscalization(deps, invoiceId);
  if (before.status === 'FISCALIZED') return before;
  if (before.status === 'NOT_REQUIRED') {
    const invoice = await repo.issuedDocument(deps.db, invoiceId);
    throw new AppError('fiscalizationNotRequired', { params: { number: invoice?.invoice_number ?? '' } });
  }
  if (before.status === null || before.status === 'BY_INTERMEDIARY') throw new AppError('fiscalizationNotSelf');
  const report = await sendDue(deps, processId, { only: invoiceId });
  if (report.blocked === 'keyUnreadable') throw new AppError('fiscalizationKeyUnreadable');
  if (report.blocked) throw new AppError('fiscalizationNotSelf');
  return invoiceFiscalization(deps, invoiceId);
}

/** Every message of a document, exactly as exchanged. */
export async function fiscalMessages(deps: FiscalDeps, invoiceId: number) {
  if (!(await repo.issuedDocument(deps.db, invoiceId))) throw new AppError('invoiceNotFound');
  const rows = await repo.messagesOf(deps.db, invoiceId);
  return rows.map((m) => ({ ...toMessage(m), requestXml: m.request_xml, responseXml: m.response_xml }));
}
