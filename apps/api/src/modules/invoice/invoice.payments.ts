import {
  type PaidState,
  type Payment,
  type PaymentAmount,
  type PaymentProblem,
  type PaymentRecordMethod,
  type PaymentReportState,
  dueCents,
  outstandingCents,
  paidCents,
  paidState,
  type paymentCreateSchema,
  paymentDateProblem,
  paymentProblem,
  paymentReportCode,
  proposedRecordMethod,
  toCents,
  todayInZagreb,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { nowIso } from '../../db/time';
import { AppError, type AppErrorOptions } from '../../http/errors';
import type { Finish } from '../../http/idempotency';
import { type Actor, type AuditRecord, record } from '../audit';
import * as payments from './invoice.payment.repository';
import * as repo from './invoice.repository';
import { writeDocuments } from './invoice.write';

/*
 * Payments as records (issue 28, decision 027). An issued invoice's payments decide how much of it is
 * paid; its stored `state` follows them: CLEARED once they reach what is due (its total less its
 * credit notes), PUBLISHED again when a deletion takes them below, always through the repository's
 * update, so the month totals move with it (decision 009). An invoice settled by its credit notes
 * alone (`settled_with_original`) stays CLEARED whatever is paid on it. Every write runs in
 * `writeDocuments` on the invoice's family (decision 024) and leaves an audit entry.
 */

type PaymentInput = z.output<typeof paymentCreateSchema>;

/** Where an invoice stands with its payments. */
export interface Standing {
  id: number;
  state: 'PUBLISHED' | 'CLEARED';
  paidState: PaidState;
  dueCents: number;
  paidCents: number;
  outstandingCents: number;
}

const asAmounts = (rows: readonly payments.PaymentRow[]): PaymentAmount[] =>
  rows.map((r) => ({ id: r.id, amountCents: r.amount_cents, correctsPaymentId: r.corrects_payment_id }));

/**
 * The port through which the payment answers learn each payment's report to the Tax Administration
 * (decision 030): the fiscalization module's `paymentReports`, wired in app.ts, so this module knows
 * nothing of its outbox or messages. One call per answer for all its payments (null: not reported by
 * Faktura).
 */
export type PaymentReports = (
  db: Db,
  invoiceId: number,
  payments: readonly { id: number; paidOn: string; reportedAt: string | null }[],
) => Promise<ReadonlyMap<number, PaymentReportState | null>>;

/** The payments with their reports, in one read of the port. */
async function withReports(db: Db, reports: PaymentReports, invoiceId: number, rows: readonly payments.PaymentRow[], currencyCode: string): Promise<Payment[]> {
  const known = await reports(db, invoiceId, rows.map((r) => ({ id: r.id, paidOn: r.paid_on, reportedAt: r.reported_at })));
  return rows.map((r) => toPayment(r, currencyCode, known.get(r.id) ?? null));
}

export function toPayment(row: payments.PaymentRow, currencyCode: string, report: PaymentReportState | null): Payment {
  return {
    id: row.id,
    invoiceId: row.invoice_id,
    date: row.paid_on,
    amountCents: row.amount_cents,
    currencyCode,
    method: row.method,
    reportCode: paymentReportCode(row.method),
    note: row.note,
    correctsPaymentId: row.corrects_payment_id,
    operator: row.operator_name,
    operatorId: row.operator_id,
    reported: row.reported_at !== null,
    reportedAt: row.reported_at,
    report,
    createdAt: row.created_at,
  };
}

/** What is due on the invoice: its total less its credit notes. */
async function dueOf(db: Db, invoice: repo.InvoiceRow): Promise<number> {
  const notes = await repo.creditNotesOf(db, invoice.id);
  return dueCents(invoice.total_cents - invoice.prepaid_cents, notes.map((n) => n.total_cents));
}

/** The issued invoice (not a credit note) a payment is recorded on, or why not. */
async function payableInvoice(trx: Db, id: number): Promise<repo.InvoiceWithNames> {
  const row = await repo.findInvoice(trx, id);
  if (!row) throw new AppError('invoiceNotFound');
  if (row.state === 'DRAFT') throw new AppError('paymentForDraft');
  if (row.document_type === 'CREDIT_NOTE') throw new AppError('paymentForCreditNote');
  return row;
}

/**
 * Moves the invoice's state to follow its payments (inside the caller's write): CLEARED on
 * `clearedOn` (by default the latest day paid) with its open credit notes once they cover what is
 * due, PUBLISHED with its credit notes reopened once they no longer do. A change of state joins `audit`.
 */
async function followPayments(
  trx: Db,
  audit: AuditRecord[],
  row: repo.InvoiceWithNames,
  due: number,
  rows: readonly payments.PaymentRow[],
  clearedOn?: string,
): Promise<Standing> {
  const paid = paidCents(asAmounts(rows));
  let state: Standing['state'] = row.state === 'CLEARED' ? 'CLEARED' : 'PUBLISHED';
  const number = row.invoice_number;
  if (row.settled_with_original !== 1) {
    if (state === 'PUBLISHED' && paid >= due) {
      const latest = rows.reduce((day, r) => (r.amount_cents > 0 && r.paid_on > day ? r.paid_on : day), row.billing_date);
      const date = clearedOn ?? latest;
      await repo.updateInvoice(trx, row.id, { state: 'CLEARED', cleared_at: date, updated_at: nowIso() });
      await repo.settleCreditNotes(trx, row.id, date);
      audit.push({ action: 'invoice.cleared', invoiceId: row.id, details: { number, paymentDate: date } });
      state = 'CLEARED';
    } else if (state === 'CLEARED' && paid < due) {
      await repo.updateInvoice(trx, row.id, { state: 'PUBLISHED', cleared_at: null, updated_at: nowIso() });
      await repo.unsettleCreditNotes(trx, row.id);
      audit.push({ action: 'invoice.uncleared', invoiceId: row.id, details: { number, paymentDate: row.cleared_at } });
      state = 'PUBLISHED';
    }
  }
  return { id: row.id, state, paidState: paidState(due, paid), dueCents: due, paidCents: paid, outstandingCents: outstandingCents(due, paid) };
}

/** The audit entries of a payment write, last in its transaction (the audit head comes after the documents: decision 024). */
async function recordAll(trx: Db, actor: Actor, entries: readonly AuditRecord[]): Promise<void> {
  for (const entry of entries) await record(trx, actor, entry);
}

function refusal(problem: PaymentProblem, currency: string): AppError {
  const money = (cents: number) => ({ cents, currency });
  const options: Record<PaymentProblem['code'], AppErrorOptions> = {
    paymentAmountZero: { field: 'amount' },
    paymentCorrectionRequired: { field: 'correctsPaymentId' },
    paymentCorrectionNotNegative: { field: 'amount' },
    paymentCorrectionUnknown: { field: 'correctsPaymentId' },
    paymentCorrectionTooLarge: { field: 'amount', money: { max: money('maxCents' in problem ? problem.maxCents : 0) } },
    paymentBelowZero: { field: 'amount', money: { paid: money('paidCents' in problem ? problem.paidCents : 0) } },
    paymentOverpaid: { field: 'amount', money: { outstanding: money('outstandingCents' in problem ? problem.outstandingCents : 0) } },
  };
  return new AppError(problem.code, options[problem.code]);
}

/** Inserts a payment (checked by the caller), its audit entry joins `audit`; answers the payments now. */
async function insertAudited(
  trx: Db,
  actor: Actor,
  audit: AuditRecord[],
  row: repo.InvoiceWithNames,
  payment: { date: string; amountCents: number; method: PaymentRecordMethod; note: string | null; correctsPaymentId: number | null },
): Promise<payments.PaymentRow[]> {
  const id = await payments.insertPayment(trx, {
    invoice_id: row.id,
    paid_on: payment.date,
    amount_cents: payment.amountCents,
    method: payment.method,
    note: payment.note,
    corrects_payment_id: payment.correctsPaymentId,
    // a command-line action has no operator: the payment is then the invoice's operator's
    operator_id: actor?.id ?? row.operator_id,
    reported_at: null,
    created_at: nowIso(),
  });
  audit.push({
    action: 'payment.recorded',
    invoiceId: row.id,
    details: {
      number: row.invoice_number,
      paymentId: id,
      paymentDate: payment.date,
      amountCents: payment.amountCents,
      currencyCode: row.currency_code,
      method: payment.method,
      correctsPaymentId: payment.correctsPaymentId,
      note: payment.note,
    },
  });
  return payments.paymentsOf(trx, row.id);
}

/** `GET /api/v1/invoice/{id}/payment`: the invoice's payments, oldest first. */
export async function listPayments(db: Db, reports: PaymentReports, invoiceId: number): Promise<Payment[]> {
  const row = await repo.findInvoice(db, invoiceId);
  if (!row) throw new AppError('invoiceNotFound');
  return withReports(db, reports, invoiceId, await payments.paymentsOf(db, invoiceId), row.currency_code);
}

/** `POST /api/v1/invoice/{id}/payment`: records a payment received, or a negative correction of one. */
export async function recordPayment(
  db: Db,
  reports: PaymentReports,
  invoiceId: number,
  input: PaymentInput,
  actor: Actor,
  finish?: Finish<{ payment: Payment; invoice: Standing }>,
): Promise<{ payment: Payment; invoice: Standing }> {
  const today = todayInZagreb();
  return writeDocuments(db, [invoiceId], async (trx) => {
    const row = await payableInvoice(trx, invoiceId);
    const dateProblem = paymentDateProblem(input.date, row.billing_date, today);
    if (dateProblem) {
      throw new AppError(dateProblem.code, { params: { date: input.date, today, issueDate: row.billing_date }, field: 'date' });
    }
    const amountCents = toCents(input.amount);
    const before = await payments.paymentsOf(trx, invoiceId);
    const due = await dueOf(trx, row);
    const problem = paymentProblem(due, asAmounts(before), {
      amountCents,
      correctsPaymentId: input.correctsPaymentId,
      allowOverpayment: input.allowOverpayment,
    });
    if (problem) throw refusal(problem, row.currency_code);
    const audit: AuditRecord[] = [];
    const after = await insertAudited(trx, actor, audit, row, {
      date: input.date,
      amountCents,
      method: input.method,
      note: input.note,
      correctsPaymentId: input.correctsPaymentId ?? null,
    });
    const standing = await followPayments(trx, audit, row, due, after);
    await recordAll(trx, actor, audit);
    const recorded = after.find((p) => !before.some((b) => b.id === p.id));
    if (!recorded) throw new Error('the payment just recorded is missing');
    const [payment] = await withReports(trx, reports, invoiceId, [recorded], row.currency_code);
    if (!payment) throw new Error('the payment just recorded is missing');
    const result = { payment, invoice: standing };
    await finish?.(trx, result);
    return result;
  });
}

/** `DELETE /api/v1/invoice/{id}/payment/{paymentId}`: only while it has not been reported. */
export async function deletePayment(
  db: Db,
  invoiceId: number,
  paymentId: number,
  actor: Actor,
  finish?: Finish<{ id: number; invoice: Standing }>,
): Promise<{ id: number; invoice: Standing }> {
  return writeDocuments(db, [invoiceId], async (trx) => {
    const row = await repo.findInvoice(trx, invoiceId);
    if (!row) throw new AppError('invoiceNotFound');
    const before = await payments.paymentsOf(trx, invoiceId);
    const payment = before.find((p) => p.id === paymentId);
    if (!payment) throw new AppError('paymentNotFound');
    if (payment.reported_at !== null) throw new AppError('paymentReported');
    if (before.some((p) => p.corrects_payment_id === paymentId)) throw new AppError('paymentCorrected');
    const audit: AuditRecord[] = [];
    const after = await removeAudited(trx, audit, row, [payment], before);
    const standing = await followPayments(trx, audit, row, await dueOf(trx, row), after);
    await recordAll(trx, actor, audit);
    const result = { id: paymentId, invoice: standing };
    await finish?.(trx, result);
    return result;
  });
}

async function removeAudited(
  trx: Db,
  audit: AuditRecord[],
  row: repo.InvoiceWithNames,
  removed: readonly payments.PaymentRow[],
  before: readonly payments.PaymentRow[],
): Promise<payments.PaymentRow[]> {
  if (!(await payments.deletePayments(trx, row.id, removed.map((p) => p.id)))) throw new AppError('paymentBeingReported');
  for (const p of removed) {
    audit.push({
      action: 'payment.deleted',
      invoiceId: row.id,
      details: {
        number: row.invoice_number,
        paymentId: p.id,
        paymentDate: p.paid_on,
        amountCents: p.amount_cents,
        currencyCode: row.currency_code,
        method: p.method,
        correctsPaymentId: p.corrects_payment_id,
      },
    });
  }
  const gone = new Set(removed.map((p) => p.id));
  return before.filter((p) => !gone.has(p.id));
}

/**
 * After a credit note (inside its write): an invoice whose payments now cover what is left due is
 * CLEARED with its credit notes. Answers the audit entry to write after the credit note's own.
 */
export async function followCreditNote(trx: Db, invoiceId: number): Promise<AuditRecord[]> {
  const row = await repo.findInvoice(trx, invoiceId);
  if (!row || row.state !== 'PUBLISHED') return [];
  const audit: AuditRecord[] = [];
  await followPayments(trx, audit, row, await dueOf(trx, row), await payments.paymentsOf(trx, invoiceId));
  return audit;
}

/**
 * The spec's `clear` of an invoice (inside its write): a payment of what is still open, by transfer
 * (in cash or by card for a cash or card invoice), on `date`; the invoice becomes CLEARED on that day (also when nothing was left to pay).
 */
export async function payRemaining(trx: Db, actor: Actor, row: repo.InvoiceWithNames, date: string): Promise<Standing> {
  let rows = await payments.paymentsOf(trx, row.id);
  const due = await dueOf(trx, row);
  const open = outstandingCents(due, paidCents(asAmounts(rows)));
  const audit: AuditRecord[] = [];
  const method = proposedRecordMethod(row.payment_method);
  if (open > 0) rows = await insertAudited(trx, actor, audit, row, { date, amountCents: open, method, note: null, correctsPaymentId: null });
  const standing = await followPayments(trx, audit, row, due, rows, date);
  await recordAll(trx, actor, audit);
  return standing;
}

/**
 * The spec's `unclear` of an invoice paid by its payments (inside its write): deletes its latest
 * unreported payments (each with its corrections) until they no longer cover what is due, and the
 * invoice is PUBLISHED again. A reported payment in the way is refused (correct it instead).
 */
export async function unpayLatest(trx: Db, actor: Actor, row: repo.InvoiceWithNames): Promise<Standing> {
  let rows = await payments.paymentsOf(trx, row.id);
  const due = await dueOf(trx, row);
  const removed: payments.PaymentRow[] = [];
  const left = () => rows.filter((p) => !removed.includes(p));
  for (const payment of [...rows].reverse()) {
    if (paidCents(asAmounts(left())) < due) break;
    if (payment.amount_cents <= 0) continue;
    const family = rows.filter((p) => p.id === payment.id || p.corrects_payment_id === payment.id);
    if (family.some((p) => p.reported_at !== null)) throw new AppError('paymentReported');
    removed.push(...family);
  }
  const audit: AuditRecord[] = [];
  rows = await removeAudited(trx, audit, row, removed, rows);
  const standing = await followPayments(trx, audit, row, due, rows);
  await recordAll(trx, actor, audit);
  return standing;
}
