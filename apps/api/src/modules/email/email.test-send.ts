import { type Language, translate } from '@faktura/shared';
import type { emailTestResultSchema } from '@faktura/shared';
import type { z } from 'zod';
import { AppError } from '../../http/errors';
import { type EmailDeps, senderOf } from './email.settings';
import { deliver } from './email.transport';

export type TestResult = z.infer<typeof emailTestResultSchema>;

/** "Send test e-mail": a short message to the sender (or the address given), and the server's answer in plain words. */
export async function sendTestEmail(deps: EmailDeps, to: string | undefined, language: Language): Promise<TestResult> {
  const sender = await senderOf(deps);
  if (!sender) throw new AppError('emailNotConfigured', { messageKey: 'email.errors.notConfigured' });
  const recipient = to ?? sender.fromAddress;
  const outcome = await deliver(
    sender.server,
    {
      from: { name: sender.fromName.replace(/[\r\n]+/g, ' '), address: sender.fromAddress },
      to: [recipient],
      cc: [],
      bcc: null,
      replyTo: sender.replyTo,
      subject: translate(language, 'email.test.subject'),
      text: translate(language, 'email.test.body'),
      attachments: [],
    },
    deps.trust,
  );
  return {
    ok: outcome.ok,
    to: recipient,
    messageId: outcome.ok ? outcome.messageId : null,
    errorCode: outcome.ok ? null : outcome.code,
    reason: outcome.ok ? translate(language, 'email.test.ok', { to: recipient }) : translate(language, `email.failure.${outcome.code}`),
    serverResponse: outcome.serverResponse,
  };
}
