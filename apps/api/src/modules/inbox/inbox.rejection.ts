import {
  type ReceivedRejection,
  type ReceivedStanding,
  type RejectionReportStatus,
  contract,
  paymentReportDeadline,
  monthDays,
  type RejectionReport,
  type RejectionType,
  type receivedRejectSchema,
  todayInZagreb,
  type Language,
} from '@faktura/shared';
import type { z } from 'zod';
import { orderedTransaction } from '../../db/lockOrder';
import { nowIso } from '../../db/time';
import { AppError } from '../../http/errors';
import { type Finish, idempotent } from '../../http/idempotency';
import { route } from '../../http/route';
import { type Actor, record } from '../audit';
import { fiscalReason, getFiscalSettings } from '../fiscalization';
import type { InboxDeps } from './inbox.service';
import * as repo from './inbox.repository';
import { rejectionReportCsv, rejectionReportFileName, rejectionReportPdf } from './inbox.rejectionReport.files';
import * as rejections from './rejection.repository';
import { sendDownload } from '../../http/download';

/*
 * Rejecting a received e-invoice (issue 47, decision 040). The rejection is the user's declaration
 * that the input VAT of that invoice will not be deducted (ZoF čl. 52 st. 3); it is dated today
 * (Zagreb), made once per document, and reported to the Tax Administration by the 20th of the next
 * month (ZoF čl. 52 st. 1): by Faktura in SELF mode, by the intermediary in INTERMEDIARY mode, by the
 * user (FiskAplikacija) when fiscalization is off. One ordered transaction (decision 024): the
 * document's row first (so two rejections at once cannot both pass), the rejection and its report's
 * outbox row, the audit entry, the idempotency key's answer.
 */

type RejectInput = z.output<typeof receivedRejectSchema>;

/** The 20th of the month after the day of rejection (no move for weekends or holidays: the law names none). */
export const rejectionDeadline = (day: string): string => paymentReportDeadline(day.slice(0, 7));

export function toRejection(row: rejections.RejectionRow, language: Language, waitingForReceipt = false): ReceivedRejection {
  const status = row.report_status as RejectionReportStatus;
  return {
    date: row.rejected_on,
    type: row.type as ReceivedRejection['type'],
    reason: row.reason,
    operator: row.operator_name,
    createdAt: row.created_at,
    wasPaid: row.was_paid === 1,
    report: {
      status,
      deadline: row.deadline,
      attempts: row.attempts,
      nextAttemptAt: status === 'PENDING' ? row.next_attempt_at : null,
      waitingForReceipt: status === 'PENDING' && waitingForReceipt,
      requestId: row.request_id,
      reportedAt: row.reported_at,
      error: row.error_code
        ? { code: row.error_code, text: row.error_text, reason: fiscalReason(language, row.error_code) }
        : null,
    },
  };
}

/** The document's rejection for its detail; null while it is not rejected. */
export async function rejectionOf(deps: Pick<InboxDeps, 'db'>, documentId: number, language: Language, fiscalStatus?: string): Promise<ReceivedRejection | null> {
  const row = await rejections.rejectionOf(deps.db, documentId);
  return row ? toRejection(row, language, fiscalStatus !== undefined && fiscalStatus !== 'FISCALIZED') : null;
}

function standing(row: repo.ReceivedRow): ReceivedStanding {
  const payable = Number(row.payable_cents);
  const paid = Number(row.paid_cents);
  return { id: Number(row.id), state: row.state as ReceivedStanding['state'], payableCents: payable, paidCents: paid, openCents: Math.max(0, payable - paid) };
}

