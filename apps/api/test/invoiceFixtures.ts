import { type CreditNoteCreate, addDays, todayInZagreb } from '@faktura/shared';
import { type SampleClientInput, sampleClientInput, sampleInvoiceRequest, sampleIssuerInput, sampleItemInput, sampleLine } from '@faktura/shared/samples';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { TEST_CERT, type TestSmtp, startSmtp } from './email/smtpServer';
import { type Harness, createHarness, dataOf } from './harness';

export const today = todayInZagreb();
export const daysAgo = (n: number) => addDays(today, -n);

/**
 * Runs `fn` as if it were 10:00 on `day` in Zagreb (today: at the real time): what the server issues then is dated that day
 * (decision 026), as an invoice issued on that day really was. Only `Date` is faked, so timers and
 * I/O run as usual; the harness's token must have been used once before (the server remembers a
 * verified token, and a token signed later than the faked day would be refused as not yet issued).
 */
export async function onDay<T>(day: string, fn: () => Promise<T>): Promise<T> {
  // today is today: 10:00 of it may still lie hours ahead (a run after midnight in Zagreb), and a
  // clock moved forward would find the harness's 15-minute token expired
  if (day === todayInZagreb()) return fn();
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${day}T09:00:00Z`) });
  try {
    return await fn();
  } finally {
    vi.useRealTimers();
  }
}

/** The dates of an invoice issued on `day` for work supplied that day, due `dueInDays` later. */
export function suppliedOn(day: string, dueInDays = 0) {
  return { deliveryDate: day, servicePeriod: null, paymentDueDate: addDays(day, dueInDays) };
}

/**
 * Shared set-up for invoice tests, from the shared samples (`@faktura/shared/samples`, as the demo
 * seed): the issuer, three clients (Croatian, German with a VAT number, American) and a catalogue.
 */
export async function seedInvoiceWorld(h: Harness, token: string, inVatSystem = true) {
  const put = await h.request('PUT', '/api/v1/settings/issuer', { token, body: sampleIssuerInput({ inVatSystem }) });
  if (put.statusCode !== 200) throw new Error(put.body);
  // each item with its KPD 2025 code: Croatian business clients get e-invoices, which need one on every line
  const item = async (kind: Parameters<typeof sampleItemInput>[0]) =>
    dataOf<{ id: number }>(await h.request('POST', '/api/v1/lineItem', { token, body: sampleItemInput(kind) })).id;
  return {
    hr: await createClient(h, token, sampleClientInput('domestic')),
    de: await createClient(h, token, sampleClientInput('eu')),
    us: await createClient(h, token, sampleClientInput('nonEu')),
    dev: await item('development'),
    rent: await item('rent'),
    usd: await item('review'),
  };
}

async function createClient(h: Harness, token: string, body: SampleClientInput): Promise<number> {
  const res = await h.request('POST', '/api/v1/company', { token, body });
  if (res.statusCode !== 201) throw new Error(res.body);
  return dataOf<{ id: number }>(res).id;
}

/** A line of `id` (a catalogue item's id) named "Stavka {id}"; `extra` may set any field, even a wrong one. */
export function line(id: number, price: number, quantity = 1, extra: Record<string, unknown> = {}) {
  return { ...sampleLine({ id, quantity, description: `Stavka ${id}`, descriptionEn: null, price }), ...extra };
}

/** A new invoice of `clientId` with these lines (billed two days ago, due in 13); `extra` may set any field. */
export function invoiceBody(clientId: number, lines: unknown[], extra: Record<string, unknown> = {}) {
  return { ...sampleInvoiceRequest(clientId), lineItems: lines, ...extra };
}

export type InvoiceWorld = Awaited<ReturnType<typeof seedInvoiceWorld>>;

/** A credit note as the world issues it: `lines` name the credited invoice's lines by position. */
export type SeedCreditNote = Omit<CreditNoteCreate, 'lines'> & { lines?: { line: number; quantity: number }[] };

/**
 * An invoice the world creates before the tests: the body, then what is done to it; or a credit
 * note for an invoice created earlier in the list (`creditNoteOf` names its key).
 */
export type SeedInvoice =
  | {
      body: unknown;
      /** The day it is issued (today unless given): see `onDay`. */
      on?: string;
      /** Cleared (`true`: today, or on the date given). */
      clear?: true | string;
      /** A credit note for it, issued at once. */
      creditNote?: SeedCreditNote;
    }
  | { creditNoteOf: string; creditNote: SeedCreditNote };

/**
 * Four issued invoices across two years, as a list and a dashboard see them: a Croatian one of last
 * June, a German rent overdue for 20 days, an American one in dollars and a Croatian one cleared.
 */
export function mixedYear(w: InvoiceWorld): Record<'lastYear' | 'overdueRent' | 'dollars' | 'cleared', SeedInvoice> {
  const year = Number(today.slice(0, 4));
  return {
    lastYear: { on: `${year - 1}-06-15`, body: invoiceBody(w.hr, [line(w.dev, 100)], suppliedOn(`${year - 1}-06-15`, 16)) },
    overdueRent: { on: daysAgo(40), body: invoiceBody(w.de, [line(w.rent, 800)], suppliedOn(daysAgo(40), 20)) },
    dollars: { body: invoiceBody(w.us, [line(w.usd, 1082.5, 1, { currency: 'USD' })], { eurFxRate: '1.0825' }) },
    cleared: { body: invoiceBody(w.hr, [line(w.dev, 45, 2)]), clear: true },
  };
}

/** The OIB the world's operator has unless a file says otherwise (a valid one: check digit 7). */
export const DEFAULT_OPERATOR_OIB = '69814562369';

export interface WorldOptions<C extends string, I extends string> {
  /** The issuer inside the VAT system (default) or outside it. */
  inVatSystem?: boolean;
  /**
   * The signed-in operator's OIB, which e-invoices name as who issued them (an e-invoice is not
   * issued without it); a valid one by default, null for an operator who has not entered one.
   */
  operatorOib?: string | null;
  /**
   * E-mail tests: the app trusts the test SMTP server's certificate, and `smtp(...)` starts a test
   * server that is closed after each test.
   */
  email?: boolean;
  /** More clients (the shared samples with overrides), created after the world's three; ids in `clients`. */
  clients?: Record<C, SampleClientInput>;
  /** Invoices created in this order, after the clients; ids and numbers in `invoices`. */
  invoices?: (w: InvoiceWorld & { clients: Record<C, number> }) => Record<I, SeedInvoice>;
  /** A step no option covers, run last (e.g. a client's contract replaced after its invoices). */
  seed?: (world: World<C, I>) => Promise<void>;
  /** Hands the world to a file that keeps its own `h`, `token` and `w`, once it is ready. */
  ready?: (world: World<C, I>) => void;
}

export interface World<C extends string = never, I extends string = never> {
  h: Harness;
  token: string;
  w: InvoiceWorld;
  clients: Record<C, number>;
  invoices: Record<I, { id: number; number: string | null }>;
  /** A test SMTP server, closed after the test (`email: true` only). */
  smtp: (options: Parameters<typeof startSmtp>[0]) => Promise<TestSmtp>;
}

/**
 * A file's invoice tests in one line: before them, a signed-in harness on a fresh database with the
 * invoice world seeded (and what the options add); after them, closed. The fields are there once the
 * tests run.
 */
export function useInvoiceWorld<C extends string = never, I extends string = never>(options: WorldOptions<C, I> = {}): World<C, I> {
  const servers: TestSmtp[] = [];
  const world = {
    clients: {},
    invoices: {},
    smtp: async (smtpOptions) => {
      if (!options.email) throw new Error('smtp() needs useInvoiceWorld({ email: true })');
      const server = await startSmtp(smtpOptions);
      servers.push(server);
      return server;
    },
  } as World<C, I>;
  beforeAll(async () => {
    world.h = await createHarness(options.email ? { smtpTrust: { ca: TEST_CERT } } : {});
    const { h } = world;
    world.token = (await h.login()).token;
    const { token } = world;
    const operatorOib = options.operatorOib === undefined ? DEFAULT_OPERATOR_OIB : options.operatorOib;
    if (operatorOib) await h.db.updateTable('operator').set({ oib: operatorOib }).execute();
    world.w = await seedInvoiceWorld(h, token, options.inVatSystem ?? true);
    for (const [key, body] of Object.entries<SampleClientInput>(options.clients ?? {})) {
      world.clients[key as C] = await createClient(h, token, body);
    }
    const invoices = options.invoices?.({ ...world.w, clients: world.clients }) ?? ({} as Record<I, SeedInvoice>);
    const creditNote = async (key: string, invoiceId: number, { lines: byPosition, ...note }: SeedCreditNote) => {
      const stored = dataOf<{ lineItems: { lineId: number }[] }>(await h.request('GET', `/api/v1/invoice/${invoiceId}`, { token })).lineItems;
      const lines = byPosition?.map(({ line: position, quantity }) => ({ lineId: stored[position]?.lineId, quantity }));
      const credited = await h.request('POST', `/api/v1/invoice/${invoiceId}/credit-note`, { token, body: { ...note, ...(lines ? { lines } : {}) } });
      if (credited.statusCode !== 201) throw new Error(`${key}: ${credited.body}`);
      return dataOf<{ id: number; number: string | null }>(credited);
    };
    const created = world.invoices as Record<string, { id: number; number: string | null }>;
    for (const [key, seed] of Object.entries<SeedInvoice>(invoices)) {
      if ('creditNoteOf' in seed) {
        const original = created[seed.creditNoteOf];
        if (!original) throw new Error(`${key}: no invoice ${seed.creditNoteOf} before it`);
        created[key] = await creditNote(key, original.id, seed.creditNote);
        continue;
      }
      const create = () => h.request('POST', '/api/v1/invoice', { token, body: seed.body });
      const res = seed.on ? await onDay(seed.on, create) : await create();
      if (res.statusCode !== 201) throw new Error(`${key}: ${res.body}`);
      const invoice = dataOf<{ id: number; number: string | null }>(res);
      created[key] = invoice;
      if (seed.clear) {
        const body = seed.clear === true ? undefined : { paymentDate: seed.clear };
        const cleared = await h.request('POST', `/api/v1/invoice/${invoice.id}/clear`, { token, body });
        if (cleared.statusCode !== 200) throw new Error(`${key}: ${cleared.body}`);
      }
      if (seed.creditNote) await creditNote(key, invoice.id, seed.creditNote);
    }
    await options.seed?.(world);
    options.ready?.(world);
  });
  afterEach(async () => {
    while (servers.length > 0) await servers.pop()?.close();
  });
  afterAll(async () => {
    await world.h.close();
  });
  return world;
}
