import { type EmailFailure, type Language, translate } from '@faktura/shared';
import { AppError } from '../../http/errors';
import { type EmailDeps, senderOf } from './email.settings';
import { deliver } from './email.transport';

/** A document other than an invoice (a quote, decision 043), as its module composes it. */
export interface DocumentMessage {
  to: string[];
  cc: string[];
  subject: string;
  body: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export type DocumentSending =
  | { ok: true; messageId: string; bcc: string | null }
  | { ok: false; code: EmailFailure; reason: string; bcc: string | null };

/**
 * Sends a document by the configured server and sender, as invoices are sent (the same transport,
 * sender, reply-to and bcc); 409 emailNotConfigured without a server. Never throws for the server's
 * refusal: the reason comes back in `language`, and the caller records what it needs.
 */
export async function sendDocumentEmail(deps: EmailDeps, message: DocumentMessage, language: Language): Promise<DocumentSending> {
  const sender = await senderOf(deps);
  if (!sender) throw new AppError('emailNotConfigured', { messageKey: 'email.errors.notConfigured' });
  const outcome = await deliver(
    sender.server,
    {
      from: { name: sender.fromName.replace(/[\r\n]+/g, ' '), address: sender.fromAddress },
      to: message.to,
      cc: message.cc,
      bcc: sender.bcc,
      replyTo: sender.replyTo,
      subject: message.subject.replace(/[\r\n]+/g, ' '),
      text: message.body,
      attachments: message.attachments,
    },
    deps.trust,
  );
  return outcome.ok
    ? { ok: true, messageId: outcome.messageId, bcc: sender.bcc }
    : { ok: false, code: outcome.code, reason: translate(language, `email.failure.${outcome.code}`), bcc: sender.bcc };
}
