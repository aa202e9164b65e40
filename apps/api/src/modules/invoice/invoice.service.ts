import {
  type ClientKind,
  HRK_PER_EUR,
  type Invoice,
  type InvoiceCreate,
  type VatTreatment,
  defaultVatTreatment,
  invoiceCreateSchema,
  isEInvoiceRecipient,
  type invoiceUpdateSchema,
  todayInZagreb,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { nowIso } from '../../db/time';
import { AppError } from '../../http/errors';
import type { Finish } from '../../http/idempotency';
import { type Actor, changesBetween, record } from '../audit';
import { auditIssued } from './invoice.audit';
import { deductionHook } from './invoice.advanceHooks';
import { deductedAdvanceOf } from './invoice.advances';
import type { Operator } from '../auth';
import { clientWithAddress } from '../company';
import { issuerInVatSystem } from '../issuer';
import { assertDatedToday, issueWithin } from './invoice.lifecycle';
import { linesFingerprint, priceLines } from './invoice.lines';
import { servicePeriodOf, toInvoice } from './invoice.mapper';
import { deleteAction } from './invoice.actions';
import { payRemaining } from './invoice.payments';
import * as repo from './invoice.repository';
import { writeDocuments } from './invoice.write';
import { type ClientSnapshot, parseClientSnapshot } from './invoice.snapshot';

type CreateInput = z.output<typeof invoiceCreateSchema>;

/**
 * Units of a currency per euro that can be true: a typo such as 0.000001 would count $100 as
 * €100,000,000 in every euro figure. USD has stayed between 0.8 and 1.6 per euro since 1999.
 */
const PLAUSIBLE_FX: Record<string, { min: number; max: number }> = { USD: { min: 0.5, max: 2 } };

function fxRateFor(currency: string, given: string | null | undefined): string | null {
  if (currency === 'EUR') return null;
  if (currency === 'HRK') return HRK_PER_EUR;
  if (!given) throw new AppError('validation', { messageKey: 'validation.fxRateRequired', field: 'eurFxRate' });
  const range = PLAUSIBLE_FX[currency];
  if (range && (Number(given) < range.min || Number(given) > range.max)) {
    throw new AppError('validation', {
      messageKey: 'validation.fxRateRange',
      params: { currency, min: range.min, max: range.max },
      field: 'eurFxRate',
    });
  }
  return given;
}

/** Resolves the client and the VAT treatment the invoice gets unless the operator chose one. */
async function clientAndTreatment(db: Db, clientId: number, chosen: VatTreatment | undefined) {
  const client = await clientWithAddress(db, clientId);
  if (!client) throw new AppError('validation', { messageKey: 'errors.companyNotFound', field: 'clientId' });
  const inVatSystem = await issuerInVatSystem(db);
  const treatment =
    chosen ??
    defaultVatTreatment({
      issuerInVatSystem: inVatSystem,
      clientCountry: client.address?.countryCode ?? 'HR',
      // a private person's OIB is no VAT number: an EU consumer is never reverse charged
      clientVatNumber: client.kind === 'CONSUMER' ? null : client.pin,
    });
  return { client, treatment };
}

/**
 * The stored values of a new invoice or a draft saved `today`. Its `billing_date` is today: the
 * date of issue once it is issued now, and for a draft the day it was last saved (decision 026).
 */
async function buildValues(db: Db, input: CreateInput, today: string) {
  const { treatment } = await clientAndTreatment(db, input.clientId, input.vatTreatment);
  const known = await repo.existingLineItems(
    db,
    input.lineItems.flatMap((l) => (l.id === null ? [] : [l.id])),
  );
  const priced = priceLines(input.lineItems, treatment, known);
  const invoice = {
    client_id: input.clientId,
    payment_method: input.paymentMethod,
    contract_type: input.contractType,
    contract_due_days: input.contractDueDays,
    billing_date: today,
    delivery_date: input.deliveryDate,
    service_period_start: input.servicePeriod?.start ?? null,
    service_period_end: input.servicePeriod?.end ?? null,
    payment_due_date: input.paymentDueDate,
    extra_info: input.extraInfo,
    reference_model: input.referenceModel,
    reference_number: input.referenceNumber,
    currency_code: priced.currencyCode,
    eur_fx_rate: fxRateFor(priced.currencyCode, input.eurFxRate),
    vat_treatment: treatment,
    subtotal_cents: priced.subtotalCents,
    vat_cents: priced.vatCents,
    total_cents: priced.totalCents,
  };
  return { invoice, lines: priced.lines };
}

/**
 * A document's lines priced as an invoice's are (the client's VAT treatment unless one is chosen, the
 * catalogue's KPD codes, the one shared `computeTotals`), and its exchange rate checked: what a quote
 * stores (decision 043), so the invoice made from it has the same lines and amounts.
 */
export async function priceDocument(
  db: Db,
  input: { clientId: number; lineItems: CreateInput['lineItems']; vatTreatment?: VatTreatment | undefined; eurFxRate?: string | null | undefined },
) {
  const { client, treatment } = await clientAndTreatment(db, input.clientId, input.vatTreatment);
  const known = await repo.existingLineItems(db, input.lineItems.flatMap((l) => (l.id === null ? [] : [l.id])));
  const priced = priceLines(input.lineItems, treatment, known);
  return { client, treatment, ...priced, eurFxRate: fxRateFor(priced.currencyCode, input.eurFxRate) };
}

export async function getInvoice(db: Db, id: number): Promise<Invoice> {
  // two statements side by side (issue 33 item 1): the document with its credit notes, the invoice it
  // corrects and what the detail shows beside it (`invoiceDetailRows`); its lines with what was credited of each
  const [rows, { lines, credited }] = await Promise.all([repo.invoiceDetailRows(db, id), repo.detailLines(db, id)]);
  const row = rows[0];
  if (!row || row.role !== 0) throw new AppError('invoiceNotFound');
  const isCreditNote = row.document_type === 'CREDIT_NOTE';
  const creditNotes = isCreditNote ? [] : rows.filter((r) => r.role === 1);
  const original = row.credited_invoice_id === null ? undefined : rows.find((r) => r.role === 2);
  // the newest number taken in the invoice's sequence (none for a draft)
  const last = row.number_year === null || !row.premises_code || !row.device_code ? undefined : (row.last_seq ?? 0);
  // the client snapshot read once: for the e-invoice mark and language here, for the name in toInvoice
  const snapshot = row.client_snapshot ? parseClientSnapshot(row.id, row.client_snapshot) : undefined;
  const client = snapshot ? clientOfSnapshot(snapshot) : clientNow(row);
  const paid = { paidCents: Number(row.paid_cents ?? 0), count: Number(row.payment_count ?? 0) };
  const fiscal: repo.FiscalRecord | undefined =
    row.fiscal_status === null
      ? undefined
      : {
          status: row.fiscal_status,
          kind: row.fiscal_kind ?? '',
          request_id: row.fiscal_request_id,
          fiscalized_at: row.fiscal_fiscalized_at,
          attempts: row.fiscal_attempts ?? 0,
          error_code: row.fiscal_error_code,
          error_text: row.fiscal_error_text,
          deadline: row.fiscal_deadline ?? '',
          next_attempt_at: row.fiscal_next_attempt_at ?? '',
          zki: row.fiscal_zki,
          jir: row.fiscal_jir,
        };
  const delivery: repo.DeliveryRecord | undefined =
    row.delivery_status === null
      ? undefined
      : {
          status: row.delivery_status,
          provider_document_id: row.delivery_provider_document_id,
          provider_status: row.delivery_provider_status,
          error: row.delivery_error,
          fiscalized: row.delivery_fiscalized,
          fiscal_error: row.delivery_fiscal_error,
          e_reported: row.delivery_e_reported,
          attempts: row.delivery_attempts ?? 0,
          next_attempt_at: row.delivery_next_attempt_at,
          status_at: row.delivery_status_at,
          buyer_rejected_at: row.delivery_buyer_rejected_at,
          buyer_rejection_type: row.delivery_buyer_rejection_type,
          buyer_rejection_reason: row.delivery_buyer_rejection_reason,
        } as repo.DeliveryRecord;
  // the re-issue links (issue 47), from the same statement
  const reissue = {
    of: row.reissue_of_id === null ? null : { id: row.reissue_of_id, number: row.reissue_of_number },
    by: rows.filter((r) => r.role === 3).map((r) => ({ id: r.id, number: r.invoice_number })),
  };
  // a final invoice's advances and an advance's final invoice (issue 48), from the same statement
  const advances = rows.filter((r) => r.role === 4).map(deductedAdvanceOf);
  const final = rows.find((r) => r.role === 5);
  return toInvoice(row, lines, {
    advances,
    deductedBy: final ? { id: final.id, number: final.invoice_number } : null,
    // an invoice with payments stays (decision 027), and so does one fiscalized (decision 030)
    deletable: deleteAction(row, creditNotes.length > 0, last, paid.count, fiscal?.status, row.delivery_status).allowed,
    payments: paid,
    creditNotes,
    creditedQuantities: creditNotes.length > 0 ? credited : new Map(),
    creditedInvoice: original ?? null,
    eInvoice: client.eInvoice,
    clientKind: client.kind,
    documentLanguage: client.language,
    fiscal,
    delivery,
    reissue,
    clientSnapshot: snapshot,
  });
}

/** The client of a document without a snapshot (a draft) as it is now, from the detail's row. */
function clientNow(row: repo.DetailRow): InvoiceClient {
  const kind: ClientKind = row.client_kind === 'CONSUMER' ? 'CONSUMER' : 'BUSINESS';
  const countryCode = row.client_country ?? '';
  return { eInvoice: isEInvoiceRecipient({ countryCode, pin: row.client_pin, kind }), kind, language: languageOf(countryCode) };
}

/** What a document's detail says about its client: whether it gets an e-invoice, and its kind. */
export interface InvoiceClient {
  eInvoice: boolean;
  kind: ClientKind;
  /** Croatian for a client in Croatia, English otherwise. */
  language: 'hr' | 'en';
}

const languageOf = (countryCode: string): 'hr' | 'en' => (countryCode === 'HR' ? 'hr' : 'en');

/** From the issue-time snapshot of the client, when the invoice has one (older snapshots: a business). */
function snapshotClient(row: repo.InvoiceRow): InvoiceClient | undefined {
  return row.client_snapshot ? clientOfSnapshot(parseClientSnapshot(row.id, row.client_snapshot)) : undefined;
}

function clientOfSnapshot(client: ClientSnapshot): InvoiceClient {
  const kind = client.kind ?? 'BUSINESS';
  const countryCode = client.address.country_code;
  return { eInvoice: isEInvoiceRecipient({ countryCode, pin: client.pin, kind }), kind, language: languageOf(countryCode) };
}

/**
 * Whether the document goes to its client as a Croatian e-invoice, and whether that client is a
 * business or a private person: as issued, or as the client is now (a draft).
 */
export async function invoiceClientOf(db: Db, row: repo.InvoiceRow): Promise<InvoiceClient> {
  const fromSnapshot = snapshotClient(row);
  if (fromSnapshot !== undefined) return fromSnapshot;
  const client = await clientWithAddress(db, row.client_id);
  const kind = client?.kind ?? 'BUSINESS';
  const countryCode = client?.address?.countryCode ?? '';
  return { eInvoice: isEInvoiceRecipient({ countryCode, pin: client?.pin ?? null, kind }), kind, language: languageOf(countryCode) };
}

/** Creates a draft, or (the New invoice page's main action) creates and issues in one transaction. */
export async function createInvoice(
  db: Db,
  operator: Pick<Operator, 'id' | 'name'>,
  input: CreateInput,
  finish?: Finish<{ id: number; number: string | null }>,
  advance?: AdvanceIssue,
): Promise<{ id: number; number: string | null }> {
  const issuedAt = new Date();
  const today = todayInZagreb(issuedAt);
  assertDatedToday(input.billingDate, today);
  const advanceIds = [...new Set(input.advanceIds ?? [])];
  // a draft deducts nothing: its advances are chosen when it is issued from the New invoice page (decision 044)
  if (advanceIds.length > 0 && input.draft) throw new AppError('validation', { messageKey: 'validation.advancesOnDraft', field: 'advanceIds' });
  // the advances are locked as documents first (decision 024), so two final invoices cannot both deduct one
  return writeDocuments(db, advanceIds, async (trx) => {
    const { invoice, lines } = await buildValues(trx, input, today);
    if (advance && invoice.total_cents !== advance.totalCents) {
      // the client's VAT treatment (reverse charge, not in the VAT system) charges no VAT: the amount received is then all base
      throw new AppError('validation', { messageKey: 'validation.advanceRateNotCharged', field: 'parts' });
    }
    const now = nowIso();
    if (input.reissueOf !== undefined) await assertReissuable(trx, input.reissueOf);
    const deduction = await advanceDeduction(trx, invoice, advanceIds);
    const id = await repo.insertInvoice(trx, {
      ...invoice,
      ...repo.UNISSUED,
      reissue_of_id: input.reissueOf ?? null,
      operator_id: operator.id,
      prepaid_cents: deduction?.prepaidCents ?? 0,
      ...(advance ? { document_type: 'ADVANCE' as const } : {}),
      created_at: now,
      updated_at: now,
    });
    await repo.replaceLines(trx, id, lines);
    await deduction?.record(trx, id);
    const number = input.draft ? null : await issueWithin(trx, id, issuedAt);
    if (number !== null && deduction && deduction.prepaidCents >= invoice.total_cents) {
      // paid in full by its advances: paid on issue, with no payment of its own (the money came with the advances)
      await repo.updateInvoice(trx, id, { state: 'CLEARED', cleared_at: today, updated_at: nowIso() });
    }
    if (number !== null) await auditIssued(trx, operator, id);
    if (advance && number !== null) {
      // the money an advance invoice states was received: its payment is recorded with it (decision 044)
      const row = await repo.findInvoice(trx, id);
      if (row) await payRemaining(trx, operator, row, advance.paidOn);
    }
    await finish?.(trx, { id, number });
    return { id, number };
  });
}

/**
 * An advance invoice (issue 48) issued through `createInvoice`: its lines total the money received
 * (`totalCents`, refused otherwise), it is a document of type ADVANCE, and its payment, received on
 * `paidOn`, is recorded in the same transaction.
 */
export interface AdvanceIssue {
  totalCents: number;
  paidOn: string;
}

/** The deduction of the chosen advances (the advance module's hook), or none. */
async function advanceDeduction(trx: Db, invoice: { client_id: number; currency_code: string; total_cents: number }, advanceIds: readonly number[]) {
  if (advanceIds.length === 0) return undefined;
  const hook = deductionHook();
  if (!hook) throw new AppError('validation', { messageKey: 'validation.advanceUnknown', field: 'advanceIds' });
  return hook(trx, { clientId: invoice.client_id, currencyCode: invoice.currency_code, totalCents: invoice.total_cents }, advanceIds);
}

/**
 * A draft takes every change (checked like a new invoice). An issued invoice keeps its client, dates,
 * lines and amounts (409 on any change to them); its internal number, payment due date and
 * reference number stay editable.
 */
export async function updateInvoice(
  db: Db,
  id: number,
  input: z.output<typeof invoiceUpdateSchema>,
  actor: Actor,
  finish?: Finish<{ number: string | null }>,
): Promise<{ number: string | null }> {
  const today = todayInZagreb();
  return writeDocuments(db, [id], async (trx) => {
    const row = await repo.findInvoice(trx, id);
    if (!row) throw new AppError('invoiceNotFound');
    if (row.document_type === 'CREDIT_NOTE') throw new AppError('creditNoteLocked');
    const stored = servicePeriodOf(row);
    const merged: InvoiceCreate = {
      clientId: input.clientId ?? row.client_id,
      deliveryDate: input.deliveryDate ?? row.delivery_date,
      servicePeriod: input.servicePeriod === undefined ? stored : input.servicePeriod,
      paymentDueDate: input.paymentDueDate,
      paymentMethod: input.paymentMethod ?? row.payment_method,
      referenceModel: input.referenceModel ?? (row.reference_model as InvoiceCreate['referenceModel']) ?? 'HR00',
      referenceNumber: input.referenceNumber,
      extraInfo: input.extraInfo,
      contractType: input.contractType === undefined ? row.contract_type : input.contractType,
      contractDueDays: input.contractDueDays === undefined ? row.contract_due_days : input.contractDueDays,
      vatTreatment: input.vatTreatment ?? (row.vat_treatment),
      eurFxRate: input.eurFxRate === undefined ? row.eur_fx_rate : input.eurFxRate,
      lineItems: input.lineItems,
    };
    if (row.state === 'DRAFT') {
      assertDatedToday(input.billingDate, today);
      const parsed = invoiceCreateSchema.safeParse(merged);
      if (!parsed.success) throw new AppError('validation', { issues: parsed.error.issues });
      const { invoice, lines } = await buildValues(trx, parsed.data, today);
      await repo.updateInvoice(trx, id, { ...invoice, updated_at: nowIso() });
      await repo.replaceLines(trx, id, lines);
      await finish?.(trx, { number: null });
      return { number: null };
    }
    await assertUnchanged(trx, row, { ...merged, billingDate: input.billingDate ?? row.billing_date });
    if (input.paymentDueDate < row.billing_date) {
      throw new AppError('validation', { messageKey: 'validation.dueBeforeIssue', field: 'paymentDueDate' });
    }
    const editable = {
      payment_due_date: input.paymentDueDate,
      extra_info: input.extraInfo,
      reference_number: input.referenceNumber,
      reference_model: merged.referenceModel ?? 'HR00',
    };
    await repo.updateInvoice(trx, id, { ...editable, updated_at: nowIso() });
    const changes = changesBetween(
      {
        paymentDueDate: row.payment_due_date,
        extraInfo: row.extra_info,
        referenceModel: row.reference_model,
        referenceNumber: row.reference_number,
      },
      {
        paymentDueDate: editable.payment_due_date,
        extraInfo: editable.extra_info,
        referenceModel: editable.reference_model,
        referenceNumber: editable.reference_number,
      },
    );
    if (Object.keys(changes).length > 0) {
      await record(trx, actor, {
        action: 'invoice.amended',
        invoiceId: id,
        details: { number: row.invoice_number, changes },
      });
    }
    await finish?.(trx, { number: row.invoice_number });
    return { number: row.invoice_number };
  });
}

async function assertUnchanged(db: Db, row: repo.InvoiceWithNames, merged: InvoiceCreate): Promise<void> {
  const stored = await repo.linesOf(db, [row.id]);
  const known = new Map(stored.flatMap((l) => (l.itemId === null ? [] : [[l.itemId, { kpdCode: l.kpdCode }] as const])));
  // a line sent without its KPD code keeps the stored one; a different code is a change
  const lines = merged.lineItems.map((l, i) => ({
    ...l,
    id: l.id ?? null,
    discountPercent: l.discountPercent ?? 0,
    descriptionEn: l.descriptionEn ?? null,
    kpdCode: l.kpdCode ?? stored[i]?.kpdCode ?? null,
  }));
  const priced = priceLines(lines, row.vat_treatment, known);
  const same =
    merged.clientId === row.client_id &&
    merged.paymentMethod === row.payment_method &&
    merged.billingDate === row.billing_date &&
    merged.deliveryDate === row.delivery_date &&
    JSON.stringify(merged.servicePeriod ?? null) === JSON.stringify(servicePeriodOf(row)) &&
    merged.vatTreatment === row.vat_treatment &&
    (merged.eurFxRate ?? null) === row.eur_fx_rate &&
    linesFingerprint(priced.lines) === linesFingerprint(stored);
  if (!same) throw new AppError('invoiceLocked');
}

/** A new invoice re-issues only an invoice stornoed in full (issue 47): the refusal says which it is not. */
async function assertReissuable(db: Db, id: number): Promise<void> {
  const original = await repo.findInvoice(db, id);
  if (!original || original.document_type !== 'INVOICE' || original.credit_status !== 'FULL') {
    throw new AppError('validation', { messageKey: 'validation.reissueOfNotStornoed', field: 'reissueOf' });
  }
}
