import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';
import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry } from '@faktura/shared';
import { lockAuditHead } from '../../db/audit';
import type { Db } from '../../db/connection';
import type { AuditLogTable } from '../../db/schema';
import { nowIso } from '../../db/time';
import * as repo from './audit.repository';

/** Who did it: the signed-in operator, or null for a command-line action. */
export type Actor = { id: number; name: string } | null;

export interface AuditRecord {
  action: AuditAction;
  invoiceId?: number | null;
  relatedInvoiceId?: number | null;
  details?: Record<string, unknown>;
}

/** RFC 8785 canonical JSON: the same content always gives the same text, and so the same hash. */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  if (text === undefined) throw new Error('not representable as JSON');
  return text;
}

type Content = Omit<AuditLogTable, 'prev_hash' | 'hash'>;

/** SHA-256 over the previous entry's hash and this entry's canonical content. */
export function entryHash(prevHash: string, row: Content): string {
  const content = canonicalJson({
    seq: Number(row.seq),
    at: row.at,
    operatorId: row.operator_id,
    operator: row.operator_name,
    action: row.action,
    invoiceId: row.invoice_id,
    relatedInvoiceId: row.related_invoice_id,
    details: JSON.parse(row.details) as unknown,
  });
  return createHash('sha256').update(`${prevHash}\n${content}`).digest('hex');
}

/**
 * Appends an entry inside the caller's transaction, so it is written exactly when the change is.
 * Call it last in the transaction: it locks the chain head until the transaction ends.
 */
export async function record(trx: Db, actor: Actor, entry: AuditRecord): Promise<void> {
  const head = await lockAuditHead(trx);
  const row: Content = {
    seq: head.seq + 1,
    at: nowIso(),
    operator_id: actor?.id ?? null,
    operator_name: actor?.name ?? null,
    action: entry.action,
    invoice_id: entry.invoiceId ?? null,
    related_invoice_id: entry.relatedInvoiceId ?? null,
    details: canonicalJson(entry.details ?? {}),
  };
  await repo.appendEntry(trx, { ...row, prev_hash: head.hash, hash: entryHash(head.hash, row) });
}

/** Only the fields whose value differs, as `{ field: { from, to } }`. */
export function changesBetween<T extends Record<string, unknown>>(
  before: T,
  after: T,
): Record<string, { from: unknown; to: unknown }> {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after)) {
    const from = before[key] ?? null;
    const to = after[key] ?? null;
    if (canonicalJson(from) !== canonicalJson(to)) changes[key] = { from, to };
  }
  return changes;
}

function toEntry(row: AuditLogTable): AuditEntry {
  return {
    seq: Number(row.seq),
    at: row.at,
    operator: row.operator_name,
    operatorId: row.operator_id,
    action: row.action as AuditAction,
    invoiceId: row.invoice_id,
    relatedInvoiceId: row.related_invoice_id,
    details: JSON.parse(row.details) as Record<string, unknown>,
    hash: row.hash,
    prevHash: row.prev_hash,
  };
}

/** Newest first; with an invoice, the entries about it and about its credit notes. */
export async function listEntries(db: Db, query: { invoiceId?: number | undefined; page: number }) {
  const { rows, total } = await repo.entriesPage(db, query);
  return { data: rows.map(toEntry), page: { page: query.page, pageSize: AUDIT_PAGE_SIZE, total } };
}

export type VerifyResult =
  | { ok: true; entries: number; head: string }
  | { ok: false; entries: number; brokenAt: number; problem: string };

/**
 * Walks the chain from the first entry: numbers must follow each other, each entry must name the
 * previous one's hash and its own content must give its hash; the head row must name the last one.
 * Names the first entry where that fails.
 */
export async function verifyChain(db: Db, batch = 1000): Promise<VerifyResult> {
  let expectedSeq = 1;
  let prevHash = '0'.repeat(64);
  for (;;) {
    const rows = await repo.entriesFrom(db, expectedSeq, batch);
    for (const row of rows) {
      const seq = Number(row.seq);
      const entries = expectedSeq - 1;
      if (seq !== expectedSeq) {
        return {
          ok: false,
          entries,
          brokenAt: expectedSeq,
          problem: `entry ${expectedSeq} is missing (deleted): after ${expectedSeq - 1} comes ${seq}`,
        };
      }
      if (row.prev_hash !== prevHash) {
        return {
          ok: false,
          entries,
          brokenAt: seq,
          problem: `entry ${seq} does not follow entry ${seq - 1} (its previous hash differs)`,
        };
      }
      let hash: string;
      try {
        hash = entryHash(prevHash, row);
      } catch {
        return { ok: false, entries, brokenAt: seq, problem: `entry ${seq} has unreadable details (edited)` };
      }
      if (hash !== row.hash) {
        return {
          ok: false,
          entries,
          brokenAt: seq,
          problem: `entry ${seq} was changed after it was written (its content does not match its hash)`,
        };
      }
      prevHash = row.hash;
      expectedSeq = seq + 1;
    }
    if (rows.length < batch) break;
  }
  const last = expectedSeq - 1;
  const head = await repo.chainHead(db);
  if (!head || Number(head.seq) !== last || head.hash !== prevHash) {
    const headSeq = head ? Number(head.seq) : 0;
    return headSeq > last
      ? {
          ok: false,
          entries: last,
          brokenAt: last + 1,
          problem: `entries ${last + 1} to ${headSeq} are missing (deleted): the chain head names entry ${headSeq}`,
        }
      : {
          ok: false,
          entries: last,
          brokenAt: last,
          problem: `the chain head does not name the last entry ${last} (changed)`,
        };
  }
  return { ok: true, entries: last, head: prevHash };
}
