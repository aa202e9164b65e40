import { firstWorkingDayOfMonth, lastWorkingDayOfPreviousMonth } from './holidays';

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

/**
 * The day last asked for and the UTC hour it was asked in: Zagreb's offset from UTC is whole hours
 * (CET, CEST; since 1983), so its day changes only when a UTC hour does, and formatting with a time
 * zone costs tens of µs, on every list the API answers (issue 33 item 2).
 */
let lastDay: { hour: number; day: string } | undefined;
const HOUR_MS = 3_600_000;
const WHOLE_HOURS_SINCE = Date.UTC(1984, 0, 1);

/** Today in Croatia (Europe/Zagreb), as the billing-date rules mean it. */
export function todayInZagreb(now: Date = new Date()): string {
  const time = now.getTime();
  const hour = Math.floor(time / HOUR_MS);
  if (lastDay?.hour === hour) return lastDay.day;
  zagrebDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zagreb' });
  const day = zagrebDay.format(now);
  if (time >= WHOLE_HOURS_SINCE) lastDay = { hour, day };
  return day;
}


/** The time of day in Croatia (Europe/Zagreb) as `HH:mm:ss`: the time of issue of an invoice. */
export function timeInZagreb(now: Date = new Date()): string {
  zagrebClock ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zagreb', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  return zagrebClock.format(now);
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}

/** The first and last day of the month `iso` lies in. */
export function monthOf(iso: string): { start: string; end: string } {
  const date = parseIsoDate(iso);
  const last = daysInMonth(date.getUTCFullYear(), date.getUTCMonth());
  return { start: `${iso.slice(0, 7)}-01`, end: `${iso.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}

/** The month before the one `iso` lies in. */
export function previousMonthOf(iso: string): { start: string; end: string } {
  return monthOf(addDays(`${iso.slice(0, 7)}-01`, -1));
}

/** BT-73/74: the period a supply covers (both days included). */
export interface ServicePeriod {
  start: string;
  end: string;
}

/**
 * What a contract proposes for an invoice issued `today` (the Fiscalization Act dates the invoice
 * the day it is issued, decision 026): the month of work goes in the date and period of supply, the
 * due date counts from the day of issue.
 */
export interface ProposedDates {
  /** BT-72, the date of supply: never after the day of issue. */
  deliveryDate: string;
  /** BT-73/74, the period of supply; null when the contract proposes none. */
  servicePeriod: ServicePeriod | null;
  /** Never before the day of issue. */
  paymentDueDate: string;
}

/**
 * The dates a contract proposes for an invoice issued today:
 * - SOW, SUBCONTRACT (work done last month): the previous month as the period, its last working day
 *   (Croatian holidays skipped) as the date of supply, due `paymentDueDays` after the day of issue.
 * - RENT (the running month's rent): the current month as the period, its first working day as the
 *   date of supply (today when that is still ahead), due on the contract's day of this month (capped
 *   at the month's last day); when that day has passed, as many days from today.
 * - no contract: supplied today, due today plus the days given.
 */
export function contractDates(type: string | null | undefined, paymentDueDays: number, today: string): ProposedDates {
  if (type === 'RENT') {
    const month = monthOf(today);
    const first = firstWorkingDayOfMonth(today);
    const date = parseIsoDate(today);
    const day = Math.min(Math.max(paymentDueDays, 1), daysInMonth(date.getUTCFullYear(), date.getUTCMonth()));
    const due = `${today.slice(0, 7)}-${String(day).padStart(2, '0')}`;
    // the contract's day already past this month: as many days from today instead, never 0
    return { deliveryDate: first > today ? today : first, servicePeriod: month, paymentDueDate: due < today ? addDays(today, day) : due };
  }
  const due = addDays(today, Math.max(paymentDueDays, 0));
  if (type === 'SOW' || type === 'SUBCONTRACT') {
    return { deliveryDate: lastWorkingDayOfPreviousMonth(today), servicePeriod: previousMonthOf(today), paymentDueDate: due };
  }
  return { deliveryDate: today, servicePeriod: null, paymentDueDate: due };
}

/** Why a date of supply, period or due date cannot go on an invoice issued on `issueDate`; each with the field it concerns. */
export interface DateProblem {
  field: 'deliveryDate' | 'servicePeriod.start' | 'servicePeriod.end' | 'paymentDueDate';
  messageKey: string;
}

/**
 * The Fiscalization Act's date rules for an invoice issued on `issueDate` (decision 026): supplied
 * on or before the day of issue; a period that starts on or before it, ends on or after its start,
 * and ends after the day of issue only for rent (the running month invoiced); due on or after the
 * day of issue.
 */
export function supplyDateProblems(
  dates: { deliveryDate: string; servicePeriod?: ServicePeriod | null; paymentDueDate: string; contractType?: string | null },
  issueDate: string,
): DateProblem[] {
  const problems: DateProblem[] = [];
  if (dates.deliveryDate > issueDate) problems.push({ field: 'deliveryDate', messageKey: 'validation.supplyAfterIssue' });
  const period = dates.servicePeriod;
  if (period) {
    if (period.start > issueDate) problems.push({ field: 'servicePeriod.start', messageKey: 'validation.periodStartAfterIssue' });
    if (period.end < period.start) problems.push({ field: 'servicePeriod.end', messageKey: 'validation.periodEndBeforeStart' });
    else if (period.end > issueDate && dates.contractType !== 'RENT')
      problems.push({ field: 'servicePeriod.end', messageKey: 'validation.periodEndAfterIssue' });
  }
  if (dates.paymentDueDate < issueDate) problems.push({ field: 'paymentDueDate', messageKey: 'validation.dueBeforeIssue' });
  return problems;
}
