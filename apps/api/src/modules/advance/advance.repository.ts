import type { Db } from '../../db/connection';
import { nowIso } from '../../db/time';

/** An advance invoice as the deduction reads it: the row's facts and whether (by what) it was deducted. */
export interface AdvanceRow {
  id: number;
  client_id: number;
  invoice_number: string | null;
  billing_date: string;
  state: string;
  document_type: string;
  currency_code: string;
  credit_status: string | null;
  deducted_by: string | null;
  deducted_by_id: number | null;
}

/** The lines of advances and of their credit notes (negative quantities), by the advance they belong to. */
export interface AdvanceLineRow {
  advance_id: number;
  unit_price_cents: number;
  quantity_milli: number;
  discount_bp: number;
  vat_rate_bp: number;
}

function advanceRows(db: Db) {
  return db
    .selectFrom('invoice')
    .leftJoin('invoice_advance', 'invoice_advance.advance_invoice_id', 'invoice.id')
    .leftJoin('invoice as final', 'final.id', 'invoice_advance.final_invoice_id')
    .select([
      'invoice.id',
      'invoice.client_id',
      'invoice.invoice_number',
      'invoice.billing_date',
      'invoice.state',
      'invoice.document_type',
      'invoice.currency_code',
      'invoice.credit_status',
      'final.invoice_number as deducted_by',
      'final.id as deducted_by_id',
    ]);
}

/** These documents, as advances (whatever they are: the service checks). */
export async function advancesByIds(db: Db, ids: readonly number[]): Promise<AdvanceRow[]> {
  if (ids.length === 0) return [];
  return advanceRows(db)
    .where('invoice.id', 'in', [...ids])
    .orderBy('invoice.id')
    .execute();
}

/** A client's issued advance invoices not yet deducted and not credited in full, oldest first. */
export async function openAdvancesOf(db: Db, clientId: number): Promise<AdvanceRow[]> {
  return advanceRows(db)
    .where('invoice.client_id', '=', clientId)
    .where('invoice.document_type', '=', 'ADVANCE')
    .where('invoice.state', '!=', 'DRAFT')
    .where('invoice_advance.advance_invoice_id', 'is', null)
    .where((eb) =>
      eb.or([eb('invoice.credit_status', 'is', null), eb('invoice.credit_status', '!=', 'FULL')]),
    )
    .orderBy('invoice.id')
    .execute();
}

/** The lines of these advances and of their issued credit notes. */
export async function advanceLines(db: Db, ids: readonly number[]): Promise<AdvanceLineRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('invoice_line')
    .innerJoin('invoice', 'invoice.id', 'invoice_line.invoice_id')
    .select((eb) => [
      eb.fn.coalesce('invoice.credited_invoice_id', 'invoice.id').as('advance_id'),
      'invoice_line.unit_price_cents',
      'invoice_line.quantity_milli',
      'invoice_line.discount_bp',
      'invoice_line.vat_rate_bp',
    ])
    .where('invoice.state', '!=', 'DRAFT')
    .where((eb) =>
      eb.or([eb('invoice.id', 'in', [...ids]), eb('invoice.credited_invoice_id', 'in', [...ids])]),
    )
    .orderBy('invoice_line.id')
    .execute();
  return rows.map((r) => ({ ...r, advance_id: Number(r.advance_id) }));
}

/** Records what a final invoice deducts of each advance (`advance_invoice_id` is unique: once each). */
export async function insertDeductions(
  db: Db,
  finalInvoiceId: number,
  deductions: readonly { advanceId: number; amountCents: number; vatGroups: string }[],
): Promise<void> {
  if (deductions.length === 0) return;
  const at = nowIso();
  await db
    .insertInto('invoice_advance')
    .values(
      deductions.map((d) => ({
        final_invoice_id: finalInvoiceId,
        advance_invoice_id: d.advanceId,
        amount_cents: d.amountCents,
        vat_groups: d.vatGroups,
        created_at: at,
      })),
    )
    .execute();
}
