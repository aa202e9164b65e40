import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type TestDatabase, createTestDatabase } from './harness';
import { type ServerProcess, removeServerBuild, startServer, stopServer } from './serverProcess';

/**
 * SIGTERM (systemctl stop, Ctrl-C) while a browser's request is under way: the answer is finished,
 * and the process ends moments later. Before, the browser's kept-alive connection held the server
 * open for Fastify's keep-alive time (72 s), so a stop waited a minute or was killed.
 */
const ADMIN = { email: 'stop@test.hr', password: 'stop test password' };
let testDb: TestDatabase;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  testDb = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-stop-'));
});
afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  await testDb.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await removeServerBuild();
});

it('ends moments after SIGTERM when an answer was under way on a kept-alive connection, and the answer arrives whole', async () => {
  server = await startServer({
    FAKTURA_DATA_DIR: dataDir,
    FAKTURA_SECRET: 'stop-test-secret-stop-test-secret-stop-test',
    FAKTURA_ADMIN_EMAIL: ADMIN.email,
    FAKTURA_ADMIN_PASSWORD: ADMIN.password,
    ...(testDb.url ? { DATABASE_URL: testDb.url } : {}),
  });
  await server.ready;
  const signedIn = await fetch(`${server.url}/api/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  const token = ((await signedIn.json()) as { data: { token: { cryptogram: string } } }).data.token.cryptogram;

  // a browser's connection: kept alive after its answer
  const agent = new http.Agent({ keepAlive: true });
  const { port } = server;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const answerOf = (request: http.ClientRequest) =>
    new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      request.on('response', (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      });
      request.on('error', reject);
    });
  try {
    const first = http.get({ host: '127.0.0.1', port, path: '/api/v1/health', agent, headers });
    expect((await answerOf(first)).status).toBe(200);
    // a request under way when the signal comes: its headers are in, its body still coming (a slow
    // link), on the same kept-alive connection
    const body = JSON.stringify({ line1: '', city: '', postalCode: '', countryCode: 'HR' });
    const underWay = http.request({ host: '127.0.0.1', port, path: '/api/v1/address', method: 'POST', agent, headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) } });
    const answered = answerOf(underWay);
    underWay.write(body.slice(0, 10));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stoppedAt = Date.now();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    underWay.end(body.slice(10));
    const { status, body: answer, connection } = await answered;
    // answered whole (the address is refused: its fields are empty), kept alive as the browser asked
    expect(status).toBe(400);
    expect(() => JSON.parse(answer) as unknown).not.toThrow();
    expect(connection).toBe('keep-alive');
    // ended in moments, not after the 72 s of a kept-alive connection
    const ended = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running after 15 s'), 15_000))]);
    expect(ended).toBe(0);
    expect(Date.now() - stoppedAt).toBeLessThan(10_000);
  } finally {
    agent.destroy();
  }
}, 60_000);
