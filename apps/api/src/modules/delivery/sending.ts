import { randomUUID } from 'node:crypto';
import { type InvoiceDelivery, type Language, isEInvoiceRecipient } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { loadPrintSources, renderEInvoice, toDelivery } from '../invoice';
import * as outbox from './outbox.repository';
import type { DeliveryPort, StatusOutcome } from './port';
import { type DeliveryDeps, deliveryPort, requirePort } from './settings';
import * as settingsRepo from './settings.repository';

/**
 * Sending issued e-invoices through the intermediary (issue 32). A row in `delivery_document` is
 * written PENDING *before* the intermediary is asked, so a sending the intermediary could not be
 * asked about (no answer, 5xx) stays PENDING across a restart and the worker sends it again; one
 * process at a time holds a document (`claim`). An answer is final for that attempt: taken
 * (SENT/DELIVERED with its id), or refused (FAILED, its own words). A document taken is not sent
 * again unless the user asks for it on purpose (`resend`).
 */
const CLAIM_MS = 2 * 60_000;
const now = (deps: DeliveryDeps) => deps.now?.() ?? new Date();
const later = (from: Date, ms: number) => new Date(from.getTime() + ms).toISOString();
/** 1, 2, 4 … minutes after each failed attempt, at most an hour. */
export const backoffMs = (attempts: number) => Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
const ON_ITS_WAY = ['SENT', 'DELIVERED', 'REJECTED'];

/** What sending needs to know of a document: its number, its language, whether it is an e-invoice. */
async function documentFacts(db: Db, invoiceId: number): Promise<{ number: string; language: Language; eInvoice: boolean }> {
  const { invoice, client } = await loadPrintSources(db, invoiceId);
  if (invoice.state === 'DRAFT' || !invoice.invoice_number) throw new AppError('einvoiceDraft');
  // a cash or card invoice is fiscalized as a receipt instead of an e-invoice (decision 031)
  const receipt = invoice.payment_method === 'CASH' || invoice.payment_method === 'CARD';
  const eInvoice = !receipt && isEInvoiceRecipient({ countryCode: client.address.country_code, pin: client.pin, kind: client.kind });
  // the invoice's own language, as its printout and e-mail (Croatian for a client in Croatia)
  return { number: invoice.invoice_number, language: client.address.country_code === 'HR' ? 'hr' : 'en', eInvoice };
}

async function view(db: Db, invoiceId: number): Promise<InvoiceDelivery> {
  return toDelivery(await outbox.findDocument(db, invoiceId));
}

/** One attempt at a document this process holds: the UBL of the download, handed over, the outcome kept. */
async function attempt(deps: DeliveryDeps, port: DeliveryPort, invoiceId: number, processId: string): Promise<void> {
  const at = now(deps);
  const row = await outbox.findDocument(deps.db, invoiceId);
  let xml: string;
  let number: string;
  try {
    const facts = await documentFacts(deps.db, invoiceId);
    ({ xml, number } = await renderEInvoice(deps.db, invoiceId, facts.language));
  } catch (error) {
    // what cannot be written cannot be sent: say why and stop trying
    const code = error instanceof AppError ? error.code : 'internal';
    await outbox.record(deps.db, invoiceId, processId, { status: 'FAILED', error: code, next_attempt_at: null, status_at: at.toISOString() }, true);
    if (error instanceof AppError) return;
    throw error;
  }
  const result = await port.send({ xml, invoiceNumber: number });
  const stamp = at.toISOString();
  if (result.outcome === 'accepted') {
    await outbox.record(deps.db, invoiceId, processId, {
      status: result.state, provider_document_id: result.providerDocumentId, provider_status: result.providerStatus,
      error: result.rejectionReason, fiscalized: result.fiscalized === null ? null : result.fiscalized ? 1 : 0,
      next_attempt_at: null, status_at: stamp, checked_at: stamp,
    }, true);
  } else if (result.outcome === 'refused') {
    await outbox.record(deps.db, invoiceId, processId, { status: 'FAILED', error: result.detail, next_attempt_at: null, status_at: stamp }, true);
  } else {
    await outbox.record(deps.db, invoiceId, processId, {
      error: result.detail, next_attempt_at: later(at, backoffMs((row?.attempts ?? 0) + 1)),
    }, true);
  }
}

/**
 * `POST /api/v1/invoice/{id}/einvoice/send`: sends an issued e-invoice now. Already on its way
 * (SENT, DELIVERED, REJECTED): refused unless `resend`. PENDING or FAILED: sent again at once.
 */
