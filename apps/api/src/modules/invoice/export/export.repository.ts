import type { Db } from '../../../db/connection';

/** What the accountant's export reads of an issued document (its lines come from `linesOf`). */
export interface ExportDocumentRow {
  id: number;
  state: 'PUBLISHED' | 'CLEARED';
  invoice_number: string;
  number_year: number | null;
  document_type: 'INVOICE' | 'CREDIT_NOTE' | 'ADVANCE';
  billing_date: string;
  delivery_date: string;
  service_period_start: string | null;
  service_period_end: string | null;
  payment_due_date: string;
  currency_code: string;
  eur_fx_rate: string | null;
  vat_treatment: 'DOMESTIC' | 'REVERSE_CHARGE' | 'OUTSIDE_EU' | 'NOT_IN_VAT';
  total_cents: number;
  /** A final invoice's advances deducted (issue 48). */
  prepaid_cents: number;
  operator_id: number;
  operator_name: string;
  client_snapshot: string;
  issuer_snapshot: string;
}

/** Where the previous page ended: the keyset of `invoice_list_idx (billing_date, id)`. */
export interface ExportCursor {
  billing_date: string;
  id: number;
}

/**
 * A page of the issued invoices and credit notes dated from `from` to `to` (both included), by date
 * of issue and then id, after `after`: a range of `invoice_list_idx`, so each page costs its own rows
 * whatever the year holds. Drafts (no number, no snapshots) are left out.
 */
export async function issuedDocumentsPage(
  db: Db,
  from: string,
  to: string,
  limit: number,
  after?: ExportCursor,
): Promise<{ rows: ExportDocumentRow[]; next: ExportCursor | undefined }> {
  let query = db
    .selectFrom('invoice')
    .innerJoin('operator', 'operator.id', 'invoice.operator_id')
    .select([
      'invoice.id',
      'invoice.state',
      'invoice.invoice_number',
      'invoice.number_year',
      'invoice.document_type',
      'invoice.billing_date',
      'invoice.delivery_date',
      'invoice.service_period_start',
      'invoice.service_period_end',
      'invoice.payment_due_date',
      'invoice.currency_code',
      'invoice.eur_fx_rate',
      'invoice.vat_treatment',
      'invoice.total_cents',
      'invoice.prepaid_cents',
      'invoice.operator_id',
      'operator.name as operator_name',
      'invoice.client_snapshot',
      'invoice.issuer_snapshot',
    ])
    .where('invoice.state', '!=', 'DRAFT')
    .where('invoice.invoice_number', 'is not', null)
    .where('invoice.billing_date', '<=', to);
  query = after
    ? query.where((eb) =>
        eb.or([
          eb('invoice.billing_date', '>', after.billing_date),
          eb.and([eb('invoice.billing_date', '=', after.billing_date), eb('invoice.id', '>', after.id)]),
        ]),
      )
    : query.where('invoice.billing_date', '>=', from);
  const rows = await query.orderBy('invoice.billing_date').orderBy('invoice.id').limit(limit).execute();
  const last = rows[rows.length - 1];
  const documents = rows.flatMap(({ state, invoice_number, client_snapshot, issuer_snapshot, ...row }) =>
    invoice_number && client_snapshot && issuer_snapshot && state !== 'DRAFT'
      ? [{ ...row, state, invoice_number, client_snapshot, issuer_snapshot, total_cents: Number(row.total_cents), prepaid_cents: Number(row.prepaid_cents) }]
      : [],
  );
  return { rows: documents, next: last && rows.length === limit ? { billing_date: last.billing_date, id: last.id } : undefined };
}
