import {
  type ReceivedPayment,
  type ReceivedStanding,
  contract,
  paymentDateProblem,
  type receivedPaymentCreateSchema,
  todayInZagreb,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { orderedTransaction } from '../../db/lockOrder';
import { nowIso } from '../../db/time';
import { AppError } from '../../http/errors';
import { type Finish, idempotent } from '../../http/idempotency';
import { route } from '../../http/route';
import { type Actor, record } from '../audit';
import * as repo from './inbox.repository';
import * as payments from './payments.repository';

/*
 * The user's payments of received e-invoices (issue 46, decision 039). Part payments add up; the
 * document reads PAID once they reach its PayableAmount, RECEIVED with the rest open otherwise (what
 * the HUB-3A code then asks for). Reporting the payment to the Tax Administration is the supplier's
 * duty, so Faktura only records it and any payment can be undone while the document is not rejected.
 * Each write is one ordered transaction (decision 024): the document's row, the payment, the audit
 * entry, the idempotency key's answer.
 */

type PaymentInput = z.output<typeof receivedPaymentCreateSchema>;
type Row = repo.ReceivedRow;

export function toReceivedPayment(row: payments.ReceivedPaymentRow, currency: string): ReceivedPayment {
  return {
    id: row.id,
    documentId: row.document_id,
    date: row.paid_on,
    amountCents: row.amount_cents,
    currency,
    method: row.method,
    note: row.note,
    operator: row.operator_name,
    createdAt: row.created_at,
  };
}

/** The payments shown on the document's page, oldest first. */
export async function receivedPayments(db: Db, documentId: number, currency: string): Promise<ReceivedPayment[]> {
  return (await payments.paymentsOf(db, documentId)).map((row) => toReceivedPayment(row, currency));
}

function standing(row: Row): ReceivedStanding {
  const payable = Number(row.payable_cents);
  const paid = Number(row.paid_cents);
  return { id: Number(row.id), state: row.state as ReceivedStanding['state'], payableCents: payable, paidCents: paid, openCents: Math.max(0, payable - paid) };
}

async function found(trx: Db, id: number): Promise<Row> {
  const row = await repo.findById(trx, id);
  if (!row) throw new AppError('inboxNotFound');
  return row;
}

/** Why a payment of `amountCents` cannot be recorded on this document now; null when it can. */
function refusal(row: Row, amountCents: number): AppError | null {
  if (row.document_type !== 'INVOICE') return new AppError('inboxPaymentCreditNote');
  if (row.state === 'REJECTED') return new AppError('inboxPaymentRejected');
  const open = Math.max(0, Number(row.payable_cents) - Number(row.paid_cents));
  if (amountCents > open) {
    return new AppError('inboxPaymentOverOpen', { field: 'amountCents', money: { amount: { cents: amountCents, currency: row.currency }, open: { cents: open, currency: row.currency } } });
  }
  return null;
}

/** `POST /api/v1/inbox/{id}/payment`: a payment the user made, at most what is still open. */
export async function recordReceivedPayment(
  db: Db,
  id: number,
  input: PaymentInput,
  actor: NonNullable<Actor>,
  finish?: Finish<{ payment: ReceivedPayment; document: ReceivedStanding }>,
): Promise<{ payment: ReceivedPayment; document: ReceivedStanding }> {
  const today = todayInZagreb();
  return orderedTransaction(db, async (trx) => {
    const row = await found(trx, id);
    const early = refusal(row, input.amountCents);
    if (early) throw early;
    const dateProblem = paymentDateProblem(input.date, row.issue_date, today);
    if (dateProblem) {
      const code = dateProblem.code === 'paymentDateInFuture' ? 'inboxPaymentInFuture' : 'inboxPaymentBeforeIssue';
      throw new AppError(code, { params: { date: input.date, today, issueDate: row.issue_date }, field: 'date' });
    }
    if (!(await payments.addPaid(trx, id, input.amountCents))) {
      // another write changed the document since it was read (a payment at the same moment): say what stands now
      throw refusal(await found(trx, id), input.amountCents) ?? new AppError('inboxPaymentOverOpen');
    }
    const after = await found(trx, id);
    const paymentId = await payments.insertPayment(trx, {
      document_id: id,
      paid_on: input.date,
      amount_cents: input.amountCents,
      method: input.method,
      note: input.note,
      operator_id: actor.id,
      created_at: nowIso(),
    });
    await record(trx, actor, {
      action: 'inbox.paymentRecorded',
      details: {
        receivedId: id, number: row.number, supplier: row.supplier_name, paymentId, paymentDate: input.date,
        amountCents: input.amountCents, currencyCode: row.currency, method: input.method, note: input.note, state: after.state,
      },
    });
    const recorded = (await payments.paymentsOf(trx, id)).find((p) => p.id === paymentId);
    if (!recorded) throw new Error('the payment just recorded is missing');
    const result = { payment: toReceivedPayment(recorded, row.currency), document: standing(after) };
    await finish?.(trx, result);
    return result;
  });
}

/** `DELETE /api/v1/inbox/{id}/payment/{paymentId}`: undoes a payment (never on a rejected document). */
export async function deleteReceivedPayment(
  db: Db,
  id: number,
  paymentId: number,
  actor: NonNullable<Actor>,
  finish?: Finish<{ id: number; document: ReceivedStanding }>,
): Promise<{ id: number; document: ReceivedStanding }> {
  return orderedTransaction(db, async (trx) => {
    const row = await found(trx, id);
    if (row.state === 'REJECTED') throw new AppError('inboxPaymentRejected');
    const payment = (await payments.paymentsOf(trx, id)).find((p) => p.id === paymentId);
    if (!payment) throw new AppError('inboxPaymentNotFound');
    if (!(await payments.subtractPaid(trx, id, payment.amount_cents))) throw new AppError('inboxPaymentRejected');
    // undone by another request at the same moment: this one changes nothing
    if (!(await payments.deletePayment(trx, id, paymentId))) throw new AppError('inboxPaymentNotFound');
    const after = await found(trx, id);
    await record(trx, actor, {
      action: 'inbox.paymentDeleted',
      details: {
        receivedId: id, number: row.number, supplier: row.supplier_name, paymentId, paymentDate: payment.paid_on,
        amountCents: payment.amount_cents, currencyCode: row.currency, method: payment.method, state: after.state,
      },
    });
    const result = { id: paymentId, document: standing(after) };
    await finish?.(trx, result);
    return result;
  });
}

/** The two routes, added to the inbox's plugin (inbox.routes.ts). */
export function paymentRoutes(app: Parameters<typeof route>[0], db: Db): void {
  route(app, contract.inbox.recordPayment, async (request, reply) =>
    idempotent(db, request, reply, 201, (finish) => recordReceivedPayment(db, request.params.id, request.body, request.operator, finish)),
  );
  route(app, contract.inbox.deletePayment, async (request, reply) =>
    idempotent(db, request, reply, 200, (finish) => deleteReceivedPayment(db, request.params.id, request.params.paymentId, request.operator, finish)),
  );
}
