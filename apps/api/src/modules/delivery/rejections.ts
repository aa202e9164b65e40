import type { RejectionType } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { record as audit } from '../audit';
import type { AcknowledgeOutcome, DeliveryPort, ReceivedRejectionNotice } from './port';
import * as repo from './rejection.repository';
import { backoffMs } from './backoff';
import type { DeliveryDeps } from './settings';

/**
 * Telling the intermediary of the user's rejections of received documents (issue 47, decision 042),
 * run by the delivery worker's rounds. A rejection enters this outbox (`intermediary_status`
 * PENDING) in the transaction that records it, when there is someone to tell:
 * - in INTERMEDIARY fiscal mode (its report `BY_INTERMEDIARY`), the intermediary reports it to the
 *   Tax Administration: by its id (`reportRejection` with the document's id), or for a document
 *   imported by hand by its number, issue date and the two OIBs;
 * - when the document came from the intermediary (it has the intermediary's id), its process status
 *   becomes "rejected" with the reason, so that the supplier sees it (`tellSupplierRejected`).
 * The report goes first (the law's deadline is on it); its acceptance is kept (`REPORTED`) before the
 * supplier is told, so an outage between the two does not report it twice. Each row is claimed for
 * two minutes (a process that dies holding it lets it go when the claim expires); each answer is
 * concluded in one transaction with its audit entry. An outage is tried again with the delivery
 * outbox's back-off; a refusal is final (`FAILED` with the intermediary's words, or `SUPPLIER_FAILED`
 * when only telling the supplier was refused) until the user asks "Report now".
 */
const CLAIM_MS = 2 * 60_000;
const BATCH = 20;

export interface RejectionRoundReport {
  told: number;
  refused: number;
  retry: number;
}

type Step = 'REPORT' | 'SUPPLIER';
type Row = NonNullable<Awaited<ReturnType<typeof repo.rejectionToTell>>>;

/** What is still to do for a row: the report first (INTERMEDIARY mode), then the supplier (when it came from the intermediary). */
function stepOf(row: Row): Step | null {
  if (row.intermediary_status === 'PENDING' && row.report_status === 'BY_INTERMEDIARY') return 'REPORT';
  return row.provider_document_id ? 'SUPPLIER' : null;
}

function noticeOf(row: Row, companyId: string): ReceivedRejectionNotice {
  return {
    providerDocumentId: row.provider_document_id,
    number: row.number,
    issueDate: row.issue_date,
    supplierId: row.supplier_oib ?? '',
    recipientId: row.buyer_oib ?? companyId,
    rejectedOn: row.rejected_on,
    type: row.type as RejectionType,
    reason: row.reason,
  };
}

/** One attempt at one claimed row: asks, then concludes what it answered in one transaction. */
async function tellOne(deps: DeliveryDeps, port: DeliveryPort, provider: string, companyId: string, id: number, processId: string, at: Date, report: RejectionRoundReport): Promise<boolean> {
  const row = await repo.rejectionToTell(deps.db, id);
  if (!row) return false;
  const stamp = at.toISOString();
  const step = stepOf(row);
  const attempts = row.intermediary_attempts + 1;
  if (!step) {
    await repo.concludeRejection(deps.db, id, processId, { intermediary_status: 'DONE', intermediary_error: null, intermediary_next_at: null, updated_at: stamp });
    return false;
  }
  const notice = noticeOf(row, companyId);
  const answer: AcknowledgeOutcome = step === 'REPORT'
    ? await port.reportRejection(notice)
    : await port.tellSupplierRejected({ ...notice, providerDocumentId: row.provider_document_id ?? '' });
  const about = { receivedId: id, number: row.number, provider, step, providerDocumentId: row.provider_document_id };
  if (answer.outcome === 'unavailable') {
    // nothing known to have happened there: the same step again later
    await repo.concludeRejection(deps.db, id, processId, {
      intermediary_status: row.intermediary_status, intermediary_error: answer.detail, intermediary_attempts: attempts,
      intermediary_next_at: new Date(at.getTime() + backoffMs(attempts)).toISOString(), updated_at: stamp,
    });
    report.retry += 1;
    return false;
  }
  let more = false;
  await deps.db.transaction().execute(async (trx: Db) => {
    if (answer.outcome === 'ok') {
      more = step === 'REPORT' && row.provider_document_id !== null;
      await repo.concludeRejection(trx, id, processId, {
        intermediary_status: more ? 'REPORTED' : 'DONE', intermediary_error: null, intermediary_attempts: attempts, intermediary_next_at: more ? stamp : null, updated_at: stamp,
      });
      await audit(trx, null, { action: 'inbox.rejectionToIntermediary', details: { ...about, outcome: 'ok' } });
      report.told += 1;
    } else {
      const status = step === 'SUPPLIER' && row.report_status === 'BY_INTERMEDIARY' ? 'SUPPLIER_FAILED' : 'FAILED';
      await repo.concludeRejection(trx, id, processId, {
        intermediary_status: status, intermediary_error: answer.detail, intermediary_attempts: attempts, intermediary_next_at: null, updated_at: stamp,
      });
      await audit(trx, null, { action: 'inbox.rejectionToIntermediary', details: { ...about, outcome: 'refused', error: answer.detail } });
      report.refused += 1;
    }
  });
  return more;
}

/** One round: every rejection due to be told, each step in turn. */
export async function tellRejections(
  deps: DeliveryDeps, port: DeliveryPort, settings: { provider: string; companyId: string | null }, processId: string,
): Promise<RejectionRoundReport> {
  const report: RejectionRoundReport = { told: 0, refused: 0, retry: 0 };
  const at = deps.now?.() ?? new Date();
  const stamp = at.toISOString();
  const until = new Date(at.getTime() + CLAIM_MS).toISOString();
  for (const id of await repo.dueRejections(deps.db, stamp, BATCH)) {
    // the report accepted, the supplier next: claimed again at once
    while (await repo.claimRejection(deps.db, id, processId, stamp, until)) {
      if (!(await tellOne(deps, port, settings.provider, settings.companyId ?? '', id, processId, at, report))) break;
    }
  }
  return report;
}
