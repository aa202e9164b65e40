import { computeTotals, todayInZagreb, toMilli } from '@faktura/shared';
import type { z } from 'zod';
import type { creditNoteCreateSchema } from '@faktura/shared';
import type { Db } from '../../db/connection';
import { nowIso } from '../../db/time';
import { AppError } from '../../http/errors';
import type { Finish } from '../../http/idempotency';
import { auditCreditNote } from '../audit/invoiceAudit';
import type { Operator } from '../auth/auth.service';
import { issueWithin } from './invoice.lifecycle';
import { creditStatusAfter } from './invoice.lines';
import * as repo from './invoice.repository';

type CreditNoteInput = z.output<typeof creditNoteCreateSchema>;

const formatQuantity = (milli: number) => String(milli / 1000);

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
  const today = todayInZagreb();
  return db.transaction().execute(async (trx) => {
    const original = await repo.findInvoice(trx, invoiceId);
    if (!original) throw new AppError('invoiceNotFound');
    if (original.document_type === 'CREDIT_NOTE') throw new AppError('creditNoteForCreditNote');
    if (original.state === 'DRAFT') throw new AppError('creditNoteForDraft');
    const number = original.invoice_number ?? '';
    if (original.credit_status === 'FULL') throw new AppError('invoiceFullyCredited', { params: { number } });

    const billingDate = input.billingDate ?? today;
    if (billingDate > today) throw new AppError('validation', { messageKey: 'validation.notAfterToday', field: 'billingDate' });
    if (billingDate < original.billing_date) {
      throw new AppError('validation', {
        messageKey: 'validation.creditBeforeInvoice',
        params: { date: original.billing_date },
        field: 'billingDate',
      });
    }

    const lines = await repo.linesOf(trx, [invoiceId]);
    const credited = await repo.creditedQuantities(trx, invoiceId);
    const remaining = new Map(lines.map((l) => [l.id, l.quantity_milli - (credited.get(l.id) ?? 0)]));
    const requested = input.lines
      ? input.lines.map((line, index) => {
          const left = remaining.get(line.lineId);
          if (left === undefined) {
            throw new AppError('validation', { messageKey: 'validation.creditLineUnknown', field: `lines.${index}.lineId` });
          }
          const quantity = toMilli(line.quantity);
          if (quantity > left) {
            throw new AppError('validation', {
              messageKey: 'validation.creditExceedsRemaining',
              params: { remaining: formatQuantity(left) },
              field: `lines.${index}.quantity`,
            });
          }
          return { lineId: line.lineId, quantity };
        })
      : lines.filter((l) => (remaining.get(l.id) ?? 0) > 0).map((l) => ({ lineId: l.id, quantity: remaining.get(l.id) ?? 0 }));
    if (requested.length === 0) throw new AppError('validation', { messageKey: 'validation.creditNothingRemains', field: 'lines' });

    const byId = new Map(lines.map((l) => [l.id, l]));
    const noteLines = requested.map(({ lineId, quantity }) => {
      const line = byId.get(lineId);
      if (!line) throw new AppError('invoiceNotFound');
      return {
        line_item_id: line.line_item_id,
        description: line.description,
        description_en: line.description_en,
        quantity_milli: -quantity,
        unit: line.unit,
        unit_price_cents: line.unit_price_cents,
        currency_code: line.currency_code,
        discount_bp: line.discount_bp,
        vat_rate_bp: line.vat_rate_bp,
        line_total_cents: 0,
        kpd_code: line.kpd_code,
        credited_line_id: line.id,
      };
    });
    const totals = computeTotals(
      noteLines.map((l) => ({ priceCents: l.unit_price_cents, quantityMilli: l.quantity_milli, discountBp: l.discount_bp, vatRateBp: l.vat_rate_bp })),
    );
    noteLines.forEach((line, i) => (line.line_total_cents = totals.lineNetCents[i] ?? 0));

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
      delivery_date: original.delivery_date,
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
    const noteNumber = await issueWithin(trx, id, today);

    const status = creditStatusAfter(lines, await repo.creditedQuantities(trx, invoiceId));
    await repo.updateInvoice(trx, invoiceId, { credit_status: status, updated_at: now });
    if (status === 'FULL' && original.state === 'PUBLISHED') {
      // nothing is left to pay: the invoice and its open credit notes are settled together
      // settled_with_original on an invoice: cleared by its credit notes, not by a payment
      await repo.updateInvoice(trx, invoiceId, { state: 'CLEARED', cleared_at: billingDate, settled_with_original: 1, updated_at: now });
      await repo.settleCreditNotes(trx, invoiceId, billingDate);
    }
    await auditCreditNote(trx, operator, id, invoiceId, input.reason);
    await finish?.(trx, { id, number: noteNumber });
    return { id, number: noteNumber };
  });
}
