import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { type APIRequestContext, type Locator, type Page, expect, test as base } from '@playwright/test';
import { logSince, logSize, summarizeServerLog } from './serverLog';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
/** The operator the journeys' server is started with (FAKTURA_ADMIN_EMAIL / _PASSWORD). */
export const E2E_USER = { email: 'e2e@faktura.test', password: 'e2e-password-123', name: 'E2e' };

/**
 * The port of the journeys' server of a Playwright worker: E2E_PORT for the first, then past the
 * first-start journey's own (E2E_PORT + 1).
 */
export function journeyPort(parallelIndex: number): number {
  return parallelIndex === 0 ? E2E_PORT : E2E_PORT + 1 + parallelIndex;
}

/**
 * Starts the built server (API + web on one port) with a fresh SQLite database of its own, as a user
 * runs it: demo data, the journeys' operator, the real HNB never asked (nothing listens at its URL,
 * so the form says the list is not available).
 */
async function startJourneyServer(port: number, dataDir: string): Promise<{ url: string; stop: () => Promise<void> }> {
  // the server's log (each request asked and answered, every warning) goes to a file in its data
  // directory: a failed journey prints what of it fell in the journey (serverLog.ts)
  const logFile = serverLogFile(dataDir);
  const out = fs.openSync(logFile, 'a', 0o600);
  const child = spawn(process.execPath, ['apps/api/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      FAKTURA_DATA_DIR: dataDir,
      FAKTURA_ADMIN_EMAIL: E2E_USER.email,
      FAKTURA_ADMIN_PASSWORD: E2E_USER.password,
      FAKTURA_DEMO: '1',
      LOG_LEVEL: 'debug',
      DATABASE_URL: '',
      FAKTURA_HNB_URL: 'https://127.0.0.1:9/tecajn-eur/v3',
    },
    stdio: ['ignore', out, 'pipe'],
  });
  fs.closeSync(out);
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    fs.appendFileSync(logFile, chunk);
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the journeys' server on port ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/v1/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the journeys' server on port ${port} did not answer within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
/** Where the journeys' server of a data directory writes its log. */
const serverLogFile = (dataDir: string) => path.join(dataDir, 'server.log');

/** The OIB the demo gives its operator (apps/api/src/db/seed.ts): e-invoices are not issued without one. */
export const DEMO_OPERATOR_OIB = '24680135792';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The journeys' `test`: besides Playwright's own, it fails a journey in which any screen asked for a
 * text that was not loaded (the app says so on the console, apps/web/src/lib/i18n.ts): every screen
 * and dialog must load the texts it shows with its code, never show a key, not even for a moment.
 */
export const test = base.extend<{ textsLoaded: void; premisesPutBack: void; serverLogOnFailure: void }, { journeyServer: string }>({
  // Each Playwright worker has a server and a database of its own (playwright.config.ts: workers), so
  // journeys in two workers never see each other's records; withE2eDatabase opens this worker's file.
  journeyServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const root = process.env.E2E_DATA_DIR;
      if (!root) throw new Error('E2E_DATA_DIR is not set: the journeys run through playwright.config.ts');
      const dataDir = path.join(root, `worker-${workerInfo.parallelIndex}`);
      // the user's alone, as the server asks of a data directory (it warns otherwise)
      fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
      const server = await startJourneyServer(journeyPort(workerInfo.parallelIndex), dataDir);
      process.env.E2E_WORKER_DATA_DIR = dataDir;
      try {
        await use(server.url);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', auto: true },
  ],
  baseURL: async ({ journeyServer }, use) => use(journeyServer),
  // A journey that failed says what its server did meanwhile: requests unanswered or slow, warnings
  // (the whole log of the journey is attached to its report).
  serverLogOnFailure: [
    async ({ journeyServer }, use, testInfo) => {
      // the worker's data directory, as journeyServer set it (withE2eDatabase reads the same)
      const file = serverLogFile(process.env.E2E_WORKER_DATA_DIR ?? '');
      const from = logSize(file);
      await use();
      if (testInfo.status === testInfo.expectedStatus) return;
      const text = logSince(file, from);
      await testInfo.attach('server log', { body: text, contentType: 'text/plain' });
      process.stderr.write(`${testInfo.title} (server ${journeyServer}): ${summarizeServerLog(text)}`);
    },
    { auto: true },
  ],
  // The journeys of a worker share its server, so one that numbers at premises of its own
  // (`usePremises`) puts POSL1 back in its `finally`; one that forgot made later journeys fail on
  // numbers like 3/DOST1/1 (d2c3eba). Checked after every journey, so it is the forgetful one that fails.
  premisesPutBack: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use();
      withE2eDatabase((db) => {
        const row = db.prepare('SELECT premises_code AS premises, device_code AS device FROM issuer WHERE id = 1').get();
        expect(row, 'the journey put the premises back to POSL1, device 1 (usePremises in its finally)').toEqual({ premises: 'POSL1', device: '1' });
      });
    },
    { auto: true },
  ],
  textsLoaded: [
    async ({ context }, use) => {
      const missing: string[] = [];
      const watch = (page: Page) =>
        page.on('console', (message) => {
          if (message.type() === 'error' && message.text().startsWith('Faktura: no text for')) missing.push(message.text());
        });
      context.pages().forEach(watch);
      context.on('page', watch);
      await use();
      expect(missing, 'texts asked for before they were loaded').toEqual([]);
    },
    { auto: true },
  ],
});

