import {
  type IntermediaryRejection,
  type ReceivedRejection,
  type ReceivedStanding,
  type RejectionReportStatus,
  contract,
  paymentReportDeadline,
  monthDays,
  type RejectionReport,
  type RejectionReportRow,
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
import { getDeliverySettings, intermediarySetUp } from '../delivery';
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

/** Telling the intermediary (decision 042): what it is asked and where that stands; null when there is none to tell. */
function intermediaryOf(row: rejections.RejectionRow, setUp: boolean): IntermediaryRejection | null {
  if (row.intermediary_status === null) return null;
  const status = row.intermediary_status as IntermediaryRejection['status'];
  const open = status === 'PENDING' || status === 'REPORTED';
  return {
    status,
    reports: row.report_status === 'BY_INTERMEDIARY',
    tellsSupplier: row.provider_document_id !== null,
    attempts: row.intermediary_attempts,
    nextAttemptAt: open ? row.intermediary_next_at : null,
    error: row.intermediary_error,
    notSetUp: open && !setUp,
  };
}

/** Whether the intermediary is set up matters only while something waits to be sent to it. */
const setUpFor = async (db: Pick<InboxDeps, 'db'>['db'], row: rejections.RejectionRow): Promise<boolean> =>
  row.intermediary_status === 'PENDING' || row.intermediary_status === 'REPORTED' ? intermediarySetUp(db) : true;

export function toRejection(row: rejections.RejectionRow, language: Language, waitingForReceipt = false, setUp = true): ReceivedRejection {
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
    intermediary: intermediaryOf(row, setUp),
  };
}

/** The document's rejection for its detail; null while it is not rejected. */
export async function rejectionOf(deps: Pick<InboxDeps, 'db'>, documentId: number, language: Language, fiscalStatus?: string): Promise<ReceivedRejection | null> {
  const row = await rejections.rejectionOf(deps.db, documentId);
  return row ? toRejection(row, language, fiscalStatus !== undefined && fiscalStatus !== 'FISCALIZED', await setUpFor(deps.db, row)) : null;
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
  const delivery = await getDeliverySettings(deps);
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
    // who tells the intermediary (decision 042): in INTERMEDIARY mode it reports it (by its id, or without one for a
    // document imported by hand); a document that came from it is marked rejected there, so the supplier sees it
    const tellIntermediary = reportStatus === 'BY_INTERMEDIARY' || (delivery.configured && row.provider_document_id !== null);
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
      intermediary_status: tellIntermediary ? 'PENDING' : null,
      intermediary_next_at: tellIntermediary ? now : null,
      updated_at: now,
    });
    await record(trx, actor, {
      action: 'inbox.rejected',
      details: {
        receivedId: id, number: row.number, supplier: row.supplier_name, supplierOib: row.supplier_oib, rejectionDate: today,
        type: input.type, reason: input.reason, paidCents: paid, currencyCode: row.currency, report: reportStatus, intermediary: tellIntermediary,
      },
    });
    const stored = await rejections.rejectionOf(trx, id);
    const after = await repo.findById(trx, id);
    if (!stored || !after) throw new Error('the rejection just recorded is missing');
    const result = { rejection: toRejection(stored, language, row.fiscal_status !== 'FISCALIZED', delivery.configured), document: standing(after) };
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
    intermediaryStatus: row.intermediary_status as RejectionReportRow['intermediaryStatus'],
    intermediaryError: row.intermediary_error,
  }));
  return { month, deadline: paymentReportDeadline(month), rows, unreported: rows.filter(unreported).length };
}

/** Not yet reported: Faktura's own still pending or refused, the user's own (fiscalization off), the intermediary's refused. */
const unreported = (r: RejectionReportRow) =>
  ['PENDING', 'FAILED', 'NONE'].includes(r.reportStatus) || (r.reportStatus === 'BY_INTERMEDIARY' && r.intermediaryStatus === 'FAILED');

/** The words of a rejection's report status in a refusal: the report's own, or where the intermediary's telling stands. */
function rejectionStatusKey(reportStatus: string, intermediaryStatus: string | null): string {
  return reportStatus === 'BY_INTERMEDIARY' && intermediaryStatus
    ? `reports.rejections.intermediary.${intermediaryStatus}`
    : `reports.rejections.status.${reportStatus}`;
}

/** Who is woken after a rejection is queued: the fiscal worker (SELF mode's report) or the delivery worker (the intermediary). */
export type RejectionQueued = (worker: 'fiscalization' | 'intermediary') => void;

async function rejectionRead(trx: Parameters<typeof rejections.rejectionOf>[0], id: number, language: Language): Promise<{ rejection: ReceivedRejection }> {
  const stored = await rejections.rejectionOf(trx, id);
  if (!stored) throw new AppError('inboxNotFound');
  const document = await repo.findById(trx, id);
  return { rejection: toRejection(stored, language, document?.fiscal_status !== 'FISCALIZED', await setUpFor(trx, stored)) };
}

