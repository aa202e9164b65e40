import { todayInZagreb, type Dashboard } from '@faktura/shared';
import { CLEARED, ISSUED, OVERDUE } from './invoiceList';

export const THIS_YEAR = Number(todayInZagreb().slice(0, 4));

/** A dashboard answer: a busy year unless told otherwise. */
export function dashboardBody(overrides: Partial<Dashboard> = {}): Dashboard {
  const monthly = Array.from({ length: 12 }, (_, index) => ({
    month: index + 1,
    issuedEurCents: index === 2 ? 175_000 : 0,
    clearedEurCents: index === 2 ? 80_000 : 0,
    paidEurCents: index === 2 ? 90_000 : 0,
  }));
  return {
    year: THIS_YEAR,
    years: [THIS_YEAR, THIS_YEAR - 1],
    issuedEurCents: 123_450,
    clearedEurCents: 80_000,
    outstandingEurCents: 33_450,
    paidEurCents: 90_000,
    overdueCount: 2,
    overdueEurCents: 21_000,
    monthly,
    latest: [ISSUED, OVERDUE, CLEARED],
    fiscalization: { failed: 0, pending: 0, late: 0, waiting: 0, waitingUntil: null, paymentReportsFailed: 0 },
    delivery: { rejected: 0, failed: 0, notFiscalized: 0 },
    ...overrides,
  };
}