/** Signs in through the login form and waits for the shell. */
export async function signIn(
  page: Page,
  email = E2E_USER.email,
  password = E2E_USER.password,
): Promise<void> {
  await page.getByLabel(/^(E-mail)/).fill(email);
  await page.getByLabel(/^(Lozinka|Password)/).fill(password);
  await page.getByRole('button', { name: /^(Prijava|Log in)$/ }).click();
  // the first sign-in of a worker builds the screens' bundle cache: a loaded machine takes its time
  await expect(page.getByRole('navigation')).toBeVisible({ timeout: 60_000 });
}

/** Picks HR or EN in the language switch of the current screen. */
export async function chooseLanguage(page: Page, code: 'HR' | 'EN'): Promise<void> {
  await page
    .locator('label')
    .filter({ hasText: new RegExp(`^${code}$`) })
    .first()
    .click();
  // The switch takes effect (and is remembered) once the language's texts have downloaded, as a
  // user sees it: the screen changes language.
  await expect(page.locator('html')).toHaveAttribute('lang', code.toLowerCase());
}

/** Croatian month names in the genitive, as the calendar's day buttons write them ("5 ožujka 2026"). */
export const HR_MONTHS_GENITIVE = [
  'siječnja',
  'veljače',
  'ožujka',
  'travnja',
  'svibnja',
  'lipnja',
  'srpnja',
  'kolovoza',
  'rujna',
  'listopada',
  'studenoga',
  'prosinca',
];

/**
 * A full-page screenshot at 390 × 844 (a phone), taken once the shell has settled into its phone
 * layout (the navigation slides away) and the page does not scroll sideways; then back to `after`.
 */