export async function sendInvoice(deps: DeliveryDeps, invoiceId: number, options: { resend?: boolean | undefined }, processId: string): Promise<InvoiceDelivery> {
  const { port, settings } = await requirePort(deps);
  const facts = await documentFacts(deps.db, invoiceId);
  if (!facts.eInvoice) throw new AppError('deliveryNotEInvoice', { params: { number: facts.number } });
  // written first, so that no answer leaves it PENDING for the worker
  await deps.db.transaction().execute(async (trx) => {
    const existing = await outbox.findDocument(trx, invoiceId);
    if (existing && ON_ITS_WAY.includes(existing.status) && options.resend !== true) {
      throw new AppError('deliveryAlreadySent', { params: { number: facts.number, id: existing.provider_document_id ?? '' } });
    }
    if (existing?.status === 'PENDING') await outbox.dueNow(trx, invoiceId, now(deps).toISOString());
    else await outbox.queuePending(trx, invoiceId, settings.provider, now(deps).toISOString());
  });
  const at = now(deps);
  // another process sending it right now: its outcome is the answer
  if (await outbox.claim(deps.db, invoiceId, processId, at.toISOString(), later(at, CLAIM_MS), 'PENDING')) {
    await attempt(deps, port, invoiceId, processId);
  }
  return view(deps.db, invoiceId);
}

/** The issue hook (in the issuing transaction): with autoSend, an e-invoice enters the outbox PENDING. */
export async function queueIssued(deps: DeliveryDeps, trx: Db, invoiceId: number): Promise<void> {
  const settings = await settingsRepo.findSettings(trx);
  if (!settings || settings.auto_send !== 1) return;
  const facts = await documentFacts(trx, invoiceId);
  if (!facts.eInvoice) return;
  await outbox.queuePending(trx, invoiceId, settings.provider, now(deps).toISOString());
}

/** Applies what the intermediary says of a document now (refresh, poll). */
async function applyStatus(deps: DeliveryDeps, invoiceId: number, processId: string, result: StatusOutcome): Promise<void> {
  const stamp = now(deps).toISOString();
  const row = await outbox.findDocument(deps.db, invoiceId);
  if (result.outcome === 'found') {
    const changed = row?.status !== result.state;
    await outbox.record(deps.db, invoiceId, processId, {
      status: result.state, provider_status: result.providerStatus, error: result.rejectionReason,
      fiscalized: result.fiscalized === null ? (row?.fiscalized ?? null) : result.fiscalized ? 1 : 0,
      checked_at: stamp, ...(changed ? { status_at: stamp } : {}),
    }, false);
  } else {
    // not found, refused or not reachable: ask again at the next round
    await outbox.record(deps.db, invoiceId, processId, { checked_at: stamp }, false);
  }
}

/** `POST /api/v1/invoice/{id}/einvoice/refresh`: asks the intermediary where the document stands. */
export async function refreshInvoice(deps: DeliveryDeps, invoiceId: number, processId: string): Promise<InvoiceDelivery> {
  const row = await outbox.findDocument(deps.db, invoiceId);
  if (!row?.provider_document_id) return toDelivery(row);
  const { port } = await requirePort(deps);
  const at = now(deps);
  if (await outbox.claim(deps.db, invoiceId, processId, at.toISOString(), later(at, CLAIM_MS), 'IN_FLIGHT')) {
    await applyStatus(deps, invoiceId, processId, await port.status(row.provider_document_id));
  }
  return view(deps.db, invoiceId);
}

/** How often a document on its way is asked about. */
export const POLL_MS = 5 * 60_000;

/** One round of the worker: sends what is due, then asks about what is on its way. */
export async function deliveryRound(deps: DeliveryDeps, processId: string): Promise<void> {
  const found = await deliveryPort(deps);
  if ('none' in found) return;
  const at = now(deps);
  for (const invoiceId of await outbox.duePending(deps.db, at.toISOString(), 20)) {
    if (await outbox.claim(deps.db, invoiceId, processId, at.toISOString(), later(at, CLAIM_MS), 'PENDING')) await attempt(deps, found.port, invoiceId, processId);
  }
  for (const invoiceId of await outbox.inFlight(deps.db, new Date(at.getTime() - POLL_MS + 1000).toISOString(), 50)) {
    const row = await outbox.findDocument(deps.db, invoiceId);
    if (!row?.provider_document_id) continue;
    if (await outbox.claim(deps.db, invoiceId, processId, at.toISOString(), later(at, CLAIM_MS), 'IN_FLIGHT')) {
      await applyStatus(deps, invoiceId, processId, await found.port.status(row.provider_document_id));
    }
  }
}

/** Runs rounds in the background: at start, when kicked (after an issue), and every minute. */
export class DeliveryWorker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private again = false;
  readonly processId = `d-${randomUUID()}`;

  constructor(
    private readonly deps: DeliveryDeps,
    private readonly log: { error: (object: object, message: string) => void },
    private readonly intervalMs = 60_000,
  ) {}

  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = deliveryRound(this.deps, this.processId)
      .catch((error: unknown) => this.log.error({ err: error instanceof Error ? { message: error.message } : {} }, 'delivery round failed'))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        } else {
          this.timer = setTimeout(() => this.kick(), this.intervalMs);
          this.timer.unref();
        }
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.again = false;
    await this.running;
    if (this.timer) clearTimeout(this.timer);
  }
}
