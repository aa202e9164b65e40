import { type Issuer, formatInvoiceNumber, isEInvoiceRecipient, supplyDateProblems, timeInZagreb, todayInZagreb } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { nowIso } from '../../db/time';
import { AppError } from '../../http/errors';
import type { Finish } from '../../http/idempotency';
import { type Actor, type AuditRecord, record } from '../audit';
import { auditIssued } from './invoice.audit';
import { operatorOib } from '../auth';
import { clientWithAddress } from '../company';
import { getIssuer } from '../issuer';
import { keptForDelivery, keptForFiscalization } from './invoice.actions';
import { creditStatusAfter } from './invoice.lines';
import { paymentSum } from './invoice.payment.repository';
import { payRemaining, unpayLatest } from './invoice.payments';
import * as repo from './invoice.repository';
import { writeDocuments } from './invoice.write';
import {
  type ClientSnapshot,
  type IssuerSnapshot,
  buildClientSnapshot,
  buildIssuerSnapshot,
  parseClientSnapshot,
} from './invoice.snapshot';
import { runIssueHooks } from './invoice.issueHooks';

/**
 * An invoice or credit note is dated the day it is really issued (Fiscalization Act; decision 026):
 * a request may leave the date of issue out, and one it sends must be today.
 */
export function assertDatedToday(sent: string | null | undefined, today: string): void {
  if (sent && sent !== today) {
    throw new AppError('billingDateNotToday', { params: { date: sent, today }, field: 'billingDate' });
  }
}

/**
 * Issues a draft inside the caller's transaction, now: dates it today (Europe/Zagreb) with the time
 * of issue, checks its dates of supply and due date against that day, takes the next number of the
 * sequence (year of issue / premises / device), stores what the invoice says about its client and
 * issuer, and marks it PUBLISHED. Returns the number.
 */
export async function issueWithin(trx: Db, id: number, now = new Date()): Promise<string> {
  const today = todayInZagreb(now);
  const row = await repo.findInvoice(trx, id);
  if (!row) throw new AppError('invoiceNotFound');
  if (row.state !== 'DRAFT') throw new AppError('invoiceAlreadyIssued');
  const issuer = await getIssuer(trx);
  if (!issuer) throw new AppError('issuerMissing');
  const [problem] = supplyDateProblems(
    {
      deliveryDate: row.delivery_date,
      servicePeriod: row.service_period_start && row.service_period_end ? { start: row.service_period_start, end: row.service_period_end } : null,
      paymentDueDate: row.payment_due_date,
      // a credit note repeats its invoice's period, which for rent may still be running
      contractType: row.document_type === 'CREDIT_NOTE' ? 'RENT' : row.contract_type,
    },
    today,
  );
  if (problem) throw new AppError('validation', { messageKey: problem.messageKey, field: problem.field });
  // numbers follow the year of issue; every document of a sequence is dated the day it takes its number
  const sequence = { year: Number(today.slice(0, 4)), premises: issuer.premisesCode, device: issuer.deviceCode };
  const seq = await repo.takeNextNumber(trx, sequence);
  const number = formatInvoiceNumber(seq, sequence.premises, sequence.device);
  // a credit note is addressed to the client exactly as the invoice it corrects named them
  const original = row.credited_invoice_id === null ? undefined : await repo.findInvoice(trx, row.credited_invoice_id);
  const client = original?.client_snapshot
    ? parseClientSnapshot(original.id, original.client_snapshot)
    : await clientSnapshot(trx, row.client_id);
  if (row.document_type === 'INVOICE') await requireKpdForEInvoice(trx, id, client);
  await requireOperatorOibForEInvoice(trx, row, client);
  await repo.updateInvoice(trx, id, {
    state: 'PUBLISHED',
    billing_date: today,
    invoice_number: number,
    number_year: sequence.year,
    number_seq: seq,
    premises_code: sequence.premises,
    device_code: sequence.device,
    issued_at: now.toISOString(),
    issue_time: timeInZagreb(now),
    client_snapshot: JSON.stringify(client),
    issuer_snapshot: JSON.stringify(await issuerSnapshot(trx, issuer, row)),
    updated_at: nowIso(),
  });
  // e.g. into the fiscalization outbox, in this transaction (decision 030)
  await runIssueHooks(trx, id);
  return number;
}

/**
 * A Croatian business client receives the invoice as an e-invoice, and an e-invoice needs a KPD 2025
 * code on every line (HR-BR-25): an invoice that could never become a valid e-invoice is not issued.
 */
async function requireKpdForEInvoice(db: Db, id: number, client: ClientSnapshot): Promise<void> {
  if (!isEInvoiceRecipient({ countryCode: client.address.country_code, pin: client.pin, kind: client.kind })) return;
  const lines = await repo.linesOf(db, [id]);
  const index = lines.findIndex((line) => !line.kpdCode);
  const missing = lines[index];
  if (missing) {
    throw new AppError('validation', {
      messageKey: 'validation.kpdRequired',
      params: { name: missing.description },
      field: `lineItems.${index}.kpdCode`,
    });
  }
}

