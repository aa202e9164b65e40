import {
  HRK_PER_EUR,
  type Invoice,
  type InvoiceCreate,
  type Language,
  type VatTreatment,
  defaultVatTreatment,
  invoiceCreateSchema,
  type invoiceUpdateSchema,
} from '@faktura/shared';
import type { z } from 'zod';
import type { Db } from '../../db/connection';
import { nowIso } from '../../db/time';
import { AppError } from '../../http/errors';
import * as addressRepo from '../address/address.repository';
import type { Operator } from '../auth/auth.service';
import * as companyRepo from '../company/company.repository';
import * as settingsRepo from '../settings/settings.repository';
import { issueWithin } from './invoice.lifecycle';
import { linesFingerprint, priceLines } from './invoice.lines';
import { toInvoice } from './invoice.mapper';
import * as repo from './invoice.repository';

type CreateInput = z.output<typeof invoiceCreateSchema>;

function fxRateFor(currency: string, given: string | null | undefined): string | null {
  if (currency === 'EUR') return null;
  if (currency === 'HRK') return HRK_PER_EUR;
  if (!given) throw new AppError('validation', { messageKey: 'validation.fxRateRequired', field: 'eurFxRate' });
  return given;
}

/** Resolves the client and the VAT treatment the invoice gets unless the operator chose one. */
async function clientAndTreatment(db: Db, clientId: number, chosen: VatTreatment | undefined) {
  const client = await companyRepo.findCompany(db, clientId);
  if (!client) throw new AppError('validation', { messageKey: 'errors.companyNotFound', field: 'clientId' });
  const issuer = await settingsRepo.findIssuer(db);
  if (!issuer) throw new AppError('issuerMissing');
  const address = await addressRepo.findAddress(db, client.address_id);
  const treatment =
    chosen ??
    defaultVatTreatment({
      issuerInVatSystem: issuer.in_vat_system === 1,
      clientCountry: address?.country_code ?? 'HR',
      clientVatNumber: client.pin,
    });
  return { client, treatment };
}

