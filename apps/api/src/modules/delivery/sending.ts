import { randomUUID } from 'node:crypto';
import { type InvoiceDelivery, type Language, isEInvoiceRecipient } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { RoundWorker } from '../../outside/roundWorker';
import { type Actor, record as audit } from '../audit';
import { markNoEInvoices } from '../company';
import { type PrintSources, loadPrintSources, renderEInvoice, toDelivery } from '../invoice';
import { backoffMs } from './backoff';
import * as outbox from './outbox.repository';
import { tellRejections } from './rejections';
import type { BuyerRejection, DeliveryPort, DocumentStatus, StatusOutcome } from './port';
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
export { backoffMs };
const ON_ITS_WAY = ['SENT', 'DELIVERED', 'REJECTED'];

interface DocumentFacts {
  number: string;
  language: Language;
  eInvoice: boolean;
  clientId: number;
  clientName: string;
  /** Faktura itself reported it as a supply without an e-invoice (its buyer has no e-invoice address): it goes by e-mail. */
  reportedBySelf: boolean;
  /** What the facts were read from, for the UBL (read once). */
  sources: PrintSources;
}

/** What sending needs to know of a document: its number, its language, whether it is an e-invoice. */
async function documentFacts(db: Db, invoiceId: number): Promise<DocumentFacts> {
  const sources = await loadPrintSources(db, invoiceId);
  const { invoice, client, fiscal } = sources;
  if (invoice.state === 'DRAFT' || !invoice.invoice_number) throw new AppError('einvoiceDraft');
  // a cash or card invoice is fiscalized as a receipt instead of an e-invoice (decision 031)
  const receipt = invoice.payment_method === 'CASH' || invoice.payment_method === 'CARD';
  const eInvoice = !receipt && isEInvoiceRecipient({ countryCode: client.address.country_code, pin: client.pin, kind: client.kind });
  return {
    number: invoice.invoice_number,
    // the invoice's own language, as its printout and e-mail (Croatian for a client in Croatia)
    language: client.address.country_code === 'HR' ? 'hr' : 'en',
    eInvoice,
    clientId: invoice.client_id,
    clientName: invoice.client_name,
    // with the intermediary fiscalizing (BY_INTERMEDIARY), handing it over is how the supply gets reported
    reportedBySelf: fiscal?.kind === 'ISPORUKA' && fiscal.status !== 'BY_INTERMEDIARY' && fiscal.status !== 'NOT_REQUIRED',
    sources,
  };
}

/** The intermediary's ids of this document's earlier sendings, which a lookup must not take for this one. */
const earlierIds = (row: outbox.DeliveryDocumentRow | undefined): string[] => (row?.earlier_ids ? row.earlier_ids.split(',') : []);

/** What the intermediary says of a document, as the row keeps it. */
function taken(status: DocumentStatus, stamp: string, row: outbox.DeliveryDocumentRow | undefined): outbox.Outcome {
  return {
    status: status.state, provider_document_id: status.providerDocumentId, provider_status: status.providerStatus,
    error: status.rejectionReason,
    fiscalized: status.fiscalized === null ? (row?.fiscalized ?? null) : status.fiscalized ? 1 : 0,
    fiscal_error: status.fiscalized === null ? (row?.fiscal_error ?? null) : status.fiscalizationError,
    e_reported: status.eReported === null ? (row?.e_reported ?? null) : status.eReported ? 1 : 0,
  };
}

async function view(db: Db, invoiceId: number): Promise<InvoiceDelivery> {
  return toDelivery(await outbox.findDocument(db, invoiceId));
}

/**
 * One attempt at a document this process holds: the UBL of the download, handed over, the outcome
 * kept and recorded in the audit trail. An earlier attempt whose answer never came (a timeout, a
 * crash after the intermediary took it) may have reached the intermediary, which keeps one sending
 * per invoice number: so the document is first looked up there by its number, and sent only when
 * it is not found.
 */
