import { randomUUID } from 'node:crypto';
import { type ErrorCode, type InboxFetch, type InboxFetchStatus, type Language, translate } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import { RoundWorker } from '../../outside/roundWorker';
import { type Actor, record } from '../audit';
import { type DeliveryDeps, type DeliveryPort, deliveryPort } from '../delivery';
import * as fetchRepo from './fetch.repository';
import { type InboxDeps, keepContext, keepDocument } from './inbox.service';

/**
 * Fetching received e-invoices from the intermediary (issue 46, decision 037). One round, in one
 * process at a time (the lease on `inbox_fetch`, so two servers on one PostgreSQL database never
 * fetch at once):
 * 1. the intermediary's inbox is listed for a window of days: from a few days before the last round
 *    that kept everything it listed (the overlap catches documents listed late), or 90 days back on
 *    the first round;
 * 2. each listed document not kept yet is downloaded and kept (`keepDocument`: read, checked for a
 *    twin by the intermediary's id and by supplier + number + year, written with its bytes in one
 *    transaction); one the user imported by hand before takes the intermediary's id;
 * 3. only then is the intermediary told it was taken (`acknowledge`), and a kept document whose
 *    telling failed is told at the next round. A crash between download and commit keeps nothing
 *    and tells nothing (the next round downloads it again); between commit and telling, the next
 *    round finds it kept and tells. Never twice, never lost.
 * Where the intermediary fiscalizes for the user (INTERMEDIARY mode), each round also asks where its
 * fiscalization of the documents received in the last days stands, and brings it back.
 */
export interface FetchDeps extends InboxDeps, DeliveryDeps {}

const LEASE_MS = 5 * 60_000;
const FIRST_DAYS = 90;
const OVERLAP_DAYS = 3;
/** How often the server fetches on its own. */
export const FETCH_EVERY_MS = 15 * 60_000;
/** How often and how long a received document's fiscalization by the intermediary is asked about. */
const FISCAL_POLL_MS = 30 * 60_000;
const FISCAL_ASK_DAYS = 10;

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Why the last round did not take everything, kept as a code and its values to be said in the reader's language. */
interface StoredProblem {
  code: ErrorCode;
  params: Record<string, string | number>;
}

/**
 * Where fetching stands, for the inbox and the dashboard: when the last round ran, when one last took
 * everything, and why the last one did not (a scheduled round that fails says it here). Null: never fetched.
 */
export async function fetchStatus(db: Db, language: Language): Promise<InboxFetchStatus | null> {
  const state = await fetchRepo.fetchState(db);
  if (!state?.last_attempt_at) return null;
  let problem: string | null = null;
  if (state.last_error) {
    try {
      const stored = JSON.parse(state.last_error) as StoredProblem;
      problem = translate(language, `errors.${stored.code}`, stored.params);
    } catch {
      problem = state.last_error;
    }
  }
  return { lastAttemptAt: state.last_attempt_at, lastOkAt: state.last_ok_at, problem };
}

class FetchProblem extends Error {
  constructor(readonly code: 'inboxFetchUnavailable' | 'inboxFetchRefused', readonly detail: string) {
    super(detail);
  }
}

/** Why the intermediary cannot be asked (not set up, a password this server cannot open), or the port. */
async function portOf(deps: FetchDeps): Promise<{ port: DeliveryPort; provider: string } | { none: 'deliveryNotConfigured' | 'deliveryPasswordUnreadable' }> {
  const found = await deliveryPort(deps);
  if ('none' in found) return { none: found.none === 'notConfigured' ? 'deliveryNotConfigured' : 'deliveryPasswordUnreadable' };
  return { port: found.port, provider: found.settings.provider };
}

interface Counts {
  listed: number;
  fetched: number;
  alreadyHere: number;
  failed: number;
  details: string[];
}

async function tell(deps: FetchDeps, port: DeliveryPort, id: number, providerDocumentId: string, counts: Counts): Promise<void> {
  const told = await port.acknowledge(providerDocumentId);
  if (told.outcome === 'ok') await fetchRepo.markAcknowledged(deps.db, id, (deps.now?.() ?? new Date()).toISOString());
  // not told now: told at the next round (the document is kept either way)
  else counts.details.push(`${providerDocumentId}: ${told.detail}`);
}

