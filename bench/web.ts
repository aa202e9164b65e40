/**
 * Web benchmark (issue 9, goal P5): what the first route costs a browser, against a bare Vite +
 * React hello app built in the same run with the same Vite, plugin and React versions.
 *
 *   npm run build && npm run bench:web            (BENCH_WEB_ROUNDS=3 by default)
 *   BENCH_WEB_APP=/some/checkout npm run bench:web  (measure another build: its apps/api/dist/main.js)
 *   BENCH_WEB_ROUNDS=0 npm run bench:web            (the JS figures only, without Lighthouse)
 *   BENCH_WEB_REPORT=/tmp/lh npm run bench:web      (also keep each Lighthouse report there as JSON)
 *   BENCH_WEB_REPORT=/tmp/lh BENCH_WEB_TRACES=1 …   (and each run's trace and network log: bench/lantern.ts
 *                                                    prints the graph Lighthouse simulated the LCP from)
 *   BENCH_WEB_FILES=1 npm run bench:web             (also list every script each page loads, gzipped)
 *   BENCH_WEB_PAINT_ROUNDS=7 npm run bench:web      (rounds of P5r, the rows painted at 4x CPU; 0 skips it)
 *
 * - JS: every JavaScript response the page loads until the network is idle (Debian's Chromium via
 *   Playwright), each body gzipped here (level 9) so both sides are counted alike whatever the
 *   server sends; the bytes actually transferred are printed beside it.
 * - LCP: Lighthouse's mobile preset (simulated slow 4G and CPU throttling) in a fresh Chromium per
 *   run, rounds interleaved (hello, app, hello, app ...), medians. The app's page is /Invoices,
 *   signed in: the session is stored in that Chromium first, and Lighthouse keeps it. The hello
 *   and the stack floor are served as Faktura serves itself: precompressed, with its security
 *   headers (see serveHello); the bare hello, without them, is printed beside (P5h).
 *
 * A benchmark, not a test: it asserts nothing and CI does not run it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import lighthouse from 'lighthouse';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { addDays, todayInZagreb } from '@faktura/shared';
import { registerSecurityHeaders } from '../apps/api/src/http/security';
import { webScriptHashes } from '../apps/api/src/http/web';

const REPO = path.resolve(import.meta.dirname, '..');
const APP_ROOT = path.resolve(process.env.BENCH_WEB_APP ?? REPO);
const ROUNDS = Number(process.env.BENCH_WEB_ROUNDS ?? 3);
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const USER = { email: 'bench@faktura.test', password: 'bench-password-123' };
const INVOICES = 60; // more than the list's first page (50)

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const median = (values: number[]) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Brotli and gzip beside every text asset, as our own build does, so the hello page is served as well. */
function precompress(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const file = path.join(entry.parentPath, entry.name);
    if (!entry.isFile() || !/\.(js|css|html|svg)$/.test(file)) continue;
    const raw = fs.readFileSync(file);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
  }
}

const HELLO_MAIN =
  "import { StrictMode } from 'react';\nimport { createRoot } from 'react-dom/client';\n\nfunction App() {\n  return <h1>Hello, Vite + React</h1>;\n}\n\ncreateRoot(document.getElementById('root')).render(\n  <StrictMode>\n    <App />\n  </StrictMode>,\n);\n";

/**
 * The floor of the decided stack (not a goal's baseline, a reading aid): the hello page with what
 * every Faktura screen stands on and nothing of ours — React Router, Mantine's provider, app shell,
 * table, button and notifications with their CSS, i18next with react-i18next, SWR — showing one
 * translated heading and a table of rows from SWR. The gap between it and /Invoices is our code.
 */
