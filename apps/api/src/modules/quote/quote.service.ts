import {
  type PaymentMethod,
  type Quote,
  type QuoteListRow,
  type QuoteState,
  type QuoteStatus,
  type VatTreatment,
  contractDates,
  invoiceCreateSchema,
  lineToWire,
  type quoteConvertSchema,
  type quoteInputSchema,
  quoteStatus,
  todayInZagreb,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { orderedTransaction } from '../../db/lockOrder';
import { nowIso } from '../../db/time';
import { AppError } from '../../http/errors';
import type { Finish } from '../../http/idempotency';
import { type Actor, record } from '../audit';
import type { Operator } from '../auth';
import { clientWithAddress } from '../company';
import { createInvoice, priceDocument } from '../invoice';
import { lineFromRow, lineToRow, linesToAnswer } from './quote.lines';
import * as repo from './quote.repository';

type QuoteInput = z.output<typeof quoteInputSchema>;

/** P-7/2026: its own yearly sequence, never the invoices' (decision 043). */
export const quoteNumber = (row: { number_seq: number; number_year: number }) => `P-${row.number_seq}/${row.number_year}`;

const statusOf = (row: repo.QuoteRow, today: string): QuoteStatus => quoteStatus(row.state as QuoteState, row.valid_until, today);

function invoiceOf(row: repo.QuoteRow) {
  return row.invoice_id !== null && row.invoice_exists !== null ? { id: row.invoice_id, number: row.invoice_number } : null;
}

export async function findQuote(db: Db, id: number): Promise<repo.QuoteRow> {
  const row = await repo.findQuote(db, id);
  if (!row) throw new AppError('quoteNotFound');
  return row;
}

function toListRow(row: repo.QuoteRow, today: string): QuoteListRow {
  return {
    id: row.id,
    number: quoteNumber(row),
    clientId: row.client_id,
    client: row.client_name,
    state: row.state as QuoteState,
    status: statusOf(row, today),
    quoteDate: row.quote_date,
    validUntil: row.valid_until,
    currencyCode: row.currency_code,
    totalCents: row.total_cents,
    invoice: invoiceOf(row),
  };
}

export async function getQuote(db: Db, id: number): Promise<Quote> {
  const row = await findQuote(db, id);
  const [lines, client] = await Promise.all([repo.linesOf(db, id), clientWithAddress(db, row.client_id)]);
  const today = todayInZagreb();
  return {
    ...toListRow(row, today),
    paymentDueDays: row.payment_due_days,
    paymentMethod: row.payment_method as PaymentMethod,
    vatTreatment: row.vat_treatment as VatTreatment,
    eurFxRate: row.eur_fx_rate,
    note: row.note,
    ...linesToAnswer(lines),
    subtotalCents: row.subtotal_cents,
    vatCents: row.vat_cents,
    sentAt: row.sent_at,
    decidedAt: row.decided_at,
    editable: row.state === 'DRAFT',
    documentLanguage: (client?.address?.countryCode ?? 'HR') === 'HR' ? 'hr' : 'en',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The list, newest first, by status (EXPIRED read from "valid until" and Zagreb's today). The search
 * runs over the number and the client's name, any case; a business keeps hundreds of quotes, not the
 * invoices' tens of thousands, so it reads them all.
 */
export async function listQuotes(db: Db, query: { status?: QuoteStatus | undefined; q?: string | undefined }): Promise<QuoteListRow[]> {
  const today = todayInZagreb();
  const rows = (await repo.listQuotes(db, query.status, today)).map((row) => toListRow(row, today));
  const words = (query.q ?? '').trim().toLocaleLowerCase('hr').split(/\s+/).filter(Boolean);
  if (words.length === 0) return rows;
  return rows.filter((row) => {
    const text = `${row.number} ${row.client}`.toLocaleLowerCase('hr');
    return words.every((word) => text.includes(word));
  });
}

/** The stored values of a quote: its lines priced as an invoice's would be. */
async function valuesOf(db: Db, input: QuoteInput) {
  const priced = await priceDocument(db, input);
  return {
    values: {
      client_id: input.clientId,
      quote_date: input.quoteDate,
      valid_until: input.validUntil,
      payment_due_days: input.paymentDueDays,
      payment_method: input.paymentMethod,
      vat_treatment: priced.treatment,
      currency_code: priced.currencyCode,
      eur_fx_rate: priced.eurFxRate,
      note: input.note,
      subtotal_cents: priced.subtotalCents,
      vat_cents: priced.vatCents,
      total_cents: priced.totalCents,
    },
    lines: priced.lines.map(lineToRow),
    client: priced.client.name,
  };
}

export async function createQuote(
  db: Db,
  operator: Pick<Operator, 'id' | 'name'>,
  input: QuoteInput,
  finish?: Finish<{ id: number; number: string }>,
): Promise<{ id: number; number: string }> {
  return orderedTransaction(db, async (trx) => {
    const { values, lines, client } = await valuesOf(trx, input);
    const year = Number(input.quoteDate.slice(0, 4));
    const seq = await repo.takeNextNumber(trx, year);
    const now = nowIso();
    const id = await repo.insertQuote(trx, {
      ...values, number_year: year, number_seq: seq, operator_id: operator.id, state: 'DRAFT',
      sent_at: null, decided_at: null, invoice_id: null, created_at: now, updated_at: now,
    });
    await repo.replaceLines(trx, id, lines);
    const number = quoteNumber({ number_seq: seq, number_year: year });
    await record(trx, operator, { action: 'quote.created', details: { quoteId: id, number, client, totalCents: values.total_cents, currency: values.currency_code } });
    await finish?.(trx, { id, number });
    return { id, number };
  });
}

/** Only a draft changes (decision 043): what was sent stays as the client has it; a new offer is a new quote. */
function assertDraft(row: repo.QuoteRow) {
  if (row.state !== 'DRAFT') throw new AppError('quoteNotEditable', { params: { number: quoteNumber(row) } });
}

export async function updateQuote(db: Db, id: number, input: QuoteInput, actor: Actor, finish?: Finish<Quote>): Promise<Quote> {
  await orderedTransaction(db, async (trx) => {
    const row = await findQuote(trx, id);
    assertDraft(row);
    const { values, lines } = await valuesOf(trx, input);
    await repo.updateQuote(trx, id, { ...values, updated_at: nowIso() });
    await repo.replaceLines(trx, id, lines);
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of ['client_id', 'quote_date', 'valid_until', 'payment_due_days', 'payment_method', 'total_cents'] as const) {
      if (row[key] !== values[key]) changes[key] = { from: row[key], to: values[key] };
    }
    await record(trx, actor, { action: 'quote.updated', details: { quoteId: id, number: quoteNumber(row), changes } });
    if (finish) await finish(trx, await getQuote(trx, id));
  });
  return getQuote(db, id);
}

export async function deleteQuote(db: Db, id: number, actor: Actor, finish?: Finish<{ id: number }>): Promise<{ id: number }> {
  return orderedTransaction(db, async (trx) => {
    const row = await findQuote(trx, id);
    assertDraft(row);
    await repo.deleteQuote(trx, id);
    // the newest number of its year is given back; an older one stays a gap (a quote is no fiscal document)
    await repo.releaseNumber(trx, row.number_year, row.number_seq);
    await record(trx, actor, { action: 'quote.deleted', details: { quoteId: id, number: quoteNumber(row), client: row.client_name } });
    await finish?.(trx, { id });
    return { id };
  });
}

type Marked = 'SENT' | 'ACCEPTED' | 'DECLINED';
const AUDIT_OF = { SENT: 'quote.sent', ACCEPTED: 'quote.accepted', DECLINED: 'quote.declined' } as const;

/** DRAFT → SENT → ACCEPTED or DECLINED (a draft may be accepted or declined at once, as told by phone). */
function assertMarkable(row: repo.QuoteRow, to: Marked) {
  const allowed = to === 'SENT' ? row.state === 'DRAFT' : row.state === 'DRAFT' || row.state === 'SENT';
  if (!allowed) {
    throw new AppError('quoteStateChange', { params: { number: quoteNumber(row) } });
  }
}

export async function markQuote(db: Db, id: number, to: Marked, actor: Actor, finish?: Finish<Quote>, details: Record<string, unknown> = {}): Promise<Quote> {
  await orderedTransaction(db, async (trx) => {
    const row = await findQuote(trx, id);
    assertMarkable(row, to);
    const now = nowIso();
    await repo.updateQuote(trx, id, { state: to, updated_at: now, ...(to === 'SENT' ? { sent_at: now } : { decided_at: now }) });
    await record(trx, actor, { action: AUDIT_OF[to], details: { quoteId: id, number: quoteNumber(row), ...details } });
    if (finish) await finish(trx, await getQuote(trx, id));
  });
  return getQuote(db, id);
}

/** A sent e-mail recorded on the quote: a draft becomes SENT; a quote sent again keeps its state. */
export async function recordSent(db: Db, id: number, actor: Actor, details: Record<string, unknown>): Promise<void> {
  const row = await findQuote(db, id);
  if (row.state === 'DRAFT') {
    await markQuote(db, id, 'SENT', actor, undefined, details);
    return;
  }
  await orderedTransaction(db, async (trx) => {
    await record(trx, actor, { action: 'quote.sent', details: { quoteId: id, number: quoteNumber(row), ...details } });
  });
}

/**
 * "Make invoice": a new invoice draft dated today through the invoice module's own `createInvoice`
 * (the quote's client, lines, VAT treatment, currency and rate; supplied today, due the quote's
 * payment terms from today, decision 026), in the same transaction as the quote's ACCEPTED and its
 * link, and the audit entry on the new invoice that names the quote (its History says so). Made
 * already: refused unless `again`; a declined quote is refused.
 */
export async function convertQuote(
  db: Db,
  id: number,
  input: z.output<typeof quoteConvertSchema>,
  operator: Pick<Operator, 'id' | 'name'>,
  finish?: Finish<{ invoiceId: number; quoteId: number }>,
): Promise<{ invoiceId: number; quoteId: number }> {
  const row = await findQuote(db, id);
  const number = quoteNumber(row);
  if (row.state === 'DECLINED') throw new AppError('quoteDeclined', { params: { number } });
  const made = invoiceOf(row);
  if (made && !input.again) {
    throw made.number
      ? new AppError('quoteAlreadyConverted', { params: { number, invoice: made.number } })
      : new AppError('quoteAlreadyConverted', { messageKey: 'quotes.errors.alreadyConvertedDraft', params: { number } });
  }
  const lines = (await repo.linesOf(db, id)).map(lineFromRow);
  const today = todayInZagreb();
  const dates = contractDates(null, row.payment_due_days, today);
  const parsed = invoiceCreateSchema.safeParse({
    clientId: row.client_id,
    ...dates,
    paymentMethod: row.payment_method,
    vatTreatment: row.vat_treatment,
    eurFxRate: row.eur_fx_rate,
    draft: true,
    lineItems: lines.map((line) => lineToWire(line)),
  });
  if (!parsed.success) throw new AppError('validation', { issues: parsed.error.issues });
  const created = await createInvoice(db, operator, parsed.data, async (trx, invoice) => {
    if (!(await repo.markConverted(trx, id, made?.id ?? null, invoice.id, nowIso()))) {
      throw new AppError('quoteAlreadyConverted', { messageKey: 'quotes.errors.alreadyConvertedDraft', params: { number } });
    }
    await record(trx, operator, { action: 'quote.converted', invoiceId: invoice.id, details: { quoteId: id, number, to: input.to } });
    await finish?.(trx, { invoiceId: invoice.id, quoteId: id });
  });
  return { invoiceId: created.id, quoteId: id };
}
