/**
 * The earliest billing date a new invoice or credit note can still be issued with (decision 004):
 * numbers follow time within a sequence (year of the billing date / premises / device), so no date
 * before the latest issued document of the sequence; and never before 1 January of the previous
 * year. Every day from this date to today can be issued; the page proposes and offers only those.
 */
export type EarliestReason = 'LAST_ISSUED' | 'YEAR_LIMIT';

export interface LatestIssued {
  billingDate: string;
  number: string;
}

export interface EarliestBillingDate {
  date: string;
  reason: EarliestReason;
  /** The document whose date bounds it, when that is the reason. */
  lastIssued: LatestIssued | null;
}

/** The oldest billing date the server takes at all: 1 January of the previous year. */
export function oldestBillingDate(today: string): string {
  return `${Number(today.slice(0, 4)) - 1}-01-01`;
}

/**
 * `thisYear` and `previousYear`: the latest issued documents of this year's and last year's
 * sequence of the premises and device. When this year's sequence has begun, a date in last year
 * would be numbered in last year's sequence after this year's invoices already exist: the range
 * starts at this year's latest, so all of it is one run of issuable days.
 */
export function earliestBillingDate(today: string, thisYear: LatestIssued | null, previousYear: LatestIssued | null): EarliestBillingDate {
  const latest = thisYear ?? previousYear;
  const floor = oldestBillingDate(today);
  if (latest && latest.billingDate > floor) return { date: latest.billingDate, reason: 'LAST_ISSUED', lastIssued: latest };
  return { date: floor, reason: 'YEAR_LIMIT', lastIssued: null };
}

/** A proposed billing date moved into the issuable range (and never past today). */
export function issuableBillingDate(proposed: string, earliest: string, today: string): string {
  if (proposed > today) return today;
  return proposed < earliest ? earliest : proposed;
}
