import {
  type Dashboard,
  type InvoiceListResponse,
  type Language,
  type NewInvoiceScreen,
  PAYMENT_METHODS,
  earliestBillingDate,
  formatInvoiceNumber,
  toEuroCents,
  todayInZagreb,
} from '@faktura/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/connection';
import type { Operator } from '../auth/auth.service';
import * as settingsRepo from '../settings/settings.repository';
import { DEFAULT_POS, getIssuer } from '../settings/settings.service';
import { rowActions } from './invoice.actions';
import { isOverdue, toListRow } from './invoice.mapper';
import * as repo from './invoice.repository';

export interface ListFilters {
  year?: number | undefined;
  q?: string | undefined;
  state?: string | undefined;
  overdue?: boolean;
  page: number;
  pageSize: number;
}

const yearOf = sql<string>`substr(invoice.billing_date, 1, 4)`;

/** Years that have invoices, newest first. */
export async function invoiceYears(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('invoice').select(yearOf.as('year')).distinct().execute();
  return rows.map((r) => Number(r.year)).sort((a, b) => b - a);
}

/** The years with invoices and the chosen one, newest first. */
function withYear(years: number[], chosen: number | undefined): number[] {
  return chosen === undefined || years.includes(chosen) ? years : [chosen, ...years].sort((a, b) => b - a);
}

/** The invoice list: newest first, filtered by year, text (number or client) and state, paged. */
export async function listInvoices(db: Db, filters: ListFilters, language: Language): Promise<InvoiceListResponse> {
  const today = todayInZagreb();
  let query = db.selectFrom('invoice').innerJoin('company', 'company.id', 'invoice.client_id');
  if (filters.year !== undefined) {
    const year = String(filters.year).padStart(4, '0');
    query = query.where('invoice.billing_date', '>=', `${year}-01-01`).where('invoice.billing_date', '<=', `${year}-12-31`);
  }
  if (filters.q) {
    const pattern = `%${filters.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(company.name)`, 'like', sql<string>`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(invoice.invoice_number, ''))`, 'like', sql<string>`${pattern} escape '\\'`),
      ]),
    );
  }
  if (filters.state) query = query.where('invoice.state', '=', filters.state);
  if (filters.overdue) {
    query = query
      .where('invoice.state', '=', 'PUBLISHED')
      .where('invoice.document_type', '=', 'INVOICE')
      .where('invoice.payment_due_date', '<', today);
  }

  const [count, rows, years] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    query
      .selectAll('invoice')
      .select('company.name as client_name')
      .orderBy('invoice.billing_date', 'desc')
      .orderBy('invoice.id', 'desc')
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize)
      .execute(),
    invoiceYears(db),
  ]);
  const actions = await rowActions(db, rows);
  return {
    data: rows.map((row) => toListRow(row, language, today, actions(row))),
    // a chosen year without invoices is a facet too, so it shows as chosen and can be let go
    filters: [{ key: 'year', facets: withYear(years, filters.year).map((y) => ({ value: String(y), isSelected: y === filters.year })) }],
    page: { page: filters.page, pageSize: filters.pageSize, total: Number(count.count) },
  };
}

/** What the New invoice page needs before it can show (spec §3 "New-invoice data package"). */
export async function newInvoiceScreen(db: Db, operator: Operator, language: Language): Promise<NewInvoiceScreen> {
  const issuer = await settingsRepo.findIssuer(db);
  const pos = issuer ? { premisesCode: issuer.premises_code, deviceCode: issuer.device_code } : DEFAULT_POS;
  const today = todayInZagreb();
  const year = Number(today.slice(0, 4));
  const last = await repo.lastNumber(db, { year, premises: pos.premisesCode, device: pos.deviceCode });
  return {
    operator: { id: operator.id, operatorName: operator.name },
    nextInvoiceNumber: formatInvoiceNumber(last + 1, pos.premisesCode, pos.deviceCode),
    paymentMethods: [...PAYMENT_METHODS],
    me: await getIssuer(db, language),
    earliestBillingDate: await issuableFrom(db, pos, today),
  };
}

/** The earliest billing date issuing still takes in the sequence of these premises and device. */
export async function issuableFrom(db: Db, pos: typeof DEFAULT_POS, today: string) {
  const latest = async (year: number) => {
    const row = await repo.latestIssued(db, { year, premises: pos.premisesCode, device: pos.deviceCode }, 0);
    return row ? { billingDate: row.billing_date, number: row.invoice_number ?? '' } : null;
  };
  const year = Number(today.slice(0, 4));
  return earliestBillingDate(today, await latest(year), await latest(year - 1));
}

/** The dashboard of a year: totals in euro, overdue count, revenue per month, latest invoices. */
export async function dashboard(db: Db, year: number | undefined, language: Language): Promise<Dashboard> {
  const today = todayInZagreb();
  const selected = year ?? Number(today.slice(0, 4));
  const rows = await db
    .selectFrom('invoice')
    .innerJoin('company', 'company.id', 'invoice.client_id')
    .selectAll('invoice')
    .select('company.name as client_name')
    .where('invoice.state', '!=', 'DRAFT')
    .where('invoice.billing_date', '>=', `${String(selected).padStart(4, '0')}-01-01`)
    .where('invoice.billing_date', '<=', `${String(selected).padStart(4, '0')}-12-31`)
    .orderBy('invoice.billing_date', 'desc')
    .orderBy('invoice.id', 'desc')
    .execute();
  const monthly = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, issuedEurCents: 0, clearedEurCents: 0 }));
  let issued = 0;
  let cleared = 0;
  for (const row of rows) {
    const eur = toEuroCents(row.total_cents, row.eur_fx_rate);
    const month = monthly[Number(row.billing_date.slice(5, 7)) - 1];
    issued += eur;
    if (month) month.issuedEurCents += eur;
    if (row.state === 'CLEARED') {
      cleared += eur;
      if (month) month.clearedEurCents += eur;
    }
  }
  const years = await invoiceYears(db);
  const latest = rows.slice(0, 5);
  const actions = await rowActions(db, latest);
  return {
    year: selected,
    years: withYear(years, selected),
    issuedEurCents: issued,
    clearedEurCents: cleared,
    outstandingEurCents: issued - cleared,
    overdueCount: rows.filter((row) => isOverdue(row, today)).length,
    monthly,
    latest: latest.map((row) => toListRow(row, language, today, actions(row))),
  };
}
