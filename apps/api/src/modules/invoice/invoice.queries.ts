import {
  type Dashboard,
  type InvoiceListResponse,
  type InvoiceState,
  type NewInvoiceScreen,
  PAYMENT_METHODS,
  formatInvoiceNumber,
  sumCents,
  todayInZagreb,
} from '@faktura/shared';
import type { Db } from '../../db/connection';
import type { Operator } from '../auth';
import { getIssuer, getPos } from '../issuer';
import { rowActions } from './invoice.actions';
import { countListed, latestOfYear, listedPage, overdueCountOfYear } from './invoice.listing.repository';
import { toListRow } from './invoice.mapper';
import { documentYears, monthTotals } from './invoice.monthTotals.repository';
import * as repo from './invoice.repository';

export interface ListFilters {
  year?: number | undefined;
  q?: string | undefined;
  state?: InvoiceState | undefined;
  overdue?: boolean;
  /** Rent clients still to invoice this month: their latest issued RENT invoice (invoice.listing.repository.ts). */
  notInvoicedThisMonth?: boolean;
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
  const [count, rows, years] = await Promise.all([
    countListed(db, filters, today),
    listedPage(db, filters, today),
    documentYears(db), // the years that have documents, drafts too, from the month counts
  ]);
  const actions = await rowActions(db, rows);
  return {
    data: rows.map((row) => toListRow(row, today, actions(row))),
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
 * as adding up the invoices, and read in constant time however many invoices the year holds.
 */
export async function dashboard(db: Db, year: number | undefined): Promise<Dashboard> {
  const today = todayInZagreb();
  const selected = year ?? Number(today.slice(0, 4));
  const [totals, overdue, latest, years] = await Promise.all([
    monthTotals(db, selected),
    overdueCountOfYear(db, selected, today),
    latestOfYear(db, selected, 5),
    documentYears(db), // the years that have documents, drafts too, from the month counts
  ]);
  const monthly = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, issuedEurCents: 0, clearedEurCents: 0 }));
  let issued = 0;
  let cleared = 0;
  // exact integer sums, refused rather than rounded beyond 2^53 (decision 011)
  for (const { month: m, state, eurCents } of totals) {
    if (state === 'DRAFT') continue;
    const month = monthly[m - 1];
    issued = sumCents([issued, eurCents]);
    if (month) month.issuedEurCents = sumCents([month.issuedEurCents, eurCents]);
    if (state === 'CLEARED') {
      cleared = sumCents([cleared, eurCents]);
      if (month) month.clearedEurCents = sumCents([month.clearedEurCents, eurCents]);
    }
  }
  const actions = await rowActions(db, latest);
  return {
    year: selected,
    years: withYear(years, selected),
    issuedEurCents: issued,
    clearedEurCents: cleared,
    outstandingEurCents: issued - cleared,
    overdueCount: overdue,
    monthly,
    latest: latest.map((row) => toListRow(row, today, actions(row))),
  };
}
