import {
  type EmailKind,
  type InvoiceEmailDraft,
  type InvoiceEmailRecord,
  type Language,
  type PrintView,
  type invoiceEmailInputSchema,
  PLACEHOLDER_PATTERN,
  emailTemplateKind,
  isEInvoiceRecipient,
  todayInZagreb,
  translate,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { nowIso } from '../../db/time';
import { renderEInvoice } from '../invoice';
import { AppError } from '../../http/errors';
import { invoicePdf, pdfFileName } from '../invoice';
import { buildPrintView } from '../invoice';
import { loadPrintSources } from '../invoice';
import { isOverdue } from '../invoice';
import * as repo from './email.repository';
import { type EmailDeps, senderOf, templateFor } from './email.settings';
import { type OutgoingMessage, deliver } from './email.transport';

type SendInput = z.output<typeof invoiceEmailInputSchema>;

/** The invoice's own language: Croatian for a client in Croatia (as its printout), English otherwise. */
async function invoiceFacts(db: Db, id: number, kind: EmailKind) {
  const sources = await loadPrintSources(db, id);
  const { invoice, client } = sources;
  if (invoice.state === 'DRAFT' || !invoice.invoice_number) throw new AppError('invoiceNotIssued', { messageKey: 'email.errors.draft' });
  if (kind === 'reminder') {
    if (invoice.document_type !== 'INVOICE') throw new AppError('reminderNotOverdue', { messageKey: 'email.errors.reminderCreditNote' });
    if (!isOverdue(invoice, todayInZagreb())) throw new AppError('reminderNotOverdue', { messageKey: 'email.errors.reminderNotOverdue' });
  }
  const language: Language = client.address.country_code === 'HR' ? 'hr' : 'en';
  // a private person never gets the XML: their invoice has no e-invoice (decision 031)
  const eInvoice = isEInvoiceRecipient({ countryCode: client.address.country_code, pin: client.pin, kind: client.kind });
  // a credit note's message names it as one (its own template); a reminder is only for invoices
  const templateKind = emailTemplateKind(kind, invoice.document_type === 'CREDIT_NOTE' ? 'CREDIT_NOTE' : 'INVOICE');
  return { sources, language, eInvoice, clientEmail: client.email, templateKind };
}

/** A placeholder and the full stop right after it, if any. */
const PLACEHOLDER_AND_STOP = new RegExp(`${PLACEHOLDER_PATTERN.source}(\\.?)`, 'g');

/**
 * `{{name}}` → the invoice's value; in a header every value is kept on one line. A value that ends
 * with a full stop (a Croatian date, `3. 12. 2026.`) takes the place of the template's full stop
 * after it, so a sentence ends with one full stop, not two (issue 27).
 */
function fill(template: string, values: Record<string, string>, oneLine: boolean): string {
  return template.replace(PLACEHOLDER_AND_STOP, (match, name: string, stop: string) => {
    const value = values[name];
    if (value === undefined) return match;
    const text = oneLine ? value.replace(/[\r\n\u2028\u2029]+/g, ' ') : value;
    return stop && text.endsWith('.') ? text : text + stop;
  });
}

function placeholderValues(view: PrintView): Record<string, string> {
  return {
    number: view.commonData.invoiceNumber ?? '',
    amount: view.content.total,
    dueDate: view.commonData.paymentDueDate,
    issueDate: view.commonData.createDate,
    iban: view.paymentData.iban ?? '',
    reference: view.paymentData.referenceNumber ?? '',
    client: view.client.title,
    company: view.sender.title,
  };
}

const xmlName = (number: string) => `${number.replace(/\//g, '-')}.xml`;

/** What the send dialog proposes: the client's address and the template filled in the invoice's language. */
export async function draftEmail(deps: EmailDeps, id: number, kind: EmailKind): Promise<InvoiceEmailDraft> {
  const facts = await invoiceFacts(deps.db, id, kind);
  const view = await buildPrintView(deps.db, id, facts.language, facts.sources);
  const fileName = pdfFileName(view);
  const template = await templateFor(deps.db, facts.language, facts.templateKind);
  const values = placeholderValues(view);
  const sender = await senderOf(deps);
  return {
    kind,
    language: facts.language,
    to: facts.clientEmail ? [facts.clientEmail] : [],
    cc: [],
    bcc: sender?.bcc ?? null,
    subject: fill(template.subject, values, true),
    body: fill(template.body, values, false),
    attachments: [fileName, ...(facts.eInvoice ? [xmlName(facts.sources.invoice.invoice_number ?? '')] : [])],
    ready: sender !== undefined,
  };
}

/**
 * Sends an invoice or a reminder: the PDF (the same bytes as the PDF download) and, for a client
 * who takes e-invoices, the UBL XML attached; the subject and body from the template unless given.
 * The server's answer, accepted or refused, is recorded in one transaction and returned.
 */
export async function sendInvoiceEmail(deps: EmailDeps, id: number, input: SendInput, language: Language): Promise<InvoiceEmailRecord> {
  const kind = input.kind ?? 'invoice';
  const sender = await senderOf(deps);
  if (!sender) throw new AppError('emailNotConfigured', { messageKey: 'email.errors.notConfigured' });
  const facts = await invoiceFacts(deps.db, id, kind);
  // the invoice read once for the checks, the PDF and the XML, and the PDF rendered once: the XML
  // embeds the very PDF attached beside it
  const { view, fileName, pdf } = await invoicePdf(deps.db, id, facts.language, facts.sources);
  const attachments: OutgoingMessage['attachments'] = [{ filename: fileName, content: pdf, contentType: 'application/pdf' }];
  if (facts.eInvoice) {
    const { number, xml } = await renderEInvoice(deps.db, id, facts.language, { pdf, sources: facts.sources });
    attachments.push({ filename: xmlName(number), content: Buffer.from(xml, 'utf8'), contentType: 'application/xml' });
  }
  const template = await templateFor(deps.db, facts.language, facts.templateKind);
  const values = placeholderValues(view);
  const subject = input.subject?.trim() ? input.subject.trim() : fill(template.subject, values, true);
  const body = input.body?.trim() ? input.body : fill(template.body, values, false);
  const message: OutgoingMessage = {
    from: { name: sender.fromName.replace(/[\r\n]+/g, ' '), address: sender.fromAddress },
    to: input.to,
    cc: input.cc ?? [],
    bcc: sender.bcc,
    replyTo: sender.replyTo,
    subject,
    text: body,
    attachments,
  };
  const outcome = await deliver(sender.server, message, deps.trust);
  const row = await repo.recordSending(deps.db, {
    invoice_id: id,
    kind,
    language: facts.language,
    status: outcome.ok ? 'SENT' : 'FAILED',
    recipients: JSON.stringify(message.to),
    cc: JSON.stringify(message.cc),
    bcc: message.bcc,
    subject,
    body,
    attachments: JSON.stringify(attachments.map((a) => a.filename)),
    message_id: outcome.ok ? outcome.messageId : null,
    error_code: outcome.ok ? null : outcome.code,
    server_response: outcome.serverResponse,
    created_at: nowIso(),
  });
  return toRecord(row, language);
}

export async function emailsOf(db: Db, id: number, language: Language): Promise<InvoiceEmailRecord[]> {
  await loadPrintSources(db, id); // 404 for an unknown invoice
  return (await repo.recordsOf(db, id)).map((row) => toRecord(row, language));
}

function toRecord(row: repo.RecordRow, language: Language): InvoiceEmailRecord {
  const errorCode = row.error_code as InvoiceEmailRecord['errorCode'];
  return {
    id: row.id,
    invoiceId: row.invoice_id,
    kind: row.kind as EmailKind,
    language: row.language as Language,
    status: row.status as InvoiceEmailRecord['status'],
    to: JSON.parse(row.recipients) as string[],
    cc: JSON.parse(row.cc) as string[],
    bcc: row.bcc,
    subject: row.subject,
    body: row.body,
    attachments: JSON.parse(row.attachments) as string[],
    messageId: row.message_id,
    errorCode,
    reason: errorCode ? translate(language, `email.failure.${errorCode}`) : null,
    serverResponse: row.server_response,
    createdAt: row.created_at,
  };
}
