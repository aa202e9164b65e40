import {
  type AdvanceCreate,
  type OpenAdvance,
  advanceGroups,
  type advanceCreateSchema,
  deductAdvances,
  fromCents,
  invoiceCreateSchema,
  isAdvanceSplit,
  splitAdvance,
  todayInZagreb,
  toCents,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { AppError } from '../../http/errors';
import type { Finish } from '../../http/idempotency';
import type { Operator } from '../auth';
import { type AdvanceDeducter, createInvoice } from '../invoice';
import * as repo from './advance.repository';

type AdvanceInput = z.output<typeof advanceCreateSchema>;
export type { AdvanceCreate };

/**
 * Issues an advance invoice (račun za predujam, UBL 386; issue 48, decision 044) for a payment received
 * before the supply: one line per VAT rate, whose base is what the gross amount received at that rate
 * contains (`splitAdvance`), so the invoice totals exactly the money received; dated and numbered today
 * in the invoice sequence, fiscalized and delivered as every issued document is (the issue hooks), its
 * payment (on `paidOn`) recorded in the same transaction. The public way to make one: a quote's "Make
 * advance invoice" calls it with its client and amounts.
 */
export async function createAdvanceInvoice(
  db: Db,
  operator: Pick<Operator, 'id' | 'name'>,
  input: AdvanceInput,
  finish?: Finish<{ id: number; number: string | null }>,
): Promise<{ id: number; number: string | null }> {
  const today = todayInZagreb();
  if (input.paidOn > today)
    throw new AppError('validation', {
      messageKey: 'validation.advancePaidInFuture',
      params: { today },
      field: 'paidOn',
    });
  const lines = input.parts.map((part, index) => {
    const split = splitAdvance({ vatRateBp: part.vatRate * 100, grossCents: toCents(part.amount) });
    if (!isAdvanceSplit(split)) {
      const field = `parts.${index}.amount`;
      if (split.code === 'advanceAmountZero')
        throw new AppError('validation', { messageKey: 'validation.advanceAmountZero', field });
      const money = (cents: number) => ({ cents, currency: 'EUR' });
      throw new AppError('validation', {
        messageKey: 'validation.advanceGrossUnreachable',
        money: {
          amount: money(toCents(part.amount)),
          below: money(split.belowCents),
          above: money(split.aboveCents),
        },
        field,
      });
    }
    return {
      id: null,
      quantity: 1,
      description: input.description,
      descriptionEn: null,
      price: fromCents(split.baseCents),
      unit: 'SINGLE' as const,
      currency: 'EUR',
      discountPercent: 0,
      vatRate: part.vatRate,
    };
  });
  const totalCents = input.parts.reduce((sum, part) => sum + toCents(part.amount), 0);
  const invoice = invoiceCreateSchema.safeParse({
    clientId: input.clientId,
    billingDate: input.billingDate ?? undefined,
    // the advance is for a supply still to come: it is dated, supplied and due the day it is issued
    deliveryDate: today,
    servicePeriod: null,
    paymentDueDate: today,
    paymentMethod: input.paymentMethod,
    referenceModel: 'HR00',
    referenceNumber: null,
    extraInfo: null,
    contractType: null,
    contractDueDays: null,
    lineItems: lines,
    draft: false,
  });
  if (!invoice.success) throw new AppError('validation', { issues: invoice.error.issues });
  return createInvoice(db, operator, invoice.data, finish, { totalCents, paidOn: input.paidOn });
}

function toOpen(row: repo.AdvanceRow, lines: readonly repo.AdvanceLineRow[]): OpenAdvance {
  const vatGroups = groupsOf(row.id, lines);
  return {
    id: row.id,
    number: row.invoice_number,
    billingDate: row.billing_date,
    totalCents: vatGroups.reduce((sum, g) => sum + g.baseCents + g.vatCents, 0),
    vatGroups,
    currencyCode: row.currency_code,
  };
}

/** An advance's VAT groups, its credit notes netted (what is left of it to deduct). */
function groupsOf(advanceId: number, lines: readonly repo.AdvanceLineRow[]) {
  const own = lines.filter((l) => l.advance_id === advanceId);
  return advanceGroups([
    {
      lines: own.map((l) => ({
        priceCents: l.unit_price_cents,
        quantityMilli: l.quantity_milli,
        discountBp: l.discount_bp,
        vatRateBp: l.vat_rate_bp,
      })),
    },
  ]);
}

/** `GET /api/v1/advance?clientId=`: what the New invoice form proposes to deduct. */
export async function openAdvances(db: Db, clientId: number): Promise<OpenAdvance[]> {
  const rows = await repo.openAdvancesOf(db, clientId);
  const lines = await repo.advanceLines(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toOpen(row, lines)).filter((a) => a.totalCents > 0);
}

/**
 * The invoice module's deduction hook (registered in app.ts): the chosen advances must be this
 * client's issued advance invoices, in the invoice's currency, not deducted before (the write locked
 * them first) and not credited in full; together at most the invoice's total. What each deducts is
 * stored with its per-rate groups.
 */
export const deductAdvancesHook: AdvanceDeducter = async (trx, invoice, advanceIds) => {
  const rows = await repo.advancesByIds(trx, advanceIds);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines = await repo.advanceLines(trx, advanceIds);
  const chosen = advanceIds.map((id, index) => {
    const row = byId.get(id);
    const field = `advanceIds.${index}`;
    if (
      !row ||
      row.document_type !== 'ADVANCE' ||
      row.state === 'DRAFT' ||
      row.client_id !== invoice.clientId
    ) {
      throw new AppError('validation', { messageKey: 'validation.advanceUnknown', field });
    }
    const number = row.invoice_number ?? '';
    if (row.deducted_by_id !== null)
      throw new AppError('validation', {
        messageKey: 'validation.advanceDeducted',
        params: { number, by: row.deducted_by ?? '' },
        field,
      });
    if (row.currency_code !== invoice.currencyCode)
      throw new AppError('validation', {
        messageKey: 'validation.advanceCurrency',
        params: { number },
        field,
      });
    const open = toOpen(row, lines);
    if (row.credit_status === 'FULL' || open.totalCents <= 0)
      throw new AppError('validation', {
        messageKey: 'validation.advanceFullyCredited',
        params: { number },
        field,
      });
    return open;
  });
  const deduction = deductAdvances(invoice.totalCents, chosen);
  if (!deduction) {
    const money = (cents: number) => ({ cents, currency: invoice.currencyCode });
    const prepaid = chosen.reduce((sum, a) => sum + a.totalCents, 0);
    throw new AppError('validation', {
      messageKey: 'validation.advancesExceedTotal',
      money: { prepaid: money(prepaid), total: money(invoice.totalCents) },
      field: 'advanceIds',
    });
  }
  return {
    prepaidCents: deduction.prepaidCents,
    record: (db, finalInvoiceId) =>
      repo.insertDeductions(
        db,
        finalInvoiceId,
        chosen.map((a) => ({
          advanceId: a.id,
          amountCents: a.totalCents,
          vatGroups: JSON.stringify(a.vatGroups),
        })),
      ),
  };
};