/**
 * An e-invoice (or e-credit note) names the TIN (OIB) of the operator who issued it (HR-BT-5): a
 * document that could not become a valid e-invoice is not issued, and the refusal says where the
 * operator enters the OIB (Settings > General > Your account).
 */
async function requireOperatorOibForEInvoice(db: Db, row: repo.InvoiceWithNames, client: ClientSnapshot): Promise<void> {
  if (!isEInvoiceRecipient({ countryCode: client.address.country_code, pin: client.pin, kind: client.kind })) return;
  if (await operatorOib(db, row.operator_id)) return;
  throw new AppError('issueOperatorOib', { params: { name: row.operator_name } });
}

async function clientSnapshot(db: Db, clientId: number): Promise<ClientSnapshot> {
  const client = await clientWithAddress(db, clientId);
  if (!client?.address) throw new AppError('companyNotFound');
  return buildClientSnapshot(client, client.address);
}

/** The issuer, and the invoice's operator (the name the printout shows), as they are at issue. */
async function issuerSnapshot(db: Db, issuer: Issuer, invoice: repo.InvoiceWithNames): Promise<IssuerSnapshot> {
  return buildIssuerSnapshot(issuer, { name: invoice.operator_name, oib: await operatorOib(db, invoice.operator_id) });
}

/**
 * The last steps of a lifecycle verb, inside its transaction: the audit entry, then the idempotent
 * answer stored with the work (`finish`), then the answer.
 */
async function concluded<T>(trx: Db, actor: Actor, entry: AuditRecord, result: T, finish: Finish<T> | undefined): Promise<T> {
  await record(trx, actor, entry);
  await finish?.(trx, result);
  return result;
}

/** What the clear and unclear verbs answer. */
export interface StateResult {
  id: number;
  state: 'PUBLISHED' | 'CLEARED';
  number: string | null;
}

export async function issueInvoice(
  db: Db,
  id: number,
  actor: Actor,
  finish?: Finish<StateResult>,
): Promise<StateResult> {
  return writeDocuments(db, [id], async (trx) => {
    const number = await issueWithin(trx, id);
    await auditIssued(trx, actor, id);
    const result: StateResult = { id, state: 'PUBLISHED', number };
    await finish?.(trx, result);
    return result;
  });
}

/**
 * Marks an issued invoice paid on the given day (today by default): a payment of what is still open
 * is recorded (TRANSFER, decision 027) and its open credit notes are settled with it. A credit note is marked cleared on its own only when it is a refund of an invoice
 * already paid.
 */
export async function clearInvoice(
  db: Db,
  id: number,
  paymentDate: string | undefined,
  actor: Actor,
  finish?: Finish<StateResult>,
): Promise<StateResult> {
  const today = todayInZagreb();
  return writeDocuments(db, [id], async (trx) => {
    const row = await repo.findInvoice(trx, id);
    if (!row) throw new AppError('invoiceNotFound');
    if (row.state === 'DRAFT') throw new AppError('invoiceNotIssued');
    if (row.state === 'CLEARED') throw new AppError('invoiceAlreadyCleared');
    const date = paymentDate ?? today;
    if (date < row.billing_date || date > today) {
      throw new AppError('validation', { messageKey: 'validation.paymentDateRange', field: 'paymentDate' });
    }
    if (row.credited_invoice_id !== null) {
      const original = await repo.findInvoice(trx, row.credited_invoice_id);
      if (original && original.state !== 'CLEARED') {
        throw new AppError('creditNoteSettledWithInvoice', { params: { number: original.invoice_number ?? '' } });
      }
    }
    if (row.document_type === 'INVOICE') {
      // an invoice is paid by a payment record of what is still open (decision 027), which clears it
      const standing = await payRemaining(trx, actor, row, date);
      const result: StateResult = { id, state: standing.state, number: row.invoice_number };
      await finish?.(trx, result);
      return result;
    }
    await repo.updateInvoice(trx, id, { state: 'CLEARED', cleared_at: date, updated_at: nowIso() });
    const result: StateResult = { id, state: 'CLEARED', number: row.invoice_number };
    return concluded(trx, actor, { action: 'invoice.cleared', invoiceId: id, details: { number: row.invoice_number, paymentDate: date } }, result, finish);
  });
}

/**
 * Undoes a mistaken clearing (and reopens the credit notes that were settled with it): an invoice's
 * latest unreported payments are deleted until it is no longer paid (decision 027).
 */
