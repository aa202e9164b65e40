import { type Language, formatDate, formatMoney, type quoteEmailInputSchema, translate } from '@faktura/shared';
import type { z } from 'zod';
import { type EmailDeps, sendDocumentEmail } from '../email';
import type { Actor } from '../audit';
import { quotePdf } from './quote.print';
import { findQuote, getQuote, quoteNumber, recordSent } from './quote.service';

/**
 * Sends the quote by e-mail with its PDF, in the client's language (Croatian for a client in Croatia,
 * as its printout), by the server invoices go through; the subject and body from the quote's own
 * text unless given. Accepted by the server: a draft becomes SENT and the sending is audited (to whom,
 * the server's message id); refused: nothing changes and the reason comes back.
 */
export async function sendQuote(deps: EmailDeps, id: number, input: z.output<typeof quoteEmailInputSchema>, actor: Actor, language: Language) {
  const row = await findQuote(deps.db, id);
  const { view, fileName, pdf } = await quotePdf(deps.db, id, 'en');
  const own = view.language;
  const values = {
    number: quoteNumber(row),
    amount: formatMoney(row.total_cents, row.currency_code, own),
    validUntil: formatDate(row.valid_until, own),
    company: view.sender.title,
  };
  const subject = input.subject?.trim() ? input.subject.trim() : translate(own, 'quoteEmail.subject', values);
  const body = input.body?.trim() ? input.body : translate(own, 'quoteEmail.body', values);
  const outcome = await sendDocumentEmail(
    deps,
    { to: input.to, cc: input.cc ?? [], subject, body, attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }] },
    language,
  );
  if (outcome.ok) await recordSent(deps.db, id, actor, { to: input.to, cc: input.cc ?? [], messageId: outcome.messageId, language: own });
  return { status: outcome.ok ? ('SENT' as const) : ('FAILED' as const), reason: outcome.ok ? null : outcome.reason, quote: await getQuote(deps.db, id) };
}
