import nodemailer from 'nodemailer';
import type { EmailFailure } from '@faktura/shared';
import type { SmtpServer } from '../../config';

/** Limits of one sending: a server that does not answer fails it instead of holding the request. */
export const SMTP_TIMEOUTS = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 20_000, totalMs: 45_000 };

export interface OutgoingMessage {
  from: { name: string; address: string };
  to: string[];
  cc: string[];
  bcc: string | null;
  replyTo: string | null;
  subject: string;
  /** Plain text only: nothing in an e-mail is ever read as HTML. */
  text: string;
  attachments: { filename: string; content: Buffer; contentType: string }[];
}

export type Delivery =
  | { ok: true; messageId: string; serverResponse: string | null }
  | { ok: false; code: EmailFailure; serverResponse: string | null };

/** Extra trust for the server's certificate (tests trust their own self-signed one). */
export interface TransportTrust {
  ca?: string | undefined;
}

/**
 * Hands one message to the SMTP server through nodemailer and says what the server answered. It
 * never throws: every failure becomes a reason code. Sockets are asynchronous and every phase has
 * a timeout, so a slow server never blocks the event loop or holds the request for long.
 */
export async function deliver(server: SmtpServer, message: OutgoingMessage, trust: TransportTrust = {}): Promise<Delivery> {
  const transport = nodemailer.createTransport({
    host: server.host,
    port: server.port,
    secure: server.security === 'tls',
    requireTLS: server.security === 'starttls',
    ignoreTLS: server.security === 'none',
    ...(server.username ? { auth: { user: server.username, pass: server.password ?? '' } } : {}),
    connectionTimeout: SMTP_TIMEOUTS.connectionMs,
    greetingTimeout: SMTP_TIMEOUTS.greetingMs,
    socketTimeout: SMTP_TIMEOUTS.socketMs,
    tls: { minVersion: 'TLSv1.2', ...(trust.ca ? { ca: trust.ca } : {}) },
    // nodemailer logs nothing (its logger would print the AUTH exchange)
    logger: false,
    debug: false,
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Delivery>((resolve) => {
    timer = setTimeout(() => resolve({ ok: false, code: 'timeout', serverResponse: null }), SMTP_TIMEOUTS.totalMs);
  });
  const send = transport
    .sendMail({
      from: message.from,
      to: message.to,
      ...(message.cc.length > 0 ? { cc: message.cc } : {}),
      ...(message.bcc ? { bcc: message.bcc } : {}),
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      subject: message.subject,
      text: message.text,
      attachments: message.attachments,
      // nodemailer would otherwise read a file path or URL given as an attachment; ours are buffers
      disableFileAccess: true,
      disableUrlAccess: true,
    })
    .then(
      (info): Delivery => {
        const rejected = (info.rejected ?? []).map(String);
        const response = rejected.length > 0 ? `${info.response ?? ''} (refused: ${rejected.join(', ')})` : (info.response ?? null);
        return { ok: true, messageId: info.messageId, serverResponse: clip(response) };
      },
      (error: unknown): Delivery => ({ ok: false, code: classify(error), serverResponse: clip(responseOf(error)) }),
    );
  try {
    return await Promise.race([send, timeout]);
  } finally {
    clearTimeout(timer);
    transport.close();
  }
}

type SmtpError = { code?: string; responseCode?: number; command?: string; response?: string; message?: string; rejectedErrors?: unknown[] };

/** nodemailer's error codes, read as what a user can do about them. */
export function classify(error: unknown): EmailFailure {
  const e = (error ?? {}) as SmtpError;
  const message = e.message ?? '';
  switch (e.code) {
    case 'EAUTH':
    case 'ENOAUTH':
      return 'auth';
    case 'ETIMEDOUT':
      return 'timeout';
    case 'EENVELOPE':
      return e.command === 'RCPT TO' || (e.rejectedErrors?.length ?? 0) > 0 ? 'recipient' : 'rejected';
    case 'EMESSAGE':
      return 'rejected';
    case 'ETLS':
      return 'tls';
  }
  if (/certificate|self[- ]signed|ssl|tls|wrong version number/i.test(message)) return 'tls';
  if (['ECONNECTION', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPROTOCOL', 'EHOSTUNREACH', 'ENOTFOUND'].includes(e.code ?? '')) {
    return 'connection';
  }
  return 'unknown';
}

function responseOf(error: unknown): string | null {
  const e = (error ?? {}) as SmtpError;
  return e.response ?? e.message ?? null;
}

function clip(text: string | null): string | null {
  if (!text) return null;
  // one line, as the server said it, short enough for a list
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}
