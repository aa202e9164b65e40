import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import { orderedTransaction } from '../db/lockOrder';
import { isoIn, nowIso } from '../db/time';
import { canonicalJson } from '../modules/audit';
import { AppError } from './errors';
import * as repo from './idempotency.repository';

/**
 * Idempotency-Key on the state-changing invoice verbs (issue 10 item 8, decision 012).
 *
 * The key is 1-255 printable ASCII characters (a UUID is a good choice), chosen by the client once
 * per submit and sent again when it retries that submit. Per operator and key the server remembers
 * a hash of method, path and canonical body and, in the same transaction as the work, the answer:
 * - the same key and request again: the first answer (status and body), nothing done again;
 * - the same key with another request: 409 `idempotencyKeyReused`;
 * - the same key while its first request still runs: it waits for the first (up to WAIT_MS, on
 *   either database) and answers the first answer; when the first is still running after that,
 *   409 `idempotencyInProgress` with `Retry-After`.
 * A missing header means no key; an empty or blank one is refused (400 `idempotencyKeyInvalid`).
 * A request that fails (4xx) keeps nothing, so it may be retried with the same key. A process that
 * dies mid-request rolls its work back; its claim lapses after CLAIM_MS and a retry runs afresh.
 * Keys are forgotten after 24 hours (swept whenever a new key is claimed).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Printable ASCII, and not only spaces (an HTTP header's value loses its outer spaces anyway). */
export const KEY_PATTERN = /^(?=[\x20-\x7e]*[\x21-\x7e])[\x20-\x7e]{1,255}$/;
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const CLAIM_MS = 60 * 1000;
/** How long a duplicate waits for the first request under its key before answering 409. */
export const WAIT_MS = 5_000;
/** What such a 409 tells the client to wait (Retry-After, seconds). */
export const RETRY_AFTER_S = 2;

/** Called by the service as the last step of its transaction, with what it did. */
export type Finish<T> = (trx: Db, result: T) => Promise<void>;

type Claimed = repo.KeyClaim;

function requestHash(request: FastifyRequest): string {
  const body = request.body === undefined || request.body === null ? null : request.body;
  return createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0] ?? ''}\n${canonicalJson(body)}`)
    .digest('hex');
}

type Outcome = { claimed: Claimed } | { replay: { status: number; body: unknown } } | { running: true };

async function claimKey(db: Db, operatorId: number, key: string, hash: string, sweep: boolean): Promise<Outcome> {
  const claim = randomUUID();
  return orderedTransaction(db, async (trx) => {
    const now = nowIso();
    if (sweep) await repo.sweep(trx, isoIn(-KEY_TTL_MS));
    const values = { operator_id: operatorId, idem_key: key, request_hash: hash, claim, claimed_until: isoIn(CLAIM_MS), created_at: now };
    if (await repo.insertKey(trx, values)) return { claimed: { operatorId, key, claim } };
    const row = await repo.findKey(trx, operatorId, key);
    if (row.request_hash !== hash) throw new AppError('idempotencyKeyReused');
    if (row.response_status !== null && row.response_body !== null) {
      return {
        replay: { status: Number(row.response_status), body: JSON.parse(row.response_body) as unknown },
      };
    }
    if (row.claimed_until > now) return { running: true };
    // the request that held it ended without an answer (its process died): its work rolled back
    if (!(await repo.takeOver(trx, { operatorId, key, claim }, row.claim, isoIn(CLAIM_MS)))) return { running: true };
    return { claimed: { operatorId, key, claim } };
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Claims the key, or while another request holds it, waits for that one (polling, 20 ms growing to
 * 200 ms) up to WAIT_MS: its answer is then this request's answer; should it fail instead (its claim
 * released), this request claims the key and runs. Still running after WAIT_MS: 409 with Retry-After.
 */
async function claimOrWait(db: Db, operatorId: number, key: string, hash: string): Promise<Exclude<Outcome, { running: true }>> {
  const deadline = Date.now() + WAIT_MS;
  let wait = 20;
  for (let first = true; ; first = false) {
    const outcome = await claimKey(db, operatorId, key, hash, first);
    if (!('running' in outcome)) return outcome;
    if (Date.now() + wait > deadline) {
      throw new AppError('idempotencyInProgress', { headers: { 'retry-after': String(RETRY_AFTER_S) } });
    }
    await pause(wait);
    wait = Math.min(wait * 2, 200);
  }
}

/**
 * Runs a state-changing verb once per Idempotency-Key. `run` receives a `finish` to call as the last
 * step of its transaction (undefined when the request carries no key); the answer is `{ data }` of
 * the verb's result, and that answer is what a retry gets back.
 */
export async function idempotent<T>(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  run: (finish: NoInfer<Finish<T>> | undefined) => Promise<T>,
): Promise<{ data: T }> {
  type B = { data: T };
  const toBody = (data: T): B => ({ data });
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) {
    const body = toBody(await run(undefined));
    reply.code(status);
    return body;
  }
  const key = Array.isArray(header) ? undefined : header;
  if (key?.trim() === '') {
    // sent, but empty or blank: a client that meant to send a key and lost it, never "no key"
    throw new AppError('idempotencyKeyInvalid', { messageKey: 'errors.idempotencyKeyEmpty' });
  }
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw new AppError('idempotencyKeyInvalid');
  }
  const outcome = await claimOrWait(db, request.operator.id, key, requestHash(request));
  if ('replay' in outcome) {
    reply.code(outcome.replay.status).header('idempotent-replayed', 'true');
    return outcome.replay.body as B;
  }
  const { claimed } = outcome;
  let answer: B | undefined;
  try {
    await run(async (trx, result) => {
      answer = toBody(result);
      // the claim lapsed and a retry took the key over: this attempt must not commit as well
      if (!(await repo.storeAnswer(trx, claimed, status, JSON.stringify(answer)))) throw new AppError('idempotencyInProgress');
    });
  } catch (error) {
    await repo.release(db, claimed).catch(() => undefined);
    throw error;
  }
  reply.code(status);
  return answer as B;
}