async function fetchDocuments(deps: FetchDeps, port: DeliveryPort, provider: string, processId: string, actor: Actor, okSince: string | null, language: Language): Promise<Counts> {
  const nowMs = (deps.now?.() ?? new Date()).getTime();
  const from = okSince ? dayOf(Date.parse(okSince) - OVERLAP_DAYS * DAY_MS) : dayOf(nowMs - FIRST_DAYS * DAY_MS);
  // a day ahead: the intermediary's days are Zagreb's
  const listed = await port.inbox({ from, to: dayOf(nowMs + DAY_MS) });
  if (listed.outcome !== 'listed') throw new FetchProblem(listed.outcome === 'refused' ? 'inboxFetchRefused' : 'inboxFetchUnavailable', listed.detail);
  const counts: Counts = { listed: listed.documents.length, fetched: 0, alreadyHere: 0, failed: 0, details: [] };
  const kept = await fetchRepo.keptByProviderIds(deps.db, provider, listed.documents.map((d) => d.providerDocumentId));
  const ctx = await keepContext(deps);
  let sinceExtended = Date.now();
  for (const entry of listed.documents) {
    if (Date.now() - sinceExtended > LEASE_MS / 3) {
      await fetchRepo.extendFetch(deps.db, processId, new Date(Date.now() + LEASE_MS).toISOString());
      sinceExtended = Date.now();
    }
    const known = kept.get(entry.providerDocumentId);
    if (known) {
      counts.alreadyHere += 1;
      if (!known.acknowledged && entry.acknowledged !== true) await tell(deps, port, known.id, entry.providerDocumentId, counts);
      continue;
    }
    const downloaded = await port.download(entry.providerDocumentId);
    if (downloaded.outcome !== 'downloaded') {
      counts.failed += 1;
      counts.details.push(`${entry.documentNumber || entry.providerDocumentId}: ${downloaded.detail}`);
      continue;
    }
    const outcome = await keepDocument(
      deps,
      { bytes: downloaded.bytes, fileName: `${entry.providerDocumentId}.xml`, source: 'INTERMEDIARY', provider, providerDocumentId: entry.providerDocumentId },
      ctx,
      actor,
    );
    if (outcome.outcome === 'REFUSED') {
      // not an e-invoice Faktura can read: left at the intermediary, untold, and named
      counts.failed += 1;
      counts.details.push(`${entry.documentNumber || entry.providerDocumentId}: ${translate(language, `errors.${outcome.code}`, outcome.params)}`);
      continue;
    }
    if (outcome.outcome === 'IMPORTED') counts.fetched += 1;
    else {
      counts.alreadyHere += 1;
      await fetchRepo.adoptProviderId(deps.db, outcome.id, provider, entry.providerDocumentId);
    }
    if (entry.acknowledged !== true) await tell(deps, port, outcome.id, entry.providerDocumentId, counts);
    else await fetchRepo.markAcknowledged(deps.db, outcome.id, (deps.now?.() ?? new Date()).toISOString());
  }
  return counts;
}

