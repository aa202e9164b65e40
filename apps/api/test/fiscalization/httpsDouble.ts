import type { IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestIdentity } from './pki';

/**
 * What the doubles of the Tax Administration's services share: an HTTPS server with a certificate
 * from the test CA that reads each POSTed body whole and answers what `handle` says, and that can be
 * stopped and started again on the same port to play an outage.
 */
export abstract class HttpsDouble {
  private server: https.Server | null = null;
  port = 0;

  protected constructor(private readonly tlsIdentity: TestIdentity) {}

  /** Answers a request: its body, headers and the path it was posted to. */
  protected abstract handle(body: string, headers: IncomingHttpHeaders, path: string): Promise<{ status: number; body: string | Buffer; contentType?: string }>;

  async start(): Promise<void> {
    const server = https.createServer({ key: this.tlsIdentity.keyPem, cert: this.tlsIdentity.certificatePem }, (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        void this.handle(Buffer.concat(chunks).toString('utf8'), request.headers, request.url ?? '/').then(({ status, body, contentType }) => {
          response.writeHead(status, { 'Content-Type': contentType ?? 'text/xml; charset=utf-8' });
          response.end(body);
        });
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