export async function phoneScreenshot(
  page: Page,
  path: string,
  after = { width: 1280, height: 900 },
  options: { fullPage?: boolean } = { fullPage: true },
): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  // what sticks out past the right edge, innermost first, to name in the failure
  const overflowing = () =>
    page.evaluate(() => {
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth <= width) return [];
      // a table that scrolls inside itself is fine: only what is not clipped by such a box counts
      const clipped = (el: Element) => {
        for (let up = el.parentElement; up; up = up.parentElement)
          if (getComputedStyle(up).overflowX !== 'visible' && up.getBoundingClientRect().right <= width + 1)
            return true;
        return false;
      };
      const out = Array.from(document.querySelectorAll('body *')).filter(
        (el) => el.getBoundingClientRect().right > width + 1 && !clipped(el),
      );
      return out
        .filter((el) => !out.some((other) => other !== el && el.contains(other)))
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${Array.from(el.classList).join('.')} "${(el.textContent ?? '').slice(0, 40)}"`,
        );
    });
  await expect
    .poll(overflowing, { timeout: 10_000, message: 'nothing may stick out past a 390 px wide page' })
    .toEqual([]);
  // the navigation's slide-out transition (200 ms) has finished
  await page.waitForTimeout(400);
  await page.screenshot({ path, ...options });
  await page.setViewportSize(after);
}

/** The signed-in page's bearer token, as headers for API calls beside the browser (seeding, settings). */
export async function authHeaders(page: Page): Promise<Record<string, string>> {
  let stored: string | null;
  try {
    stored = await page.evaluate(() => localStorage.getItem('faktura.profile'));
  } catch (error) {
    // the page is gone (a journey that ran out of time): its `finally` still puts things back with the token it last had
    const last = lastHeaders.get(page);
    if (last && page.isClosed()) return last;
    throw error;
  }
  const profile = JSON.parse(stored ?? '{}') as { token: { cryptogram: string } };
  const headers = { authorization: `Bearer ${profile.token.cryptogram}` };
  lastHeaders.set(page, headers);
  return headers;
}
const lastHeaders = new WeakMap<Page, Record<string, string>>();

/** Numbers invoices at premises of the journey's own, so its dates never clash with another journey's. */
export async function usePremises(page: Page, request: APIRequestContext, premisesCode: string): Promise<void> {
  const res = await request.put('/api/v1/settings/pos', { headers: await authHeaders(page), data: { premisesCode, deviceCode: '1' } });
  expect(res.status()).toBe(200);
}

/** Reads `{ data }` of a GET as the signed-in operator. */
export async function apiData<T>(request: APIRequestContext, headers: Record<string, string>, path: string): Promise<T> {
  const res = await request.get(path, { headers });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** A client of the demo data by name. */
export async function demoClient(request: APIRequestContext, headers: Record<string, string>, name: string): Promise<{ id: number; name: string }> {
  const client = (await apiData<{ id: number; name: string }[]>(request, headers, '/api/v1/company')).find((c) => c.name === name);
  if (!client) throw new Error(`the demo data has no client ${name}`);
  return client;
}

/** A catalogue item of the demo data in this currency. */
export async function demoItem(request: APIRequestContext, headers: Record<string, string>, currency: 'EUR' | 'USD') {
  type Item = { id: number; nameHr: string; nameEn: string | null; unitPrice: number; unit: string; currencyCode: string };
  const item = (await apiData<Item[]>(request, headers, '/api/v1/lineItem')).find((i) => i.currencyCode === currency);
  if (!item) throw new Error(`the demo data has no item in ${currency}`);
  return item;
}

/** A line as spec §7's create call takes it; omitted fields are a plain line in euro without a discount. */
export interface ApiLine {
  description: string;
  quantity: number;
  price: number;
  id?: number | null;
  descriptionEn?: string | null;
  unit?: string;
  currency?: string;
  discountPercent?: number;
  kpdCode?: string | null;
}

/**
 * Creates an invoice through the API as the signed-in operator: issued unless `draft`, supplied and
 * due today unless told otherwise, paid by transfer. It sends no date of issue: the server dates what
 * it issues today (decision 026). Fails the test with the server's answer when refused.
 */
export async function createInvoiceThroughApi(
  request: APIRequestContext,
  headers: Record<string, string>,
  invoice: { clientId: number; lineItems: ApiLine[]; deliveryDate?: string; paymentDueDate?: string } & Record<string, unknown>,
): Promise<{ id: number; number: string }> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date());
  const res = await request.post('/api/v1/invoice', {
    headers,
    data: {
      deliveryDate: today,
      paymentDueDate: today,
      paymentMethod: 'WIRE',
      ...invoice,
      lineItems: invoice.lineItems.map((line) => ({ id: null, descriptionEn: null, unit: 'HOURLY', currency: 'EUR', discountPercent: 0, ...line })),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { id: number; number: string } }).data;
}

/**
 * Makes an issued invoice overdue: moves its due date to yesterday straight in the journeys' SQLite
 * file. The server dates everything it issues today and refuses a due date before the day of issue
 * (decision 026), so no API call can make an invoice that is already overdue; a journey that needs
 * one (the dashboard's overdue table, reminders) issues it today and then ages it here. Only
 * `payment_due_date` changes, which no stored total or month count depends on.
 */
export function makeOverdueInDatabase(invoiceId: number, dueDate = yesterdayInZagreb()): void {
  withE2eDatabase((db) => {
    const changed = db.prepare('UPDATE invoice SET payment_due_date = ? WHERE id = ?').run(dueDate, invoiceId).changes;
    expect(changed, `invoice ${invoiceId} in the e2e database`).toBe(1);
  });
}

/**
 * Dates an issued invoice in euro on an earlier `day`, straight in the journeys' SQLite file, as if it
 * had been issued then. The server dates everything it issues today (decision 026; the API tests run
 * its clock with `onDay` instead, which a journey against the built server cannot), yet some screens
 * are about what was issued before: the rent filter lists clients whose last rent invoice is from an
 * earlier month. The invoice's share of the stored month totals (`invoice_month_total`, which the
 * dashboard and the list's count read) moves with it in the same transaction, so they stay true.
 */
export function issuedOnDayInDatabase(invoiceId: number, day: string): void {
  withE2eDatabase((db) =>
    db.transaction(() => {
      const row = db
        .prepare('SELECT billing_date, state, total_cents, eur_fx_rate FROM invoice WHERE id = ?')
        .get(invoiceId) as { billing_date: string; state: string; total_cents: number; eur_fx_rate: string | null } | undefined;
      if (!row) throw new Error(`invoice ${invoiceId} is not in the e2e database`);
      if (row.state !== 'PUBLISHED' || row.eur_fx_rate) throw new Error(`invoice ${invoiceId} is not an issued invoice in euro`);
      db.prepare('UPDATE invoice SET billing_date = ? WHERE id = ?').run(day, invoiceId);
      const share = db.prepare(
        `INSERT INTO invoice_month_total (year, month, state, eur_cents, documents) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (year, month, state) DO UPDATE SET eur_cents = eur_cents + excluded.eur_cents, documents = documents + excluded.documents`,
      );
      const month = (iso: string) => [Number(iso.slice(0, 4)), Number(iso.slice(5, 7))];
      share.run(...month(row.billing_date), row.state, -Number(row.total_cents), -1);
      share.run(...month(day), row.state, Number(row.total_cents), 1);
    })(),
  );
}

/**
 * Forgets Settings > Fiscalization (mode, certificate, addresses) straight in the journeys' SQLite file,
 * as on a fresh install: no API removes an uploaded certificate, and the journey that walks the
 * settings screen starts from none. The documents' fiscalization records stay.
 */
export function forgetFiscalSettingsInDatabase(): void {
  withE2eDatabase((db) => {
    db.prepare('DELETE FROM fiscal_settings').run();
  });
}

/** Runs `work` on the SQLite file of this worker's journeys' server (`$E2E_DATA_DIR/worker-N/faktura.sqlite`). */
function withE2eDatabase(work: (db: Database.Database) => void): void {
  const dataDir = process.env.E2E_WORKER_DATA_DIR;
  if (!dataDir) throw new Error("this worker's journeys' server has not started (the journeyServer fixture of support.ts)");
  const db = new Database(path.join(dataDir, 'faktura.sqlite'));
  try {
    db.pragma('busy_timeout = 10000');
    work(db);
  } finally {
    db.close();
  }
}

/** Yesterday in Croatia, as `yyyy-MM-dd`. */
function yesterdayInZagreb(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** A draft invoice for a demo client, as the signed-in operator; `remove` deletes it again (a draft may be). */
export async function demoDraft(page: Page, clientName: string, line: ApiLine) {
  const headers = await authHeaders(page);
  const client = await demoClient(page.request, headers, clientName);
  const draft = await createInvoiceThroughApi(page.request, headers, { draft: true, clientId: client.id, lineItems: [line] });
  const remove = async () => {
    const removed = await page.request.delete(`/api/v1/invoice/${draft.id}`, { headers });
    expect(removed.status()).toBe(200);
  };
  return { client, draft, remove };
}

/** The toast (Mantine notification) that contains the given text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('.mantine-Notifications-root').getByRole('alert').filter({ hasText: text });
}

/** A Mantine select: open it, type to filter when it is searchable, pick the option. */
export async function pick(page: Page, input: Locator, option: string, typed?: string): Promise<void> {
  await input.click();
  if (typed !== undefined) await input.fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(input).toHaveValue(option);
}
