import {
  type Dashboard,
  type DeliveryFilter,
  type FiscalStatus,
  type InvoiceListResponse,
  type InvoiceState,
  type NewInvoiceScreen,
  PAYMENT_METHODS,
  formatInvoiceNumber,
  dueCents,
  sumCents,
  toEuroCents,
  todayInZagreb,
} from '@faktura/shared';
import type { Db } from '../../db/connection';
import type { Operator } from '../auth';
import { getIssuer, getPos } from '../issuer';
import { countAndYears, deliveryAttention, fiscalAttention, latestOfYear, listValues, listedPage, overdueOfYear } from './invoice.listing.repository';
import { toListRow } from './invoice.mapper';
import { documentYears, monthTotals, paymentMonths } from './invoice.monthTotals.repository';
import * as repo from './invoice.repository';

export interface ListFilters {
  year?: number | undefined;
  q?: string | undefined;
  state?: InvoiceState | undefined;
  overdue?: boolean;
  /** Rent clients still to invoice this month: their latest issued RENT invoice (invoice.listing.repository.ts). */
  notInvoicedThisMonth?: boolean;
  /** Only documents with this fiscalization status (decision 030). */
  fiscalStatus?: FiscalStatus | undefined;
  /** Only issued documents with this e-invoice delivery status (issue 32; NOT_SENT: never handed over). */
  deliveryStatus?: DeliveryFilter | undefined;
  page: number;
  pageSize: number;
}

/** The years with invoices and the chosen one, newest first. */
function withYear(years: number[], chosen: number | undefined): number[] {
  return chosen === undefined || years.includes(chosen) ? years : [chosen, ...years].sort((a, b) => b - a);
}

/** The invoice list: newest first, filtered by year, text (number or client) and state, paged. */
export async function listInvoices(db: Db, filters: ListFilters): Promise<InvoiceListResponse> {
  const today = todayInZagreb();
  // independent reads side by side (the count by the month counts when it can, decision 009)
  // two statements side by side (issue 33 item 1): the page, each row with what its actions depend on;
  // the count with the years that have documents (drafts too), from the month counts when it can
  const values = listValues(filters, today);
  const [rows, { count, years }] = await Promise.all([listedPage(db, values), countAndYears(db, values)]);
  return {
    data: rows.map((row) => toListRow(row, today)),
    // a chosen year without invoices is a facet too, so it shows as chosen and can be let go
    filters: [{ key: 'year', facets: withYear(years, filters.year).map((y) => ({ value: String(y), isSelected: y === filters.year })) }],
    page: { page: filters.page, pageSize: filters.pageSize, total: count },
  };
}

/** What the New invoice page needs before it can show (spec §3 "New-invoice data package"). */
export async function newInvoiceScreen(db: Db, operator: Operator): Promise<NewInvoiceScreen> {
  const pos = await getPos(db);
  const today = todayInZagreb();
  const year = Number(today.slice(0, 4));
  const last = await repo.lastNumber(db, { year, premises: pos.premisesCode, device: pos.deviceCode });
  return {
    operator: { id: operator.id, operatorName: operator.name },
    nextInvoiceNumber: formatInvoiceNumber(last + 1, pos.premisesCode, pos.deviceCode),
    paymentMethods: [...PAYMENT_METHODS],
    me: await getIssuer(db),
  };
}

/**
 * The dashboard of a year: totals in euro, overdue count, revenue per month, latest invoices.
 * The month totals are kept per month and state by every write (`invoice.monthTotals.repository.ts`), each
 * document converted to euro at its own rate and rounded on its own, so the sums are exact, the same
 * as adding up the invoices, and read in constant time however many invoices the year holds. From
 * payments (decision 028): what is outstanding is the open documents' totals less what has been paid
 * on them; what was paid in each month is the payments received that month (`invoice_payment_month`);
 * the overdue amount is each overdue invoice's due less paid, converted at its own rate.
 */
export async function dashboard(db: Db, year: number | undefined): Promise<Dashboard> {
  const today = todayInZagreb();
  const selected = year ?? Number(today.slice(0, 4));
  const [totals, received, overdue, latest, years, fiscalization, delivery] = await Promise.all([
    monthTotals(db, selected),
    paymentMonths(db, selected),
    overdueOfYear(db, selected, today),
    latestOfYear(db, selected, 5),
    documentYears(db), // the years that have documents, drafts too, from the month counts
    fiscalAttention(db, today),
    deliveryAttention(db),
  ]);
  const monthly = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, issuedEurCents: 0, clearedEurCents: 0, paidEurCents: 0 }));
  let issued = 0;
  let cleared = 0;
  let open = 0;
  // exact integer sums, refused rather than rounded beyond 2^53 (decision 011)
  for (const { month: m, state, eurCents, paidEurCents } of totals) {
    if (state === 'DRAFT') continue;
    const month = monthly[m - 1];
    issued = sumCents([issued, eurCents]);
    if (month) month.issuedEurCents = sumCents([month.issuedEurCents, eurCents]);
    if (state === 'CLEARED') {
      cleared = sumCents([cleared, eurCents]);
      if (month) month.clearedEurCents = sumCents([month.clearedEurCents, eurCents]);
    } else {
      open = sumCents([open, eurCents, -paidEurCents]);
    }
  }
  let paid = 0;
  for (const { month: m, eurCents } of received) {
    paid = sumCents([paid, eurCents]);
    const month = monthly[m - 1];
    if (month) month.paidEurCents = eurCents;
  }
  const overdueEurCents = sumCents([
    overdue.eurDueCents,
    ...overdue.foreign.map((row) => {
      const due = dueCents(Number(row.total_cents), [Number(row.credited_cents ?? 0)]);
      return toEuroCents(due - Number(row.paid_cents ?? 0), row.eur_fx_rate || null);
    }),
  ]);
  return {
    year: selected,
    years: withYear(years, selected),
    issuedEurCents: issued,
    clearedEurCents: cleared,
    outstandingEurCents: open,
    paidEurCents: paid,
    overdueCount: overdue.count,
    overdueEurCents,
    monthly,
    latest: latest.map((row) => toListRow(row, today)),
    fiscalization,
    delivery,
  };
}