async function attempt(deps: DeliveryDeps, port: DeliveryPort, provider: string, invoiceId: number, processId: string, actor: Actor): Promise<void> {
  const at = now(deps);
  const stamp = at.toISOString();
  const row = await outbox.findDocument(deps.db, invoiceId);
  let xml: string;
  let facts: DocumentFacts;
  try {
    facts = await documentFacts(deps.db, invoiceId);
    ({ xml } = await renderEInvoice(deps.db, invoiceId, facts.language, { sources: facts.sources }));
  } catch (error) {
    // what cannot be written cannot be sent: say why and stop trying
    const code = error instanceof AppError ? error.code : 'internal';
    await outbox.record(deps.db, invoiceId, processId, { status: 'FAILED', error: code, next_attempt_at: null, status_at: stamp }, true);
    if (error instanceof AppError) return;
    throw error;
  }
  const retry = (detail: string) =>
    outbox.record(deps.db, invoiceId, processId, { error: detail, next_attempt_at: later(at, backoffMs((row?.attempts ?? 0) + 1)) }, true);
  const about = { number: facts.number, provider };

  if (row && (row.attempts > 0 || row.handed_over_at !== null)) {
    const known = await port.find({ invoiceNumber: facts.number, since: row.status_at.slice(0, 10), except: earlierIds(row) });
    if (known.outcome === 'unavailable') return retry(known.detail);
    if (known.outcome === 'found') {
      await deps.db.transaction().execute(async (trx) => {
        await outbox.record(trx, invoiceId, processId, { ...taken(known, stamp, row), next_attempt_at: null, status_at: stamp, checked_at: stamp }, true);
        await audit(trx, actor, { action: 'delivery.sent', invoiceId, details: { ...about, providerDocumentId: known.providerDocumentId, status: known.state, found: true } });
      });
      return;
    }
  }
  await outbox.handingOver(deps.db, invoiceId, processId, stamp);
  const result = await port.send({ xml, invoiceNumber: facts.number });
  if (result.outcome === 'unavailable') return retry(result.detail);
  await deps.db.transaction().execute(async (trx) => {
    if (result.outcome === 'accepted') {
      await outbox.record(trx, invoiceId, processId, { ...taken(result, stamp, undefined), next_attempt_at: null, status_at: stamp, checked_at: stamp }, true);
      await audit(trx, actor, { action: 'delivery.sent', invoiceId, details: { ...about, providerDocumentId: result.providerDocumentId, status: result.state } });
    } else {
      await outbox.record(trx, invoiceId, processId, { status: 'FAILED', error: result.detail, next_attempt_at: null, status_at: stamp }, true);
      await audit(trx, actor, { action: 'delivery.refused', invoiceId, details: { ...about, error: result.detail } });
    }
  });
}

/**
 * `POST /api/v1/invoice/{id}/einvoice/send`: sends an issued e-invoice now. Already on its way
 * (SENT, DELIVERED, REJECTED): refused unless `resend`. PENDING or FAILED: sent again at once.
 */
export async function sendInvoice(
  deps: DeliveryDeps,
  invoiceId: number,
  options: { resend?: boolean | undefined },
  processId: string,
  actor: Actor = null,
): Promise<InvoiceDelivery> {
  const { port, settings } = await requirePort(deps);
  const facts = await documentFacts(deps.db, invoiceId);
  if (!facts.eInvoice) throw new AppError('deliveryNotEInvoice', { params: { number: facts.number } });
  if (facts.reportedBySelf) throw new AppError('deliveryClientNoEInvoices', { params: { number: facts.number, client: facts.clientName } });
  // written first, so that no answer leaves it PENDING for the worker
  await deps.db.transaction().execute(async (trx) => {
    const existing = await outbox.findDocument(trx, invoiceId);
    if (existing && ON_ITS_WAY.includes(existing.status) && options.resend !== true) {
      throw new AppError('deliveryAlreadySent', { params: { number: facts.number, id: existing.provider_document_id ?? '' } });
    }
    if (existing?.status === 'PENDING') await outbox.dueNow(trx, invoiceId, now(deps).toISOString());
    else await outbox.queuePending(trx, invoiceId, settings.provider, now(deps).toISOString(), [...earlierIds(existing), existing?.provider_document_id ?? ''].filter(Boolean));
  });
  const at = now(deps);
  // another process sending it right now: its outcome is the answer
  if (await outbox.claim(deps.db, invoiceId, processId, at.toISOString(), later(at, CLAIM_MS), 'PENDING')) {
    await attempt(deps, port, settings.provider, invoiceId, processId, actor);
  }
  return view(deps.db, invoiceId);
}

/** The issue hook (in the issuing transaction): with autoSend, an e-invoice enters the outbox PENDING. */
export async function queueIssued(deps: DeliveryDeps, trx: Db, invoiceId: number): Promise<void> {
  const settings = await settingsRepo.findSettings(trx);
  if (!settings || settings.auto_send !== 1) return;
  const facts = await documentFacts(trx, invoiceId);
  if (!facts.eInvoice || facts.reportedBySelf) return;
  await outbox.queuePending(trx, invoiceId, settings.provider, now(deps).toISOString(), []);
}

/**
 * Applies what the intermediary says of a document now (refresh, poll). A change of where it stands
 * (delivered, rejected, fiscalized or not, reported instead of delivered) is recorded in the audit
 * trail; a buyer found without an e-invoice address is marked so on its client, in the same transaction.
 */