const STACK_MAIN = `import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppShell, Button, MantineProvider, Table, Title } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import i18n from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import useSWR from 'swr';

void i18n.use(initReactI18next).init({ lng: 'hr', resources: { hr: { translation: { title: 'Računi', add: 'Novi račun' } } } });

function Page() {
  const { t } = useTranslation();
  const { data } = useSWR('rows', () => Promise.resolve([{ id: 1, name: 'Klijent d.o.o.', total: '125,00 €' }]));
  return (
    <>
      <Title order={2}>{t('title')}</Title>
      <Button>{t('add')}</Button>
      <Table>
        <Table.Tbody>
          {(data ?? []).map((row) => (
            <Table.Tr key={row.id}><Table.Td>{row.name}</Table.Td><Table.Td>{row.total}</Table.Td></Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <MantineProvider>
      <Notifications />
      <BrowserRouter>
        <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'sm' }} padding="md">
          <AppShell.Header>Faktura</AppShell.Header>
          <AppShell.Navbar>Računi</AppShell.Navbar>
          <AppShell.Main>
            <Routes><Route path="*" element={<Page />} /></Routes>
          </AppShell.Main>
        </AppShell>
      </BrowserRouter>
    </MantineProvider>
  </StrictMode>,
);
`;

/** The baseline: `npm create vite` (react template) reduced to one heading, built with our Vite; or the stack's floor. */
async function buildHello(main = HELLO_MAIN): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-bench-hello-'));
  fs.symlinkSync(path.join(REPO, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  fs.mkdirSync(path.join(dir, 'src'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html>\n<html lang="en">\n  <head>\n    <meta charset="UTF-8" />\n    <meta name="viewport" content="width=device-width, initial-scale=1.0" />\n    <title>Hello</title>\n  </head>\n  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/main.jsx"></script>\n  </body>\n</html>\n',
  );
  fs.writeFileSync(path.join(dir, 'src', 'main.jsx'), main);
  await build({ root: dir, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir: 'dist', emptyOutDir: true } });
  const dist = path.join(dir, 'dist');
  precompress(dist);
  return dist;
}

/**
 * Serves a built page precompressed, as Faktura serves itself; `sameHeaders` adds Faktura's own
 * security headers (apps/api/src/http/security.ts). They matter to Lighthouse: its load starts from
 * about:blank, and a page with `Cross-Origin-Opener-Policy` cannot take over that blank tab's
 * renderer, so Chromium commits it in a fresh browsing context group (~200 ms more simulated LCP for
 * the same hello page). A user arriving from another site or the new-tab page gets a fresh one
 * either way (docs/performance-web.md), so the baselines are measured with the same headers as the
 * app; the bare hello is printed beside them (P5h).
 */
async function serveHello(dist: string, sameHeaders = true): Promise<{ url: string; close: () => Promise<void> }> {
  const app = fastify();
  // exactly the app's headers: its CSP names the app's inline boot script by hash (harmless here)
  if (sameHeaders) registerSecurityHeaders(app, { scriptHashes: webScriptHashes(path.join(APP_ROOT, 'apps/web/dist')) });
  await app.register(fastifyStatic, { root: dist, preCompressed: true });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${port}/`, close: () => app.close() };
}

interface Faktura {
  origin: string;
  stop: () => void;
}

/** The built server on a port of its own, a fresh data directory and the demo data. */
async function startFaktura(): Promise<Faktura> {
  const main = path.join(APP_ROOT, 'apps/api/dist/main.js');
  if (!fs.existsSync(main)) throw new Error(`${main} is missing: run npm run build first`);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faktura-bench-web-'));
  const child: ChildProcess = spawn(process.execPath, [main], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', FAKTURA_DATA_DIR: dataDir, FAKTURA_DEMO: '1',
      FAKTURA_ADMIN_EMAIL: USER.email, FAKTURA_ADMIN_PASSWORD: USER.password, LOG_LEVEL: 'warn', DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 1200 || child.exitCode !== null) throw new Error('the Faktura server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, stop: () => child.kill('SIGTERM') };
}

async function api<T>(origin: string, method: string, url: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

/** Issues invoices through the API, as an operator would, so the list has a full first page. */
async function seedInvoices(origin: string): Promise<void> {
  const profile = await api<{ token: { cryptogram: string } }>(origin, 'POST', '/api/v1/login', undefined, { username: USER.email, password: USER.password });
  const token = profile.token.cryptogram;
  // business clients only: an invoice to a consumer must be fiscalized, which the demo does not set up
  const clients = (await api<{ id: number; kind?: string; contracts: { type: string; paymentDueDays: number }[] }[]>(origin, 'GET', '/api/v1/company', token)).filter((client) => client.kind !== 'CONSUMER');
  const items = await api<{ id: number; nameHr: string; unitPrice: number; currencyCode: string; unit: string; kpdCode: string | null }[]>(origin, 'GET', '/api/v1/lineItem', token);
  const euro = items.filter((item) => item.currencyCode === 'EUR');
  // the API dates an invoice the day it is issued in Zagreb (decision 026): in UTC it is still yesterday before 1 or 2 a.m.
  const today = todayInZagreb();
  const due = addDays(today, 15);
  for (let i = 0; i < INVOICES; i++) {
    const client = clients[i % clients.length]!;
    const item = euro[i % euro.length]!;
    await api(origin, 'POST', '/api/v1/invoice', token, {
      clientId: client.id, billingDate: today, deliveryDate: today, paymentDueDate: due, paymentMethod: 'WIRE',
      referenceNumber: null, extraInfo: null, contractType: client.contracts[0]?.type ?? 'SOW', contractDueDays: 15, operatorId: 1,
      lineItems: [{ id: item.id, quantity: 1 + (i % 5), description: item.nameHr, descriptionEn: null, price: item.unitPrice, unit: item.unit, currency: 'EUR', discountPercent: 0, kpdCode: item.kpdCode }],
    });
  }
}

/** Stores a signed-in session in the browser's default profile without loading any of the app's scripts. */
const SIGN_IN_SCRIPT = async ([email, password]: [string, string]) => {
  const response = await fetch('/api/v1/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: email, password }) });
  const body = (await response.json()) as { data: unknown };
  // runs in the page: its localStorage, which Node's types do not know
  const storage = (globalThis as unknown as { localStorage: { setItem: (key: string, value: string) => void } }).localStorage;
  storage.setItem('faktura.profile', JSON.stringify(body.data));
};

interface JsLoad {
  gzip: number;
  transferred: number;
  files: number;
}

/** A browser context with an empty cache, with a stored session when signed in (no app script loaded for it). */
async function freshContext(browser: Browser, origin: string, signedIn: boolean): Promise<BrowserContext> {
  const context = await browser.newContext();
  if (signedIn) {
    const page = await context.newPage();
    await page.goto(`${origin}/api/v1/health`);
    await page.evaluate(SIGN_IN_SCRIPT, [USER.email, USER.password] as [string, string]);
    await page.close();
  }
  return context;
}

/** Loads a page in a fresh context (empty cache) and counts the JavaScript it fetched. */
async function jsOfPage(browser: Browser, origin: string, pathname: string, signedIn: boolean, ready: string): Promise<JsLoad> {
  const context = await freshContext(browser, origin, signedIn);
  try {
    const page = await context.newPage();
    const responses: Promise<{ url: string; gzip: number; transferred: number }>[] = [];
    page.on('response', (response) => {
      if (!/javascript/.test(response.headers()['content-type'] ?? '')) return;
      responses.push(
        (async () => ({
          url: new URL(response.url()).pathname,
          gzip: zlib.gzipSync(await response.body(), { level: 9 }).length,
          transferred: (await response.request().sizes()).responseBodySize,
        }))(),
      );
    });
    await page.goto(`${origin}${pathname}`, { waitUntil: 'networkidle' });
    await page.locator(ready).first().waitFor();
    await page.waitForLoadState('networkidle');
    const all = await Promise.all(responses);
    if (process.env.BENCH_WEB_FILES) {
      // which files a page loads, largest first: where to look when the figure grows
      console.error(`${pathname}${signedIn ? ' (signed in)' : ''}:`);
      for (const r of [...all].sort((a, b) => b.gzip - a.gzip)) console.error(`  ${kib(r.gzip).padStart(10)}  ${r.url}`);
    }
    return { gzip: all.reduce((s, r) => s + r.gzip, 0), transferred: all.reduce((s, r) => s + r.transferred, 0), files: all.length };
  } finally {
    await context.close();
  }
}

/** What one Lighthouse run says of a page: its LCP and where the time before it goes. */
interface PageRun {
  lcp: number;
  fcp: number;
  /** The LCP Lighthouse observed in the page load it simulates from (unthrottled network and CPU). */
  observedLcp: number;
  /** Bytes sent, by resource type (Lighthouse's resource summary). */
  scriptBytes: number;
  cssBytes: number;
  otherBytes: number;
  /** Main-thread time on the throttled CPU, by Lighthouse's groups (ms). */
  scripting: number;
  styleLayout: number;
  otherWork: number;
}

type Lhr = { audits: Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }> };

function pageRun(lhr: Lhr): PageRun {
  const audit = (id: string) => lhr.audits[id];
  const items = (id: string) => audit(id)?.details?.items ?? [];
  const bytes = (type: string) => Number(items('resource-summary').find((item) => item.resourceType === type)?.transferSize ?? 0);
  const work = (group: string) => Number(items('mainthread-work-breakdown').find((item) => item.group === group)?.duration ?? 0);
  const allWork = items('mainthread-work-breakdown').reduce((sum, item) => sum + Number(item.duration ?? 0), 0);
  const scripting = work('scriptEvaluation') + work('scriptParseCompile') + work('garbageCollection');
  const styleLayout = work('styleLayout') + work('paintCompositeRender') + work('parseHTML');
  return {
    lcp: audit('largest-contentful-paint')?.numericValue ?? NaN,
    fcp: audit('first-contentful-paint')?.numericValue ?? NaN,
    observedLcp: Number(items('metrics')[0]?.observedLargestContentfulPaint ?? NaN),
    scriptBytes: bytes('script'),
    cssBytes: bytes('stylesheet'),
    otherBytes: bytes('total') - bytes('script') - bytes('stylesheet'),
    scripting,
    styleLayout,
    otherWork: allWork - scripting - styleLayout,
  };
}

/** Rounds of the "content painted" figure (P5r): cheap, so more of them than Lighthouse's. */
const PAINT_ROUNDS = Number(process.env.BENCH_WEB_PAINT_ROUNDS ?? 7);

/**
 * Milliseconds from navigation until `selector` (the page's content: the hello heading, the floor's
 * and the list's first table row) is in the page and a frame has been painted with it, in Chromium
 * with the CPU slowed 4x (as Lighthouse's mobile preset) and the local network, empty cache. What a
 * user waits for, where Lighthouse's LCP may pick any large element (on /Invoices a filter button
 * above the rows).
 */
async function contentPainted(browser: Browser, origin: string, pathname: string, signedIn: boolean, selector: string): Promise<number> {
  const context = await freshContext(browser, origin, signedIn);
  try {
    await context.addInitScript((wanted: string) => {
      // runs before the page's own scripts, when the document may still be empty: watch all of it
      const seen = new MutationObserver(() => {
        if (!document.querySelector(wanted)) return;
        seen.disconnect();
        // the next frame is the first painted with it
        requestAnimationFrame(() => setTimeout(() => performance.mark('bench:content-painted')));
      });
      seen.observe(document, { childList: true, subtree: true });
    }, selector);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${origin}${pathname}`);
    await page.waitForFunction(() => performance.getEntriesByName('bench:content-painted').length > 0, undefined, { timeout: 60_000 });
    return await page.evaluate(() => performance.getEntriesByName('bench:content-painted')[0]!.startTime);
  } finally {
    await context.close();
  }
}

