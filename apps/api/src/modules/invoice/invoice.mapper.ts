import {
  type ContractType,
  type Invoice,
  type InvoiceListRow,
  type InvoiceState,
  type Language,
  type Unit,
  type VatTreatment,
  computeTotals,
  formatMoney,
  toEuroCents,
} from '@faktura/shared';
import type { InvoiceLineRow, InvoiceRow, InvoiceWithNames } from './invoice.repository';

export function isOverdue(row: Pick<InvoiceRow, 'state' | 'payment_due_date'>, today: string): boolean {
  return row.state === 'PUBLISHED' && row.payment_due_date < today;
}

export function toListRow(
  row: InvoiceRow & { client_name: string },
  language: Language,
  today: string,
): InvoiceListRow {
  return {
    id: row.id,
    invoiceNumber: row.invoice_number,
    client: row.client_name,
    invoiceDate: row.billing_date,
    invoiceState: row.state as InvoiceState,
    amountFormatted: formatMoney(row.total_cents, row.currency_code, language),
    totalCents: row.total_cents,
    currencyCode: row.currency_code,
    paymentDueDate: row.payment_due_date,
    overdue: isOverdue(row, today),
  };
}

export function toInvoice(
  row: InvoiceWithNames,
  lines: readonly InvoiceLineRow[],
  language: Language,
  deletable: boolean,
): Invoice {
  const totals = computeTotals(
    lines.map((l) => ({
      priceCents: l.unit_price_cents,
      quantityMilli: l.quantity_milli,
      discountBp: l.discount_bp,
      vatRateBp: l.vat_rate_bp,
    })),
  );
  return {
    id: row.id,
    clientId: row.client_id,
    client: row.client_name,
    invoiceNumber: row.invoice_number,
    state: row.state as InvoiceState,
    operator: row.operator_name,
    operatorId: row.operator_id,
    paymentMethod: row.payment_method as Invoice['paymentMethod'],
    contractType: row.contract_type as ContractType | null,
    contractDueDays: row.contract_due_days,
    createDate: row.billing_date,
    billingDate: row.billing_date,
    deliveryDate: row.delivery_date,
    paymentDueDate: row.payment_due_date,
    extraInfo: row.extra_info,
    referenceModel: (row.reference_model ?? 'HR00') as Invoice['referenceModel'],
    referenceNumber: row.reference_number,
    currencyCode: row.currency_code,
    eurFxRate: row.eur_fx_rate,
    vatTreatment: row.vat_treatment as VatTreatment,
    lineItems: lines.map((l) => ({
      productId: l.line_item_id,
      quantity: l.quantity_milli / 1000,
      price: l.unit_price_cents / 100,
      priceCents: l.unit_price_cents,
      discountPercent: l.discount_bp / 100,
      currencyCode: l.currency_code,
      description: l.description,
      descriptionEn: l.description_en,
      unit: l.unit as Unit,
      vatRate: l.vat_rate_bp / 100,
      lineTotalCents: l.line_total_cents,
    })),
    subtotalCents: row.subtotal_cents,
    vatCents: row.vat_cents,
    totalCents: row.total_cents,
    totalEurCents: toEuroCents(row.total_cents, row.eur_fx_rate),
    vatGroups: totals.vatGroups.map((g) => ({ rate: g.rateBp / 100, baseCents: g.baseCents, vatCents: g.vatCents })),
    amountFormatted: formatMoney(row.total_cents, row.currency_code, language),
    issuedAt: row.issued_at,
    paymentDate: row.cleared_at,
    locked: row.state !== 'DRAFT',
    deletable,
  };
}