export async function unclearInvoice(
  db: Db,
  id: number,
  actor: Actor,
  finish?: Finish<StateResult>,
): Promise<StateResult> {
  return writeDocuments(db, [id], async (trx) => {
    const row = await repo.findInvoice(trx, id);
    if (!row) throw new AppError('invoiceNotFound');
    if (row.state !== 'CLEARED') throw new AppError('invoiceNotCleared');
    if (row.credit_status === 'FULL') throw new AppError('invoiceFullyCredited', { params: { number: row.invoice_number ?? '' } });
    if (row.settled_with_original === 1) {
      const original = row.credited_invoice_id === null ? undefined : await repo.findInvoice(trx, row.credited_invoice_id);
      throw new AppError('creditNoteSettledWithInvoice', { params: { number: original?.invoice_number ?? '' } });
    }
    if (row.document_type === 'INVOICE') {
      // its latest payments go, until they no longer pay it (decision 027)
      const standing = await unpayLatest(trx, actor, row);
      const result: StateResult = { id, state: standing.state, number: row.invoice_number };
      await finish?.(trx, result);
      return result;
    }
    await repo.updateInvoice(trx, id, { state: 'PUBLISHED', cleared_at: null, updated_at: nowIso() });
    const result: StateResult = { id, state: 'PUBLISHED', number: row.invoice_number };
    return concluded(trx, actor, { action: 'invoice.uncleared', invoiceId: id, details: { number: row.invoice_number, paymentDate: row.cleared_at } }, result, finish);
  });
}

/**
 * Drafts can always be deleted. An issued invoice only while uncleared and the newest of its
 * sequence; its number is given back, so no gap appears. Anything else is a 409 that says why.
 */
export async function deleteInvoice(
  db: Db,
  id: number,
  actor: Actor,
  finish?: Finish<{ id: number }>,
): Promise<{ id: number }> {
  return writeDocuments(db, [id], async (trx) => {
    const row = await repo.findInvoice(trx, id);
    if (!row) throw new AppError('invoiceNotFound');
    // a credit note settled with its invoice may still be withdrawn while it is the newest document
    const notes = await repo.creditNotesOf(trx, id);
    if (notes.length > 0) {
      const list = notes.map((n) => n.invoice_number ?? '').join(', ');
      throw new AppError('invoiceHasCreditNotes', { params: { number: row.invoice_number ?? '', notes: list } });
    }
    const settledNote = row.document_type === 'CREDIT_NOTE' && row.settled_with_original === 1;
    if (row.state === 'CLEARED' && !settledNote) throw new AppError('invoiceCleared');
    // a payment received stays on record: the invoice it was paid on stays too
    if ((await paymentSum(trx, id)).count > 0) throw new AppError('invoiceHasPayments', { params: { number: row.invoice_number ?? '' } });
    // a document Faktura fiscalizes (or is about to) is on the Tax Administration's record
    if (keptForFiscalization((await repo.fiscalRecord(trx, id))?.status)) throw new AppError('invoiceFiscalized', { params: { number: row.invoice_number ?? '' } });
    // an e-invoice handed to the intermediary exists outside Faktura too (issue 32)
    if (keptForDelivery(await repo.deliveryStatus(trx, id))) throw new AppError('invoiceSentEInvoice', { params: { number: row.invoice_number ?? '' } });
    if (row.state !== 'DRAFT') {
      const sequence = { year: row.number_year ?? 0, premises: row.premises_code ?? '', device: row.device_code ?? '' };
      if (row.number_seq === null || !(await repo.releaseNumber(trx, sequence, row.number_seq))) {
        throw new AppError('invoiceNotNewest', { params: { number: row.invoice_number ?? '' } });
      }
    }
    await repo.deleteInvoice(trx, id);
    if (row.credited_invoice_id !== null) {
      // the credited quantities return to the invoice the deleted credit note corrected
      const lines = await repo.linesOf(trx, [row.credited_invoice_id]);
      const original = await repo.findInvoice(trx, row.credited_invoice_id);
      const status = creditStatusAfter(lines, await repo.creditedQuantities(trx, row.credited_invoice_id));
      await repo.updateInvoice(trx, row.credited_invoice_id, { credit_status: status, updated_at: nowIso() });
      if (original?.settled_with_original === 1 && status !== 'FULL') {
        // it was settled by its credit notes alone: it is open again, and so are they
        await repo.updateInvoice(trx, row.credited_invoice_id, {
          state: 'PUBLISHED', cleared_at: null, settled_with_original: 0, updated_at: nowIso(),
        });
        await repo.unsettleCreditNotes(trx, row.credited_invoice_id);
      }
    }
    const entry: AuditRecord = {
      action: 'invoice.deleted',
      invoiceId: id,
      relatedInvoiceId: row.credited_invoice_id,
      details: {
        number: row.invoice_number,
        documentType: row.document_type,
        state: row.state,
        billingDate: row.billing_date,
        client: row.client_name,
        totalCents: Number(row.total_cents),
      },
    };
    return concluded(trx, actor, entry, { id }, finish);
  });
}
