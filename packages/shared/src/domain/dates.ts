import { firstWorkingDayOfMonth, lastWorkingDayOfPreviousMonth } from './holidays';
import { issuableBillingDate } from './issuable';

/**
 * Calendar-day arithmetic on ISO `yyyy-MM-dd` strings (UTC, so no time zone shifts a day).
 */
export function parseIsoDate(iso: string): Date {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d));
}

export function toIsoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const date = parseIsoDate(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIsoDate(date);
}

// Both clocks are made on first use: an Intl formatter with a time zone loads that zone's data
// (tens of milliseconds on a phone), which a screen that shows no date of today never needs.
let zagrebDay: Intl.DateTimeFormat | undefined;
let zagrebClock: Intl.DateTimeFormat | undefined;

/** Today in Croatia (Europe/Zagreb), as the billing-date rules mean it. */
export function todayInZagreb(now: Date = new Date()): string {
  zagrebDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' });
  return zagrebDay.format(now);
}


/** The time of day in Croatia (Europe/Zagreb) as `HH:mm:ss`: the time of issue of an invoice. */
export function timeInZagreb(now: Date = new Date()): string {
  zagrebClock ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zagreb', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return zagrebClock.format(now);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

export interface InvoiceDates {
  billingDate: string;
  deliveryDate: string;
  paymentDueDate: string;
}

/**
 * The dates a contract proposes (spec §4):
 * - RENT: the reference date is the first working day (Croatian holidays skipped) of the current month; the due date is that month
 *   with the day set to the contract's payment-due days (capped at the month's last day).
 * - other contracts: the reference date is the last working day of the previous month; the due date is
 *   the reference date plus the payment-due days.
 * Billing and delivery take the reference date, but never later than today (billing dates cannot
 * lie in the future) nor earlier than `earliest`, the earliest issuable billing date of the
 * sequence (issue 12); a due date before the billing date is raised to it.
 */
export function contractDates(type: string, paymentDueDays: number, today: string, earliest?: string): InvoiceDates {
  let reference: string;
  let due: string;
  if (type === 'RENT') {
    reference = firstWorkingDayOfMonth(today);
    const date = parseIsoDate(reference);
    const day = Math.min(Math.max(paymentDueDays, 1), daysInMonth(date.getUTCFullYear(), date.getUTCMonth()));
    date.setUTCDate(day);
    due = toIsoDate(date);
  } else {
    reference = lastWorkingDayOfPreviousMonth(today);
    due = addDays(reference, paymentDueDays);
  }
  const billing = issuableBillingDate(reference, earliest ?? reference, today);
  return raiseToBillingDate({ billingDate: billing, deliveryDate: billing, paymentDueDate: due });
}

/** Delivery and due dates are never before the billing date: they are raised to it. */
export function raiseToBillingDate(dates: InvoiceDates): InvoiceDates {
  return {
    billingDate: dates.billingDate,
    deliveryDate: dates.deliveryDate < dates.billingDate ? dates.billingDate : dates.deliveryDate,
    paymentDueDate: dates.paymentDueDate < dates.billingDate ? dates.billingDate : dates.paymentDueDate,
  };
}

