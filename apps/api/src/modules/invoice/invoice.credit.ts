import { quantityFromWire, quantityToWire, todayInZagreb } from '@faktura/shared';
import type { z } from 'zod';
import type { creditNoteCreateSchema } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { nowIso } from '../../db/time';
import { AppError } from '../../http/errors';
import type { Finish } from '../../http/idempotency';
import { auditCreditNote } from './invoice.audit';
import { record } from '../audit';
import { followCreditNote } from './invoice.payments';
import type { Operator } from '../auth';
import { assertDatedToday, issueWithin } from './invoice.lifecycle';
import { creditStatusAfter, lineOf, withTotals } from './invoice.lines';
import * as repo from './invoice.repository';
import { writeDocuments } from './invoice.write';

type CreditNoteInput = z.output<typeof creditNoteCreateSchema>;

/**
 * Issues a credit note (odobrenje) for an issued invoice, in one transaction: the credited lines
 * (all that remain, or the given quantities) become lines with negative quantities that point at the
 * original's lines; the note takes the next number of the same sequence as invoices; the original
 * keeps its number and content and records that it is partly or fully credited.
 *
 * Money: an unpaid invoice's credit notes lower what is owed and are settled with it when it is
 * marked cleared; a fully credited unpaid invoice is settled at once (nothing left to pay). A credit
 * note for an invoice already paid stays open until the refund is marked cleared.
 */
export async function createCreditNote(
  db: Db,
  operator: Operator,
  invoiceId: number,
  input: CreditNoteInput,
  finish?: Finish<{ id: number; number: string | null }>,
): Promise<{ id: number; number: string | null }> {
  const issuedAt = new Date();
  const today = todayInZagreb(issuedAt);
  // dated the day it is issued, like every document of the sequence (decision 026)
  assertDatedToday(input.billingDate, today);
  const billingDate = today;
  return writeDocuments(db, [invoiceId], async (trx) => {
    const original = await repo.findInvoice(trx, invoiceId);
    if (!original) throw new AppError('invoiceNotFound');
    if (original.document_type === 'CREDIT_NOTE') throw new AppError('creditNoteForCreditNote');
    if (original.state === 'DRAFT') throw new AppError('creditNoteForDraft');
    const number = original.invoice_number ?? '';
    if (original.credit_status === 'FULL') throw new AppError('invoiceFullyCredited', { params: { number } });
    if (original.document_type === 'ADVANCE') {
      // an advance deducted on a final invoice is settled there: that invoice is what a credit note corrects (issue 48)
      const final = await repo.finalInvoiceOf(trx, invoiceId);
      if (final) throw new AppError('advanceDeducted', { params: { number, by: final.invoice_number ?? '' } });
    }

    const lines = await repo.linesOf(trx, [invoiceId]);
    const creditedBefore = await repo.creditedQuantities(trx, invoiceId);
    const remaining = new Map(lines.map((l) => [l.id, l.quantityMilli - (creditedBefore.get(l.id) ?? 0)]));
    const requested = input.lines
      ? input.lines.map((line, index) => {
          const left = remaining.get(line.lineId);
          if (left === undefined) {
            throw new AppError('validation', { messageKey: 'validation.creditLineUnknown', field: `lines.${index}.lineId` });
          }
          const quantity = quantityFromWire(line.quantity);
          if (quantity > left) {
            throw new AppError('validation', {
              messageKey: 'validation.creditExceedsRemaining',
              // a number: the reason writes it as the reader's language writes numbers ("1,5")
              params: { remaining: quantityToWire(left) },
              field: `lines.${index}.quantity`,
            });
          }
          return { lineId: line.lineId, quantity };
        })
      : lines.filter((l) => (remaining.get(l.id) ?? 0) > 0).map((l) => ({ lineId: l.id, quantity: remaining.get(l.id) ?? 0 }));
    if (requested.length === 0) throw new AppError('validation', { messageKey: 'validation.creditNothingRemains', field: 'lines' });
    // a line at 0 is not credited: it is left out of the note; all at 0 would credit nothing
    const credited = requested.filter(({ quantity }) => quantity > 0);
    if (credited.length === 0) throw new AppError('validation', { messageKey: 'validation.creditAllZero', field: 'lines' });

    const byId = new Map(lines.map((l) => [l.id, l]));
    const { lines: noteLines, totals } = withTotals(
      credited.map(({ lineId, quantity }) => {
        const line = byId.get(lineId);
        if (!line) throw new AppError('invoiceNotFound');
        // the credited line as it is, with the quantity credited taken off
        return { ...lineOf(line), quantityMilli: -quantity, creditedLineId: line.id };
      }),
    );

    const now = nowIso();
    const id = await repo.insertInvoice(trx, {
      client_id: original.client_id,
      ...repo.UNISSUED,
      operator_id: operator.id,
      document_type: 'CREDIT_NOTE',
      credited_invoice_id: original.id,
      credit_reason: input.reason,
      payment_method: original.payment_method,
      contract_type: null,
      contract_due_days: null,
      billing_date: billingDate,
      // the supply it corrects: the invoice's date and period of supply
      delivery_date: original.delivery_date,
      service_period_start: original.service_period_start,
      service_period_end: original.service_period_end,
      // nothing falls due on a credit note: its due date is its own date
      payment_due_date: billingDate,
      extra_info: null,
      reference_model: original.reference_model,
      reference_number: original.reference_number,
      currency_code: original.currency_code,
      eur_fx_rate: original.eur_fx_rate,
      vat_treatment: original.vat_treatment,
      subtotal_cents: totals.subtotalCents,
      vat_cents: totals.vatCents,
      total_cents: totals.totalCents,
      created_at: now,
      updated_at: now,
    });
    await repo.replaceLines(trx, id, noteLines);
    const noteNumber = await issueWithin(trx, id, issuedAt);

    const status = creditStatusAfter(lines, await repo.creditedQuantities(trx, invoiceId));
    await repo.updateInvoice(trx, invoiceId, { credit_status: status, updated_at: now });
    if (status === 'FULL' && original.state === 'PUBLISHED') {
      // nothing is left to pay: the invoice and its open credit notes are settled together
      // settled_with_original on an invoice: cleared by its credit notes, not by a payment
      await repo.updateInvoice(trx, invoiceId, { state: 'CLEARED', cleared_at: billingDate, settled_with_original: 1, updated_at: now });
      await repo.settleCreditNotes(trx, invoiceId, billingDate);
    }
    // part payments may already cover what is left due: then it is paid (decision 027)
    const paidEntries = await followCreditNote(trx, invoiceId);
    await auditCreditNote(trx, operator, id, invoiceId, input.reason);
    for (const entry of paidEntries) await record(trx, operator, entry);
    await finish?.(trx, { id, number: noteNumber });
    return { id, number: noteNumber };
  });
}