/** INTERMEDIARY mode: brings back what the intermediary says of its fiscalization of recent received documents. */
async function intermediaryFiscalization(deps: FetchDeps, port: DeliveryPort, provider: string): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const stamp = now.toISOString();
  const due = await fetchRepo.intermediaryFiscalDue(deps.db, provider, new Date(now.getTime() - FISCAL_POLL_MS).toISOString(), new Date(now.getTime() - FISCAL_ASK_DAYS * DAY_MS).toISOString(), 50);
  for (const document of due) {
    const answer = await port.receivedFiscalization(document.provider_document_id);
    if (answer.outcome === 'unavailable') return; // asked again at the next round
    if (answer.outcome !== 'found' || answer.fiscalized === null) {
      await fetchRepo.saveIntermediaryFiscal(deps.db, document.id, { provider_checked_at: stamp });
      continue;
    }
    const status = answer.fiscalized ? 'FISCALIZED' : 'FAILED';
    await deps.db.transaction().execute(async (trx) => {
      await fetchRepo.saveIntermediaryFiscal(trx, document.id, {
        fiscal_status: status,
        provider_fiscal_error: answer.fiscalized ? null : (answer.error ?? ''),
        provider_fiscal_at: answer.fiscalized ? (answer.at ?? stamp) : null,
        provider_checked_at: stamp,
      });
      if (status !== document.fiscal_status) {
        await record(trx, null, {
          action: 'inbox.intermediaryFiscalization',
          details: { receivedId: document.id, providerDocumentId: document.provider_document_id, status, by: provider, ...(answer.fiscalized ? {} : { error: answer.error }) },
        });
      }
    });
  }
}

/**
 * One round. `manual` (Fetch now): a refusal to ask at all is the user's answer (not set up, busy,
 * unreachable, refused); a scheduled round says nothing of those and tries again later.
 */
export async function fetchRound(deps: FetchDeps, processId: string, options: { manual: boolean; language: Language; actor?: Actor }): Promise<InboxFetch | null> {
  const found = await portOf(deps);
  if ('none' in found) {
    if (options.manual) throw new AppError(found.none);
    return null;
  }
  const now = deps.now?.() ?? new Date();
  const startedAt = now.toISOString();
  if (!(await fetchRepo.claimFetch(deps.db, processId, startedAt, new Date(now.getTime() + LEASE_MS).toISOString()))) {
    if (options.manual) throw new AppError('inboxFetchBusy');
    return null;
  }
  const state = await fetchRepo.fetchState(deps.db);
  let counts: Counts;
  try {
    counts = await fetchDocuments(deps, found.port, found.provider, processId, options.actor ?? null, state?.last_ok_at ?? null, options.language);
    await intermediaryFiscalization(deps, found.port, found.provider);
  } catch (error) {
    const problem = error instanceof FetchProblem ? error : null;
    const stored: StoredProblem = problem ? { code: problem.code, params: { detail: problem.detail } } : { code: 'internal', params: {} };
    await fetchRepo.finishFetch(deps.db, processId, { okAt: null, error: JSON.stringify(stored), result: JSON.stringify({ ok: false, fetchedAt: startedAt }) });
    if (!problem) throw error;
    if (options.manual) throw new AppError(problem.code, { params: { detail: problem.detail } });
    return null;
  }
  const answer: InboxFetch = {
    ok: counts.failed === 0,
    listed: counts.listed,
    fetched: counts.fetched,
    alreadyHere: counts.alreadyHere,
    failed: counts.failed,
    reason: counts.failed > 0 ? translate(options.language, 'errors.inboxFetchSomeFailed', { failed: counts.failed, detail: counts.details.slice(0, 5).join('; ') }) : null,
    fetchedAt: startedAt,
  };
  await fetchRepo.finishFetch(deps.db, processId, {
    // the window moves on only when everything listed is here
    okAt: counts.failed === 0 ? startedAt : null,
    error: counts.failed > 0 ? JSON.stringify({ code: 'inboxFetchSomeFailed', params: { failed: counts.failed, detail: counts.details.slice(0, 5).join('; ') } } satisfies StoredProblem) : null,
    result: JSON.stringify(answer),
  });
  return answer;
}

/** Fetches in the background: at start and every 15 minutes; told after each round that kept something. */
export class InboxFetchWorker {
  readonly processId = `i-${randomUUID()}`;
  private readonly worker: RoundWorker;

  constructor(deps: FetchDeps, kept: () => void, log: { error: (object: object, message: string) => void }, intervalMs = FETCH_EVERY_MS) {
    this.worker = new RoundWorker(
      async () => {
        const answer = await fetchRound(deps, this.processId, { manual: false, language: 'hr' });
        if (answer && answer.fetched > 0) kept();
      },
      log,
      intervalMs,
      'inbox fetch',
    );
  }

  kick(): void {
    this.worker.kick();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }
}