/** `POST /api/v1/inbox/{id}/reject`. */
export async function rejectReceived(
  deps: InboxDeps,
  id: number,
  input: RejectInput,
  actor: NonNullable<Actor>,
  language: Language,
  finish?: Finish<{ rejection: ReceivedRejection; document: ReceivedStanding }>,
): Promise<{ rejection: ReceivedRejection; document: ReceivedStanding }> {
  const today = todayInZagreb(deps.now?.());
  const fiscal = await getFiscalSettings(deps);
  const byMode: RejectionReportStatus = fiscal.mode === 'SELF' ? 'PENDING' : fiscal.mode === 'INTERMEDIARY' ? 'BY_INTERMEDIARY' : 'NONE';
  return orderedTransaction(deps.db, async (trx) => {
    const row = await repo.findById(trx, id);
    if (!row) throw new AppError('inboxNotFound');
    // a supplier abroad sent no Croatian e-invoice (nothing fiscalized as received): Faktura cannot report its rejection (decision 040)
    const reportStatus: RejectionReportStatus = row.fiscal_status === 'NOT_REQUIRED' ? 'NOT_REQUIRED' : byMode;
    const already = async () => {
      const earlier = await rejections.rejectionOf(trx, id);
      return new AppError('inboxAlreadyRejected', { params: { date: earlier?.rejected_on ?? today } });
    };
    if (row.state === 'REJECTED') throw await already();
    const paid = Number(row.paid_cents);
    if (paid > 0 && input.confirmPaid !== true) {
      throw new AppError('inboxRejectPaidUnconfirmed', { field: 'confirmPaid', money: { paid: { cents: paid, currency: row.currency } } });
    }
    if (!(await rejections.markRejected(trx, id))) throw await already();
    const now = nowIso();
    await rejections.insertRejection(trx, {
      document_id: id,
      rejected_on: today,
      type: input.type,
      reason: input.reason,
      was_paid: paid > 0 ? 1 : 0,
      operator_id: actor.id,
      created_at: now,
      report_status: reportStatus,
      deadline: rejectionDeadline(today),
      next_attempt_at: now,
      updated_at: now,
    });
    await record(trx, actor, {
      action: 'inbox.rejected',
      details: {
        receivedId: id, number: row.number, supplier: row.supplier_name, supplierOib: row.supplier_oib, rejectionDate: today,
        type: input.type, reason: input.reason, paidCents: paid, currencyCode: row.currency, report: reportStatus,
      },
    });
    const stored = await rejections.rejectionOf(trx, id);
    const after = await repo.findById(trx, id);
    if (!stored || !after) throw new Error('the rejection just recorded is missing');
    const result = { rejection: toRejection(stored, language, row.fiscal_status !== 'FISCALIZED'), document: standing(after) };
    await finish?.(trx, result);
    return result;
  });
}

/** `GET /api/v1/reports/rejections?month=`: the month's rejections and where each report stands. */
export async function rejectionReport(deps: Pick<InboxDeps, 'db'>, month: string): Promise<RejectionReport> {
  const { from, to } = monthDays(month);
  const rows = (await rejections.rejectionsBetween(deps.db, from, to)).map((row) => ({
    receivedId: row.document_id,
    supplierName: row.supplier_name,
    supplierOib: row.supplier_oib,
    number: row.number,
    issueDate: row.issue_date,
    date: row.rejected_on,
    type: row.type as RejectionType,
    reason: row.reason,
    reportStatus: row.report_status as RejectionReportStatus,
    requestId: row.request_id,
    errorCode: row.error_code,
  }));
  return { month, deadline: paymentReportDeadline(month), rows, unreported: rows.filter((r) => ['PENDING', 'FAILED', 'NONE'].includes(r.reportStatus)).length };
}

/** The routes, added to the inbox's plugin (inbox.routes.ts). */
export function rejectionRoutes(app: Parameters<typeof route>[0], deps: InboxDeps): void {
  route(app, contract.reports.rejections, async (request) => ({ data: await rejectionReport(deps, request.query.month) }));
  route(app, contract.reports.rejectionsCsv, async (request, reply) => {
    const report = await rejectionReport(deps, request.query.month);
    return sendDownload(reply, 'text/csv; charset=utf-8', rejectionReportFileName(report.month, 'csv'), rejectionReportCsv(report));
  });
  route(app, contract.reports.rejectionsPdf, async (request, reply) => {
    const report = await rejectionReport(deps, request.query.month);
    const pdf = await rejectionReportPdf(report, request.query.lang ?? request.language, todayInZagreb());
    return sendDownload(reply, 'application/pdf', rejectionReportFileName(report.month, 'pdf'), pdf);
  });
  route(app, contract.inbox.reject, async (request, reply) =>
    idempotent(deps.db, request, reply, 200, (finish) => rejectReceived(deps, request.params.id, request.body, request.operator, request.language, finish)),
  );
}
