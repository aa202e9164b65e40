import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A self-signed certificate for localhost (valid until 2126), which the app is told to trust. */
export const TEST_CERT = fs.readFileSync(path.join(import.meta.dirname, 'test-smtp.crt'), 'utf8');
const TEST_KEY = fs.readFileSync(path.join(import.meta.dirname, 'test-smtp.key'), 'utf8');

export interface Received {
  envelope: { from: string; to: string[] };
  raw: Buffer;
  mail: ParsedMail;
}

export interface TestSmtp {
  port: number;
  received: Received[];
  logins: string[];
  close: () => Promise<void>;
}

/**
 * A real SMTP server in this process (smtp-server): `tls` serves TLS from the first byte (smtps),
 * `starttls` offers the upgrade and refuses mail without it, `none` speaks plain SMTP. With `auth`
 * it requires that user and password and refuses any other.
 */
export async function startSmtp(options: {
  security: 'tls' | 'starttls' | 'none';
  auth?: { user: string; pass: string };
  refuseRecipient?: string;
}): Promise<TestSmtp> {
  const received: Received[] = [];
  const logins: string[] = [];
  const server = new SMTPServer({
    secure: options.security === 'tls',
    ...(options.security === 'none' ? {} : { key: TEST_KEY, cert: TEST_CERT }),
    disabledCommands: [...(options.security === 'none' ? ['STARTTLS'] : []), ...(options.auth ? [] : ['AUTH'])],
    authOptional: !options.auth,
    allowInsecureAuth: false,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push(auth.username ?? '');
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(Object.assign(new Error('Authentication credentials invalid'), { responseCode: 535 }));
      }
    },
    onMailFrom(_address, session, callback) {
      if (options.security === 'starttls' && !session.secure) {
        callback(Object.assign(new Error('Must issue a STARTTLS command first'), { responseCode: 530 }));
        return;
      }
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (address.address === options.refuseRecipient) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        simpleParser(raw).then(
          (mail) => {
            const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
            received.push({ envelope: { from, to: session.envelope.rcptTo.map((r) => r.address) }, raw, mail });
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  // a client that gives up (an untrusted certificate) is an error of that connection, not of the test run
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    logins,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port on which nothing listens: the address of an unreachable server. */
export async function closedPort(): Promise<number> {
  const net = await import('node:net');
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
