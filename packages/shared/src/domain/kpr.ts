/**
 * The KPR (knjiga prometa, Obrazac KPR) of a paušalni obrt and the PO-SD figures taken from it
 * (issue 28, decision 029): a cash-basis ledger, one row per payment received, in euro cents.
 * Pure rules; the API reads the payments and the web shows what comes out.
 */
import type { PaymentRecordMethod } from './payments';

/**
 * The two amount columns of the form: "iznos naplaćen u gotovini" (cash; card receipts are entered
 * with cash, as the commonly reproduced form heads the column "gotovina/kartica") and "iznos
 * naplaćen bezgotovinski" (transakcijski račun). A set-off (obračunsko plaćanje) and anything else
 * involve no banknotes and no card slip: they go with the non-cash column (decision 029).
 */
export type KprColumn = 'cash' | 'nonCash';

export const KPR_COLUMNS = {
  CASH: 'cash',
  CARD: 'cash',
  TRANSFER: 'nonCash',
  SETOFF: 'nonCash',
  OTHER: 'nonCash',
} as const satisfies Record<PaymentRecordMethod, KprColumn>;

export function kprColumn(method: PaymentRecordMethod): KprColumn {
  return KPR_COLUMNS[method];
}

/** A payment received, as the ledger needs it: already in euro cents. */
export interface KprEntry {
  paymentId: number;
  /** The day the money arrived (yyyy-MM-dd). */
  date: string;
  invoiceNumber: string;
  method: PaymentRecordMethod;
  eurCents: number;
  /** What was paid in the invoice's own currency, for a foreign-currency invoice's row. */
  amountCents: number;
  currencyCode: string;
  /** The payment a negative row corrects. */
  correctsPaymentId: number | null;
}

export interface KprSums {
  cashCents: number;
  nonCashCents: number;
  totalCents: number;
}

export interface KprRow extends KprSums {
  /** Redni broj: 1, 2, 3 … in the order of the rows. */
  no: number;
  paymentId: number;
  date: string;
  invoiceNumber: string;
  method: PaymentRecordMethod;
  amountCents: number;
  currencyCode: string;
  correctsPaymentId: number | null;
}

export interface KprLedger {
  year: number;
  rows: KprRow[];
  /** Twelve months, January first, months without payments at 0. */
  months: (KprSums & { month: number })[];
  quarters: (KprSums & { quarter: number })[];
  total: KprSums;
}

const zero = (): KprSums => ({ cashCents: 0, nonCashCents: 0, totalCents: 0 });

function add(into: KprSums, row: KprSums): void {
  into.cashCents += row.cashCents;
  into.nonCashCents += row.nonCashCents;
  into.totalCents += row.totalCents;
}

/** The quarter (1-4) of a month (1-12). */
export const quarterOf = (month: number): number => Math.floor((month - 1) / 3) + 1;

/**
 * The year's ledger from its payments: only those paid in the year, in order of the day paid and
 * then as recorded (payment id), numbered from 1; each amount in its column, a correction as a
 * negative row; the sums per month, per quarter and for the year.
 */
export function buildKpr(year: number, entries: readonly KprEntry[]): KprLedger {
  const prefix = `${String(year).padStart(4, '0')}-`;
  const ordered = entries
    .filter((e) => e.date.startsWith(prefix))
    .sort((a, b) => (a.date === b.date ? a.paymentId - b.paymentId : a.date < b.date ? -1 : 1));
  const months = Array.from({ length: 12 }, (_, i) => ({ month: i + 1, ...zero() }));
  const quarters = Array.from({ length: 4 }, (_, i) => ({ quarter: i + 1, ...zero() }));
  const total = zero();
  const rows = ordered.map((e, i): KprRow => {
    const cash = kprColumn(e.method) === 'cash';
    const row: KprRow = {
      no: i + 1,
      paymentId: e.paymentId,
      date: e.date,
      invoiceNumber: e.invoiceNumber,
      method: e.method,
      amountCents: e.amountCents,
      currencyCode: e.currencyCode,
      correctsPaymentId: e.correctsPaymentId,
      cashCents: cash ? e.eurCents : 0,
      nonCashCents: cash ? 0 : e.eurCents,
      totalCents: e.eurCents,
    };
    const month = Number(e.date.slice(5, 7));
    add(months[month - 1] ?? zero(), row);
    add(quarters[quarterOf(month) - 1] ?? zero(), row);
    add(total, row);
    return row;
  });
  return { year, rows, months, quarters, total };
}

/** The first and last day of a quarter (yyyy-MM-dd). */
export function quarterDays(year: number, quarter: number): { from: string; to: string } {
  const y = String(year).padStart(4, '0');
  const first = (quarter - 1) * 3 + 1;
  const last = first + 2;
  const lastDay = new Date(Date.UTC(year, last, 0)).getUTCDate();
  return { from: `${y}-${String(first).padStart(2, '0')}-01`, to: `${y}-${String(last).padStart(2, '0')}-${String(lastDay)}` };
}

/**
 * The day PO-SD for a year is due: 15 January of the next year ("najkasnije 15 dana po isteku
 * kalendarske godine"; decision 029).
 */
export function posdDeadline(year: number): string {
  return `${String(year + 1).padStart(4, '0')}-01-15`;
}

export interface Posd {
  year: number;
  /** Receipts per quarter, taken from the KPR (cash and non-cash apart, and their sum). */
  quarters: (KprSums & { quarter: number; from: string; to: string })[];
  total: KprSums;
  deadline: string;
}

/** The PO-SD figures from a year's ledger. */
export function posdFrom(ledger: KprLedger): Posd {
  return {
    year: ledger.year,
    quarters: ledger.quarters.map((q) => ({ ...q, ...quarterDays(ledger.year, q.quarter) })),
    total: { ...ledger.total },
    deadline: posdDeadline(ledger.year),
  };
}