/**
 * One Lighthouse mobile run in a Chromium of its own (empty cache), optionally signed in first.
 * Lighthouse now and then fails to record its trace (NO_NAVSTART): such a run is done again, up to
 * three times, rather than losing the whole benchmark.
 */
async function lcp(url: string, signIn: boolean): Promise<PageRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await lcpOnce(url, signIn);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof LighthouseRunError)) throw error;
      console.log(`  (Lighthouse run failed, again: ${error.message.slice(0, 120)})`);
    }
  }
}

class LighthouseRunError extends Error {}

async function lcpOnce(url: string, signIn: boolean): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    if (signIn) {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      const page = await browser.contexts()[0]!.newPage();
      await page.goto(new URL('/api/v1/health', url).href);
      await page.evaluate(SIGN_IN_SCRIPT, [USER.email, USER.password] as [string, string]);
      await page.close();
      await browser.close(); // disconnects; the browser and its storage stay
    }
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true });
    if (process.env.BENCH_WEB_REPORT && result) {
      fs.mkdirSync(process.env.BENCH_WEB_REPORT, { recursive: true });
      const name = `${signIn ? 'invoices' : 'hello'}-${Date.now()}`;
      fs.writeFileSync(path.join(process.env.BENCH_WEB_REPORT, `${name}.json`), JSON.stringify(result.lhr));
      if (process.env.BENCH_WEB_TRACES) {
        // what Lighthouse's model (Lantern) simulates from: bench/lantern.ts reads the graph's timings off it
        const { Trace, DevtoolsLog, GatherContext, URL: urls, SourceMaps } = result.artifacts;
        fs.writeFileSync(path.join(process.env.BENCH_WEB_REPORT, `${name}.artifacts.json`), JSON.stringify({ Trace, DevtoolsLog, GatherContext, URL: urls, SourceMaps, settings: result.lhr.configSettings }));
      }
    }
    const audit = result?.lhr.audits['largest-contentful-paint'];
    if (!result || !audit || typeof audit.numericValue !== 'number') throw new LighthouseRunError(`Lighthouse measured no LCP for ${url}: ${JSON.stringify(result?.lhr.runtimeError)}`);
    return pageRun(result.lhr as unknown as Lhr);
  } finally {
    chrome.kill();
  }
}