async function buildValues(db: Db, input: CreateInput) {
  const { treatment } = await clientAndTreatment(db, input.clientId, input.vatTreatment);
  const known = await repo.existingLineItemIds(
    db,
    input.lineItems.flatMap((l) => (l.id === null ? [] : [l.id])),
  );
  const priced = priceLines(input.lineItems, treatment, known);
  const invoice = {
    client_id: input.clientId,
    payment_method: input.paymentMethod,
    contract_type: input.contractType,
    contract_due_days: input.contractDueDays,
    billing_date: input.billingDate,
    delivery_date: input.deliveryDate,
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

export async function getInvoice(db: Db, id: number, language: Language): Promise<Invoice> {
  const row = await repo.findInvoice(db, id);
  if (!row) throw new AppError('invoiceNotFound');
  const lines = await repo.linesOf(db, [id]);
  return toInvoice(row, lines, language, await isDeletable(db, row));
}

export async function allInvoices(db: Db, language: Language): Promise<Invoice[]> {
  const rows = await repo.allInvoices(db);
  const lines = await repo.linesOf(db, rows.map((r) => r.id));
  return rows.map((row) => toInvoice(row, lines.filter((l) => l.invoice_id === row.id), language, row.state === 'DRAFT'));
}

/** Drafts always; an issued, uncleared invoice while it is the newest of its sequence. */
export async function isDeletable(db: Db, row: repo.InvoiceRow): Promise<boolean> {
  if (row.state === 'DRAFT') return true;
  if (row.state !== 'PUBLISHED' || row.number_year === null || !row.premises_code || !row.device_code) return false;
  const last = await repo.lastNumber(db, { year: row.number_year, premises: row.premises_code, device: row.device_code });
  return last === row.number_seq;
}

/** Creates a draft, or (the New invoice page's main action) creates and issues in one transaction. */
export async function createInvoice(
  db: Db,
  operator: Operator,
  input: CreateInput,
): Promise<{ id: number; number: string | null }> {
  return db.transaction().execute(async (trx) => {
    const { invoice, lines } = await buildValues(trx, input);
    const now = nowIso();
    const id = await repo.insertInvoice(trx, {
      ...invoice,
      operator_id: operator.id,
      state: 'DRAFT',
      invoice_number: null,
      number_year: null,
      number_seq: null,
      premises_code: null,
      device_code: null,
      issued_at: null,
      cleared_at: null,
      client_snapshot: null,
      issuer_snapshot: null,
      created_at: now,
      updated_at: now,
    });
    await repo.replaceLines(trx, id, lines);
    const number = input.draft ? null : await issueWithin(trx, id);
    return { id, number };
  });
}

/**
 * A draft takes every change (checked like a new invoice). An issued invoice keeps its client, dates,
 * lines and amounts (409 on any change to them); its internal number, payment due date and
 * reference number stay editable.
 */
export async function updateInvoice(db: Db, id: number, input: z.output<typeof invoiceUpdateSchema>) {
  return db.transaction().execute(async (trx) => {
    const row = await repo.findInvoice(trx, id);
    if (!row) throw new AppError('invoiceNotFound');
    const merged: InvoiceCreate = {
      clientId: input.clientId ?? row.client_id,
      billingDate: input.billingDate ?? row.billing_date,
      deliveryDate: input.deliveryDate ?? row.delivery_date,
      paymentDueDate: input.paymentDueDate,
      paymentMethod: row.payment_method as InvoiceCreate['paymentMethod'],
      referenceModel: input.referenceModel ?? (row.reference_model as InvoiceCreate['referenceModel']) ?? 'HR00',
      referenceNumber: input.referenceNumber,
      extraInfo: input.extraInfo,
      contractType: input.contractType === undefined ? (row.contract_type as InvoiceCreate['contractType']) : input.contractType,
      contractDueDays: input.contractDueDays === undefined ? row.contract_due_days : input.contractDueDays,
      vatTreatment: input.vatTreatment ?? (row.vat_treatment as VatTreatment),
      eurFxRate: input.eurFxRate === undefined ? row.eur_fx_rate : input.eurFxRate,
      lineItems: input.lineItems,
    };
    if (row.state === 'DRAFT') {
      const parsed = invoiceCreateSchema.safeParse(merged);
      if (!parsed.success) throw new AppError('validation', { issues: parsed.error.issues });
      const { invoice, lines } = await buildValues(trx, parsed.data);
      await repo.updateInvoice(trx, id, { ...invoice, updated_at: nowIso() });
      await repo.replaceLines(trx, id, lines);
      return { number: null };
    }
    await assertUnchanged(trx, row, merged);
    if (input.paymentDueDate < row.billing_date) {
      throw new AppError('validation', { messageKey: 'validation.dueBeforeBilling', field: 'paymentDueDate' });
    }
    await repo.updateInvoice(trx, id, {
      payment_due_date: input.paymentDueDate,
      extra_info: input.extraInfo,
      reference_number: input.referenceNumber,
      reference_model: merged.referenceModel ?? 'HR00',
      updated_at: nowIso(),
    });
    return { number: row.invoice_number };
  });
}

async function assertUnchanged(db: Db, row: repo.InvoiceWithNames, merged: InvoiceCreate): Promise<void> {
  const stored = await repo.linesOf(db, [row.id]);
  const known = new Set(stored.map((l) => l.line_item_id).filter((v): v is number => v !== null));
  const lines = merged.lineItems.map((l) => ({ ...l, discountPercent: l.discountPercent ?? 0, descriptionEn: l.descriptionEn ?? null }));
  const priced = priceLines(lines, row.vat_treatment as VatTreatment, known);
  const same =
    merged.clientId === row.client_id &&
    merged.billingDate === row.billing_date &&
    merged.deliveryDate === row.delivery_date &&
    merged.vatTreatment === row.vat_treatment &&
    (merged.eurFxRate ?? null) === row.eur_fx_rate &&
    linesFingerprint(priced.lines) === linesFingerprint(stored);
  if (!same) throw new AppError('invoiceLocked');
}
