import { createHash, randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
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
 * - the same key while its first request still runs: 409 `idempotencyInProgress`.
 * A request that fails (4xx) keeps nothing, so it may be retried with the same key. A process that
 * dies mid-request rolls its work back; its claim lapses after CLAIM_MS and a retry runs afresh.
 * Keys are forgotten after 24 hours (swept whenever a new key is claimed).
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;
export const KEY_TTL_MS = 24 * 60 * 60 * 1000;
const CLAIM_MS = 60 * 1000;

/** Called by the service as the last step of its transaction, with what it did. */
export type Finish<T> = (trx: Db, result: T) => Promise<void>;

type Claimed = repo.KeyClaim;

function requestHash(request: FastifyRequest): string {
  const body = request.body === undefined || request.body === null ? null : request.body;
  return createHash('sha256')
    .update(`${request.method} ${request.url.split('?')[0] ?? ''}\n${canonicalJson(body)}`)
    .digest('hex');
}

type Outcome = { claimed: Claimed } | { replay: { status: number; body: unknown } };

async function claimKey(db: Db, operatorId: number, key: string, hash: string): Promise<Outcome> {
  const claim = randomUUID();
  return db.transaction().execute(async (trx) => {
    const now = nowIso();
    await repo.sweep(trx, isoIn(-KEY_TTL_MS));
    const values = { operator_id: operatorId, idem_key: key, request_hash: hash, claim, claimed_until: isoIn(CLAIM_MS), created_at: now };
    if (await repo.insertKey(trx, values)) return { claimed: { operatorId, key, claim } };
    const row = await repo.findKey(trx, operatorId, key);
    if (row.request_hash !== hash) throw new AppError('idempotencyKeyReused');
    if (row.response_status !== null && row.response_body !== null) {
      return {
        replay: { status: Number(row.response_status), body: JSON.parse(row.response_body) as unknown },
      };
    }
    if (row.claimed_until > now) throw new AppError('idempotencyInProgress');
    // the request that held it ended without an answer (its process died): its work rolled back
    if (!(await repo.takeOver(trx, { operatorId, key, claim }, row.claim, isoIn(CLAIM_MS)))) throw new AppError('idempotencyInProgress');
    return { claimed: { operatorId, key, claim } };
  });
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
  if (key === undefined || !KEY_PATTERN.test(key)) {
    throw new AppError('idempotencyKeyInvalid');
  }
  const outcome = await claimKey(db, request.operator.id, key, requestHash(request));
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