/**
 * `POST /api/v1/inbox/{id}/rejection/report-now` (decision 042): a report the Tax Administration
 * refused (`FAILED`, SELF mode) goes back to `PENDING`, due at the next round; one the intermediary
 * refused goes back to its outbox. Anything else is refused with `inboxRejectionNotFailed`, changing nothing.
 */
export async function reportRejectionNow(
  deps: InboxDeps, id: number, actor: NonNullable<Actor>, language: Language, finish?: Finish<{ rejection: ReceivedRejection }>, queued?: RejectionQueued,
): Promise<{ rejection: ReceivedRejection }> {
  let woken: 'fiscalization' | 'intermediary' | null = null;
  const result = await orderedTransaction(deps.db, async (trx) => {
    const row = await rejections.rejectionOf(trx, id);
    if (!row) throw new AppError('inboxNotFound');
    const at = nowIso();
    const refused = new AppError('inboxRejectionNotFailed', { texts: { status: rejectionStatusKey(row.report_status, row.intermediary_status) } });
    let previous: { error: string | null; code?: string | null };
    if (row.report_status === 'FAILED') {
      if (!(await rejections.reportAgain(trx, id, 'FISCAL', 'FAILED', 'PENDING', at))) throw refused;
      woken = 'fiscalization';
      previous = { code: row.error_code, error: row.error_text };
    } else if (row.intermediary_status === 'FAILED' || row.intermediary_status === 'SUPPLIER_FAILED') {
      const to = row.intermediary_status === 'FAILED' ? 'PENDING' : 'REPORTED';
      if (!(await rejections.reportAgain(trx, id, 'INTERMEDIARY', row.intermediary_status, to, at))) throw refused;
      woken = 'intermediary';
      previous = { error: row.intermediary_error };
    } else {
      throw refused;
    }
    await record(trx, actor, { action: 'inbox.rejectionReportAgain', details: { receivedId: id, number: row.number, to: woken, ...previous } });
    const answer = await rejectionRead(trx, id, language);
    await finish?.(trx, answer);
    return answer;
  });
  if (woken) queued?.(woken);
  return result;
}

/**
 * `POST /api/v1/inbox/{id}/rejection/reported` (decision 042): with fiscalization off (`NONE`), the
 * user says it reported the rejection in FiskAplikacija on `date` (not in the future, not before the
 * rejection): `REPORTED_BY_HAND`, no longer counted to report. Only a `NONE` one (`inboxRejectionNotByHand`).
 */
export async function rejectionReportedByHand(
  deps: InboxDeps, id: number, input: { date: string }, actor: NonNullable<Actor>, language: Language, finish?: Finish<{ rejection: ReceivedRejection }>,
): Promise<{ rejection: ReceivedRejection }> {
  const today = todayInZagreb(deps.now?.());
  return orderedTransaction(deps.db, async (trx) => {
    const row = await rejections.rejectionOf(trx, id);
    if (!row) throw new AppError('inboxNotFound');
    if (row.report_status !== 'NONE') throw new AppError('inboxRejectionNotByHand', { texts: { status: rejectionStatusKey(row.report_status, null) } });
    if (input.date > today) throw new AppError('inboxRejectionReportedInFuture', { field: 'date', params: { date: input.date, today } });
    if (input.date < row.rejected_on) throw new AppError('inboxRejectionReportedBeforeRejection', { field: 'date', params: { date: input.date, rejectedOn: row.rejected_on } });
    if (!(await rejections.reportedByHand(trx, id, input.date, nowIso()))) {
      const now = await rejections.rejectionOf(trx, id);
      throw new AppError('inboxRejectionNotByHand', { texts: { status: rejectionStatusKey(now?.report_status ?? row.report_status, null) } });
    }
    await record(trx, actor, { action: 'inbox.rejectionReportedByHand', details: { receivedId: id, number: row.number, reportedOn: input.date, rejectionDate: row.rejected_on } });
    const answer = await rejectionRead(trx, id, language);
    await finish?.(trx, answer);
    return answer;
  });
}

/** The routes, added to the inbox's plugin (inbox.routes.ts). */
export function rejectionRoutes(app: Parameters<typeof route>[0], deps: InboxDeps & { rejectionQueued?: RejectionQueued }): void {
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
    idempotent(deps.db, request, reply, 200, async (finish) => {
      const answer = await rejectReceived(deps, request.params.id, request.body, request.operator, request.language, finish);
      // its report (SELF mode) and the intermediary's telling go at once, not at the next round
      if (answer.rejection.report.status === 'PENDING') deps.rejectionQueued?.('fiscalization');
      if (answer.rejection.intermediary) deps.rejectionQueued?.('intermediary');
      return answer;
    }),
  );
  route(app, contract.inbox.reportRejectionNow, async (request, reply) =>
    idempotent(deps.db, request, reply, 200, (finish) => reportRejectionNow(deps, request.params.id, request.operator, request.language, finish, deps.rejectionQueued)),
  );
  route(app, contract.inbox.rejectionReportedByHand, async (request, reply) =>
    idempotent(deps.db, request, reply, 200, (finish) => rejectionReportedByHand(deps, request.params.id, request.body, request.operator, request.language, finish)),
  );
}