async function applyStatus(deps: DeliveryDeps, invoiceId: number, processId: string, result: StatusOutcome): Promise<void> {
  const stamp = now(deps).toISOString();
  const row = await outbox.findDocument(deps.db, invoiceId);
  if (result.outcome !== 'found' || !row) {
    // not found, refused or not reachable: ask again at the next round
    await outbox.record(deps.db, invoiceId, processId, { checked_at: stamp }, false);
    return;
  }
  const outcome = taken(result, stamp, row);
  const changed = row.status !== outcome.status || row.fiscalized !== outcome.fiscalized || row.e_reported !== outcome.e_reported;
  await deps.db.transaction().execute(async (trx) => {
    await outbox.record(trx, invoiceId, processId, { ...outcome, checked_at: stamp, ...(row.status !== outcome.status ? { status_at: stamp } : {}) }, false);
    if (result.buyerRejection) await buyerRejected(trx, invoiceId, row.provider_document_id, result.buyerRejection, stamp);
    if (!changed) return;
    await audit(trx, null, {
      action: 'delivery.status',
      invoiceId,
      details: {
        providerDocumentId: row.provider_document_id,
        status: outcome.status,
        fiscalized: outcome.fiscalized == null ? null : outcome.fiscalized === 1,
        eReported: outcome.e_reported === 1,
        error: outcome.status === 'REJECTED' ? outcome.error : outcome.fiscalized === 0 ? outcome.fiscal_error : null,
      },
    });
    if (outcome.e_reported === 1 && row.e_reported !== 1) {
      const clientId = await outbox.clientOf(trx, invoiceId);
      if (clientId !== undefined) await markNoEInvoices(trx, clientId, { invoiceId, provider: row.provider });
    }
  });
}

/**
 * Keeps a buyer's rejection of a document and records it in the audit trail, once (issue 47): a second
 * poll, or another process reading the same answer, finds it kept and writes nothing.
 */
async function buyerRejected(trx: Db, invoiceId: number, providerDocumentId: string | null, rejection: BuyerRejection, stamp: string): Promise<void> {
  const kept = { at: rejection.at ?? stamp, type: rejection.type, reason: rejection.reason };
  if (!(await outbox.keepBuyerRejection(trx, invoiceId, kept))) return;
  await audit(trx, null, { action: 'delivery.buyerRejected', invoiceId, details: { providerDocumentId, at: kept.at, type: kept.type, reason: kept.reason } });
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
/** How long a delivered document is asked about its fiscalization (the intermediary tries for five days). */
const FISCAL_WAIT_MS = 6 * 24 * 60 * 60_000;

/** One round of the worker: sends what is due, asks about what is on its way, tells the user's rejections of received documents. */
export async function deliveryRound(deps: DeliveryDeps, processId: string): Promise<void> {
  const found = await deliveryPort(deps);
  if ('none' in found) return;
  const at = now(deps);
  for (const invoiceId of await outbox.duePending(deps.db, at.toISOString(), 20)) {
    if (await outbox.claim(deps.db, invoiceId, processId, at.toISOString(), later(at, CLAIM_MS), 'PENDING')) await attempt(deps, found.port, found.settings.provider, invoiceId, processId, null);
  }
  const fiscalSince = new Date(at.getTime() - FISCAL_WAIT_MS).toISOString();
  for (const invoiceId of await outbox.inFlight(deps.db, new Date(at.getTime() - POLL_MS + 1000).toISOString(), fiscalSince, 50)) {
    const row = await outbox.findDocument(deps.db, invoiceId);
    if (!row?.provider_document_id) continue;
    if (await outbox.claim(deps.db, invoiceId, processId, at.toISOString(), later(at, CLAIM_MS), 'IN_FLIGHT')) {
      await applyStatus(deps, invoiceId, processId, await found.port.status(row.provider_document_id));
    }
  }
  await tellRejections(deps, found.port, found.settings, processId);
  await processRound(deps, found.port, at);
}

/** How far back the first windowed process-status query looks (days). */
const PROCESS_FIRST_DAYS = 60;

/**
 * The buyers' answers to documents no longer polled one by one (issue 47): at most once per POLL_MS,
 * the intermediary's process statuses changed since the day before the last query (by update date),
 * every rejection of a document Faktura sent kept once.
 */
async function processRound(deps: DeliveryDeps, port: DeliveryPort, at: Date): Promise<void> {
  const settings = await settingsRepo.findSettings(deps.db);
  const last = settings?.process_checked_at ? Date.parse(settings.process_checked_at) : null;
  if (last !== null && at.getTime() - last < POLL_MS) return;
  const from = last === null ? new Date(at.getTime() - PROCESS_FIRST_DAYS * 86_400_000) : new Date(last - 86_400_000);
  const answer = await port.processStatuses({ from: from.toISOString().slice(0, 10), to: new Date(at.getTime() + 86_400_000).toISOString().slice(0, 10) });
  // not answered: asked again at the next round, from the same day
  if (answer.outcome !== 'listed') return;
  const stamp = at.toISOString();
  for (const { providerDocumentId, rejection } of answer.rejections) {
    const invoiceId = await outbox.invoiceOfProviderId(deps.db, providerDocumentId);
    if (invoiceId === undefined) continue;
    await deps.db.transaction().execute((trx) => buyerRejected(trx, invoiceId, providerDocumentId, rejection, stamp));
  }
  await settingsRepo.processChecked(deps.db, stamp);
}

/** Runs rounds in the background: at start, when kicked (after an issue), and every minute. */
export class DeliveryWorker {
  readonly processId = `d-${randomUUID()}`;
  private readonly worker: RoundWorker;

  constructor(deps: DeliveryDeps, log: { error: (object: object, message: string) => void }, intervalMs = 60_000) {
    this.worker = new RoundWorker(() => deliveryRound(deps, this.processId), log, intervalMs, 'delivery');
  }

  kick(): void {
    this.worker.kick();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }
}