interface Row {
  id: string;
  what: string;
  value: string;
  baseline: string;
  ratio: number | null;
  goal: number | null;
}

function printRows(rows: Row[]): void {
  const table = rows.map((r) => [r.id, r.what, r.value, r.baseline, r.ratio === null ? '' : `${r.ratio.toFixed(2)}x`, r.goal === null ? '' : `≤ ${r.goal}x`, r.goal === null || r.ratio === null ? '' : r.ratio <= r.goal ? 'yes' : 'NO']);
  const head = ['id', 'what', 'value', 'baseline', 'ratio', 'goal', 'met'];
  const widths = head.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));
}

/**
 * Where each page's LCP goes (medians of the rounds, Lighthouse's simulated mobile): what is sent
 * and the main thread's work on the throttled CPU. The gap between the stack floor and /Invoices is
 * what our code costs.
 */
function printBreakdown(pages: [string, PageRun[]][]): void {
  const med = (runs: PageRun[], pick: (run: PageRun) => number) => median(runs.map(pick));
  const ms = (value: number) => `${Math.round(value)} ms`;
  console.log('\nWhere the LCP goes (medians; bytes as sent, main thread on the 4x-throttled CPU; "observed": the unthrottled load it simulates from):');
  const head = ['page', 'FCP', 'LCP', 'LCP observed', 'JS sent', 'CSS sent', 'other sent', 'scripting', 'style+layout+paint', 'other work'];
  const rows = pages.map(([name, runs]) => [
    name, secs(med(runs, (r) => r.fcp)), secs(med(runs, (r) => r.lcp)), ms(med(runs, (r) => r.observedLcp)),
    kib(med(runs, (r) => r.scriptBytes)), kib(med(runs, (r) => r.cssBytes)), kib(med(runs, (r) => r.otherBytes)),
    ms(med(runs, (r) => r.scripting)), ms(med(runs, (r) => r.styleLayout)), ms(med(runs, (r) => r.otherWork)),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}

async function main(): Promise<void> {
  console.log(`bench:web — app ${APP_ROOT}, ${ROUNDS} Lighthouse rounds, Chromium ${CHROMIUM}, ${os.cpus().length} cores`);
  const helloDist = await buildHello();
  const hello = await serveHello(helloDist);
  const bareHello = await serveHello(helloDist, false);
  const stackDist = await buildHello(STACK_MAIN);
  const stack = await serveHello(stackDist);
  const faktura = await startFaktura();
  try {
    await seedInvoices(faktura.origin);
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS.filter((f) => f !== '--headless=new') });
    let js: Record<'hello' | 'stack' | 'login' | 'invoices' | 'dashboard', JsLoad>;
    const painted: Record<'hello' | 'stack' | 'invoices', number[]> = { hello: [], stack: [], invoices: [] };
    try {
      js = {
        hello: await jsOfPage(browser, hello.url.slice(0, -1), '/', false, 'h1'),
        stack: await jsOfPage(browser, stack.url.slice(0, -1), '/', false, 'table tbody tr'),
        login: await jsOfPage(browser, faktura.origin, '/', false, 'form'),
        invoices: await jsOfPage(browser, faktura.origin, '/Invoices', true, 'table tbody tr'),
        dashboard: await jsOfPage(browser, faktura.origin, '/', true, '.recharts-surface'),
      };
      for (let round = 0; round < PAINT_ROUNDS; round++) {
        painted.hello.push(await contentPainted(browser, hello.url.slice(0, -1), '/', false, 'h1'));
        painted.stack.push(await contentPainted(browser, stack.url.slice(0, -1), '/', false, 'table tbody tr td'));
        painted.invoices.push(await contentPainted(browser, faktura.origin, '/Invoices', true, 'table tbody tr td'));
      }
    } finally {
      await browser.close();
    }
    const helloRuns: PageRun[] = [];
    const bareRuns: PageRun[] = [];
    const stackRuns: PageRun[] = [];
    const appRuns: PageRun[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      helloRuns.push(await lcp(hello.url, false));
      bareRuns.push(await lcp(bareHello.url, false));
      stackRuns.push(await lcp(stack.url, false));
      appRuns.push(await lcp(`${faktura.origin}/Invoices`, true));
      console.log(`  round ${round + 1}: LCP hello ${secs(helloRuns.at(-1)!.lcp)} (bare ${secs(bareRuns.at(-1)!.lcp)}), stack floor ${secs(stackRuns.at(-1)!.lcp)}, /Invoices ${secs(appRuns.at(-1)!.lcp)}`);
    }
    const lcps = (runs: PageRun[]) => runs.map((run) => run.lcp);
    const jsRow = (id: string, what: string, load: JsLoad, goal: number | null): Row => ({
      id, what, value: `${kib(load.gzip)} (${load.files} files, ${kib(load.transferred)} sent)`,
      baseline: `${kib(js.hello.gzip)} (${js.hello.files} files, ${kib(js.hello.transferred)} sent)`, ratio: load.gzip / js.hello.gzip, goal,
    });
    const [h, b, f, a] = [median(lcps(helloRuns)), median(lcps(bareRuns)), median(lcps(stackRuns)), median(lcps(appRuns))];
    console.log('');
    printRows([
      jsRow('P5', 'gzipped JS loaded by /Invoices (signed in)', js.invoices, 2.5),
      ...(ROUNDS > 0
        ? [
            { id: 'P5', what: 'Lighthouse mobile LCP of /Invoices (signed in), median; hello with the same headers', value: secs(a), baseline: secs(h), ratio: a / h, goal: 1.5 },
            { id: 'P5h', what: 'the same against the hello without them (no COOP: reuses about:blank\'s renderer)', value: secs(a), baseline: secs(b), ratio: a / b, goal: null },
          ]
        : []),
      ...(PAINT_ROUNDS > 0
        ? [
            { id: 'P5r', what: 'first invoice rows painted on /Invoices (4x CPU, local network), median', value: `${Math.round(median(painted.invoices))} ms`, baseline: `${Math.round(median(painted.hello))} ms (heading)`, ratio: median(painted.invoices) / median(painted.hello), goal: null },
            { id: 'P5r', what: 'first row painted by the stack floor (4x CPU, local network), median', value: `${Math.round(median(painted.stack))} ms`, baseline: `${Math.round(median(painted.hello))} ms (heading)`, ratio: median(painted.stack) / median(painted.hello), goal: null },
          ]
        : []),
      jsRow('P5f', 'gzipped JS of the stack floor (Router, Mantine, i18next, SWR; no code of ours)', js.stack, null),
      ...(ROUNDS > 0 ? [{ id: 'P5f', what: 'Lighthouse mobile LCP of the stack floor, median', value: secs(f), baseline: secs(h), ratio: f / h, goal: null }] : []),
      jsRow('P5i', 'gzipped JS loaded by the sign-in page (/)', js.login, null),
      jsRow('P5i', 'gzipped JS loaded by the dashboard (/, signed in)', js.dashboard, null),
    ]);
    if (ROUNDS > 0) printBreakdown([['hello', helloRuns], ['hello, bare', bareRuns], ['stack floor', stackRuns], ['/Invoices', appRuns]]);
  } finally {
    faktura.stop();
    await hello.close();
    await bareHello.close();
    await stack.close();
    fs.rmSync(path.dirname(helloDist), { recursive: true, force: true });
    fs.rmSync(path.dirname(stackDist), { recursive: true, force: true });
  }
}

await main();
